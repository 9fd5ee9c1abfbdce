extension ReducerStore {
  /// Instruments the store: times the stages of every action's cycle, reports slow ones,
  /// aggregates them for ``Instrumentation/report()`` and emits the targets' events; `nil`
  /// leaves the decision to the global switch.
  ///
  /// ```swift
  /// let store = ReducerStore(initialState: SearchState(), reducer: SearchReducer())
  ///   .instrumentation(.init(label: "search", warningThreshold: .milliseconds(16)))
  /// ```
  ///
  /// Options set here win over ``Instrumentation/enabledByDefault`` and
  /// ``Instrumentation/filter``. Measurements are made only in debug builds; in release builds,
  /// only targets that emit there cost anything, and a store without them pays nothing.
  ///
  /// - Parameter options: How to instrument the store, or `nil` for the global switch's choice.
  /// - Returns: This store.
  @inlinable
  @discardableResult
  public func instrumentation(_ options: Instrumentation.Options<Action>?) -> Self {
    setPlainInstrumentation(options: options)
    return self
  }

  /// Sets how a store whose actions are the ones users see is instrumented: each action starts a
  /// cycle, named after its case, which targets match.
  @inlinable
  func setPlainInstrumentation(
    options: Instrumentation.Options<Action>?, measures: Bool = StageTimer.measuresInThisBuild
  ) {
    setInstrumentation(
      for: State.self, options: options, subject: { $0 }, role: { _ in .cycle(reduces: true) },
      naming: { $0 }, measures: measures)
  }

  /// Sets how the store is instrumented, for stores whose actions are not the ones users see;
  /// see ``StoreDriver/instrument(_:as:options:subject:role:naming:measures:)``.
  @inlinable
  func setInstrumentation<Subject>(
    for type: Any.Type,
    options: Instrumentation.Options<Subject>?,
    subject: @escaping @Sendable (Action) -> Subject?,
    role: @escaping @Sendable (Action) -> StoreDriver.StageRole,
    naming: @escaping @Sendable (Action) -> Any,
    measures: Bool = StageTimer.measuresInThisBuild
  ) {
    let typeName = TypeName.of(type)
    let name: @Sendable (Action) -> String = { CaseName.of(naming($0)) }
    let clock = kernel.runtime.clock
    let runtime = kernel.runtime
    let make = { (options: Instrumentation.Options<Subject>) in
      StoreInstrument(
        options: options, typeName: typeName, storeClock: clock,
        reportDiagnostic: { runtime.report($0) }, subject: subject, role: role, name: name,
        measures: measures)
    }
    #if DEBUG
    guard options != nil else {
      return followGlobalSwitch(typeName: typeName) { make(.default) }
    }
    stopFollowingGlobalSwitch()
    #endif
    useInstrument(options.flatMap(make))
  }

  #if DEBUG
  /// Follows the global switch: instrumented with what `makeDefault` makes while it is on for
  /// `typeName`, not instrumented while it is off.
  @usableFromInline
  func followGlobalSwitch(
    typeName: String, makeDefault: @escaping () -> StoreInstrument<Action>?
  ) {
    InstrumentationSwitch.follow(self, typeName: typeName) { [weak self] isOn in
      self?.useInstrument(isOn ? makeDefault() : nil)
    }
  }

  /// Stops following the global switch: the store has options of its own.
  @usableFromInline
  func stopFollowingGlobalSwitch() {
    InstrumentationSwitch.stopFollowing(self)
  }
  #endif

  /// Instruments the store with `instrument`, in place of its instrumentation; none when nil.
  /// Inlinable, like everything that leads here, so that the extension is installed, and its
  /// hooks called, specialized: run generically, they look up generic metadata on every action
  /// of a store with targets (`instrument.targets.noHandler`; see Benchmarks/NOTES.md).
  @inlinable
  func useInstrument(_ instrument: StoreInstrument<Action>?) {
    if let installed = installedExtension(ofType: InstrumentedStages<State, Action>.self) {
      remove(installed)
    }
    if let instrument { install(InstrumentedStages<State, Action>(instrument: instrument)) }
  }

  /// The store's instrumentation while it is on.
  var instrument: StoreInstrument<Action>? {
    installedExtension(ofType: InstrumentedStages<State, Action>.self)?.instrument
  }

  /// Follows the global switch with the default instrumentation of a plain store, unless the
  /// store has options of its own; called when the store is made. In release builds the
  /// default instrumentation does nothing, and the store does not follow.
  @inlinable
  func followGlobalInstrumentationSwitch() {
    #if DEBUG
    setPlainInstrumentation(options: nil)
    #endif
  }

  /// Times the stage `stage` of the action the store is handling; see
  /// ``StoreDriver/time(_:in:_:)``.
  @inlinable
  func timeStage<Result>(
    _ stage: Instrumentation.Stage, _ body: () -> Result
  ) -> Result {
    guard kernel.extensions.markingCount > 0,
      let stages = installedExtension(ofType: InstrumentedStages<State, Action>.self),
      let cycle = stages.handledCycle, cycle.observes(stage)
    else { return body() }
    return cycle.timer.time(stage, of: cycle, name: cycle.name, body)
  }
}

/// A store's instrumentation, as its extension: it marks each action with its cycle as it
/// arrives (the `queue` stage starts), ends the `queue` stage and times the `reduce` stage
/// around its reduction, and times the `effect` stage until the action's effect has finished and
/// the actions it delivered have been reduced. A mutation of a two-phase store is reduced in the
/// cycle of the action whose effect delivered it.
@MainActor
@usableFromInline
final class InstrumentedStages<State, Action: Sendable>: @MainActor StoreExtension {
  @usableFromInline let instrument: StoreInstrument<Action>
  /// The `reduce` stage being timed: the cycle it belongs to, its name and when it started.
  @usableFromInline var reduction: (cycle: ActionCycle?, name: String?, start: Duration)?
  /// The cycle of the action being handled, from its `willReduce` to its `didReduce`: the store
  /// builds the action's effect meanwhile (see ``ReducerStore/timeStage(_:_:)``).
  @usableFromInline var handledCycle: ActionCycle?

  @usableFromInline
  init(instrument: StoreInstrument<Action>) {
    self.instrument = instrument
  }

  @usableFromInline
  var hooks: StoreHooks { [.willReduce, .didReduce, .effects] }

  /// Marks each action with its cycle as it arrives; with no switch while measuring, otherwise
  /// the targets' handler's: the store then asks for marks only while a handler hears the
  /// targets. A dropped action ends its `queue` stage, cancelled.
  @usableFromInline
  var marker: ActionMarker<Action>? {
    ActionMarker(
      switch: instrument.measures ? nil : Instrumentation.targetHandlerSwitch,
      mark: { [instrument] in instrument.mark($0) },
      dropped: { mark in
        guard let cycle = mark as? ActionCycle else { return }
        let timer = cycle.timer
        timer.ended(
          .queue, of: cycle, name: cycle.name, after: timer.now() - cycle.queuedAt,
          cancelled: true)
      })
  }

  @inlinable
  func willReduce(_ action: Action, origin: ActionOrigin<Action>) {
    let timer = instrument.timer
    if let cycle = origin.mark as? ActionCycle {
      handledCycle = cycle
      let now = timer.now()
      timer.ended(
        .queue, of: cycle, name: cycle.name, after: now - cycle.queuedAt, cancelled: false)
      guard cycle.reduces && cycle.observes(.reduce) else { return }
      timer.started(.reduce, of: cycle)
      reduction = (cycle, cycle.name, now)
    } else if case .reduction = instrument.role(action) {
      // A mutation: reduced in the cycle of the action whose effect delivered it.
      let delivering = origin.causingMark as? ActionCycle
      guard timer.measures || delivering?.observes(.reduce) == true else { return }
      timer.started(.reduce, of: delivering)
      reduction = (delivering, timer.measures ? instrument.name(action) : nil, timer.now())
    }
  }

  @inlinable
  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    handledCycle = nil
    guard let reduction else { return }
    self.reduction = nil
    let timer = instrument.timer
    timer.ended(
      .reduce, of: reduction.cycle, name: reduction.name, after: timer.now() - reduction.start,
      cancelled: false)
  }

  @inlinable
  func effectStarted(
    by action: Action, origin: ActionOrigin<Action>
  ) -> (@Sendable (Bool) -> Void)? {
    guard let cycle = origin.mark as? ActionCycle, cycle.observes(.effect) else { return nil }
    let timer = cycle.timer
    let startedAt = timer.now()
    timer.started(.effect, of: cycle)
    return { cancelled in
      timer.ended(
        .effect, of: cycle, name: cycle.name, after: timer.now() - startedAt,
        cancelled: cancelled)
    }
  }
}
