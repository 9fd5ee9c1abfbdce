extension ReducerStore {
  /// Instruments the store: times the stages of every action's cycle, reports slow ones,
  /// aggregates them for ``Instrumentation/report()`` and emits the targets' events; `nil`
  /// leaves the decision to the global switch.
  ///
  /// ```swift
  /// let store = StoreBuilder.reducer(initialState: SearchState(), reducer: SearchReducer())
  ///   .instrumentation(.init(label: "search", warningThreshold: .milliseconds(16)))
  /// ```
  ///
  /// Options set here win over ``Instrumentation/enabledByDefault`` and
  /// ``Instrumentation/filter``. Measurements are made only in debug builds; in release builds,
  /// only targets that emit there cost anything, and a store without them pays nothing.
  ///
  /// - Parameter options: How to instrument the store, or `nil` for the global switch's choice.
  /// - Returns: This store.
  @discardableResult
  public func instrumentation(_ options: Instrumentation.Options<Action>?) -> Self {
    setPlainInstrumentation(options: options)
    return self
  }

  /// Sets how a store whose actions are the ones users see is instrumented: each action starts a
  /// cycle, named after its case, which targets match.
  func setPlainInstrumentation(
    options: Instrumentation.Options<Action>?, measures: Bool = StageTimer.measuresInThisBuild
  ) {
    setInstrumentation(
      typeName: TypeName.of(State.self), options: options, subject: { $0 },
      role: { _ in .cycle(reduces: true) }, name: { CaseName.of($0) }, measures: measures)
  }

  /// Sets how the store is instrumented, for stores whose actions are not the ones users see (a
  /// reactor's steps): `subject` gives the action targets see, `role` how an action takes part
  /// in the stages, `name` its case name. Options of its own (non-nil) win over the global
  /// switch, which instruments the store as `typeName` with the default options otherwise.
  /// `measures` is for tests: they make a store measure nothing, as in a release build.
  @usableFromInline
  package func setInstrumentation<Subject>(
    typeName: String,
    options: Instrumentation.Options<Subject>?,
    subject: @escaping @Sendable (Action) -> Subject?,
    role: @escaping @Sendable (Action) -> StageRole,
    name: @escaping @Sendable (Action) -> String,
    measures: Bool = StageTimer.measuresInThisBuild
  ) {
    let clock = runtime.clock
    let runtime = runtime
    let make = { (options: Instrumentation.Options<Subject>) in
      StoreInstrument(
        options: options, typeName: typeName, storeClock: clock,
        reportDiagnostic: { runtime.report($0) }, subject: subject, role: role, name: name,
        measures: measures)
    }
    instrumentation = InstrumentationSetting(
      hasOwnOptions: options != nil, typeName: typeName, makeDefault: { make(.default) })
    install(options.flatMap(make))
  }

  @usableFromInline
  func install(_ instrument: StoreInstrument<Action>?) {
    self.instrument = instrument
    instrumentMeasures = instrument?.timer.measures ?? false
    instrumentHasTargets = !(instrument?.targets.isEmpty ?? true)
    inbox.setInstrument(instrument, measures: instrumentMeasures, hasTargets: instrumentHasTargets)
  }

  /// Whether anything observes the stages of the store's actions now: measurements, or
  /// targets while a handler is installed. When nothing does, the store takes its plain path.
  @inlinable
  var observesStages: Bool {
    instrumentMeasures || (instrumentHasTargets && Instrumentation.isTargetHandlerInstalled)
  }

  #if DEBUG
  /// Follows the global switch, unless the store has options of its own: checks whether the
  /// switch moved since the store last looked, and turns instrumentation on or off accordingly.
  @inlinable
  func followGlobalSwitch() {
    guard !instrumentation.hasOwnOptions,
      instrumentation.switchGeneration != Instrumentation.currentSwitchGeneration
    else { return }
    applyGlobalSwitch()
  }

  @usableFromInline
  func applyGlobalSwitch() {
    // A store nobody configured is instrumented as a plain store.
    if instrumentation.makeDefault == nil { setPlainInstrumentation(options: nil) }
    let (isOn, generation) = Instrumentation.isSwitchedOn(forType: instrumentation.typeName)
    instrumentation.switchGeneration = generation
    install(isOn ? instrumentation.makeDefault?() : nil)
  }
  #endif

  // MARK: - Stages

  /// `send`, with the stages of the action's cycle timed: its queue stage starts before the
  /// actions delivered earlier are reduced. Apart from `send` so that the plain send stays as
  /// small as it was (merged, it cost a store that is not instrumented 3 % more instructions).
  @inlinable
  func sendInstrumented(_ action: Action, reducingDeliveredActionsFirst: Bool) -> StoreTask {
    let cycle = instrument?.beginCycle(action)
    isReducing = true
    if reducingDeliveredActionsFirst { reduceDeliveredActionsWaiting() }
    let tracker = reduceInstrumented(action, cycle: cycle, tracker: nil)
    reduceActionsItCaused()
    isReducing = false
    return StoreTask(tracker: tracker)
  }

  /// Ends the queue stage of `action`'s cycle, reduces it with its reduce stage timed, and
  /// starts its effect with its effect stage timed.
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - cycle: The action's cycle, if it started one that something observes.
  ///   - tracker: The tracker the action's work counts in, if any; a timed effect's, for an
  ///     action that effect delivered, whose cycle a mutation is reduced in.
  /// - Returns: The tracker of the send, if the effect does something.
  @inlinable
  func reduceInstrumented(
    _ action: Action, cycle: ActionCycle?, tracker: EffectTracker?
  ) -> EffectTracker? {
    if let cycle {
      let timer = cycle.timer
      let now = timer.now()
      timer.ended(
        .queue, of: cycle, name: cycle.name, after: now - cycle.queuedAt, cancelled: false)
      let effect: Effect<Action>
      if cycle.reduces && cycle.observes(.reduce) {
        effect = timer.time(.reduce, of: cycle, name: cycle.name, startingAt: now) {
          reduceObserved(action)
        }
      } else {
        effect = reduceObserved(action)
      }
      return effect.isNone ? nil : startTimed(effect, of: action, in: cycle, tracker: tracker)
    }
    let effect: Effect<Action>
    if let instrument, case .reduction = instrument.role(action) {
      // A mutation: reduced in the cycle of the action whose effect delivered it.
      let deliveringCycle = tracker?.timing?.cycle
      let timer = instrument.timer
      if timer.measures || deliveringCycle?.observes(.reduce) == true {
        let name = timer.measures ? instrument.name(action) : nil
        effect = timer.time(.reduce, of: deliveringCycle, name: name) { reduceObserved(action) }
      } else {
        effect = reduceObserved(action)
      }
    } else {
      effect = reduceObserved(action)
    }
    return effect.isNone ? nil : start(effect, of: action, tracker: tracker?.root)
  }

  /// Starts the effect of an action whose cycle is observed: builds a deferred effect first, in
  /// the cycle (where a reactable's `mutate` stage is timed), then starts it, counted by a
  /// tracker of its own when its effect stage is timed or the reductions of its mutations are.
  @inlinable
  func startTimed(
    _ effect: Effect<Action>, of action: Action, in cycle: ActionCycle, tracker: EffectTracker?
  ) -> EffectTracker? {
    var effect = effect
    if case .deferred(let build) = effect.operation {
      let outer = buildingCycle
      buildingCycle = cycle
      effect = build()
      buildingCycle = outer
    }
    if effect.isNone { return tracker?.root }
    guard cycle.observes(.effect) || cycle.observes(.reduce) else {
      return start(effect, of: action, tracker: tracker?.root)
    }
    let root = tracker?.root ?? EffectTracker(runtime: runtime, origin: action)
    let timer = cycle.timer
    let startedAt = timer.now()
    timer.started(.effect, of: cycle)
    let timed = EffectTracker(
      runtime: runtime, origin: root.origin,
      timing: EffectTiming(parent: root, cycle: cycle) { cancelled in
        timer.ended(
          .effect, of: cycle, name: cycle.name, after: timer.now() - startedAt,
          cancelled: cancelled)
      })
    // Held while the effect starts, so that one starting no work ends here.
    timed.begin()
    _ = start(effect, of: action, tracker: timed)
    timed.end()
    return root
  }
}

/// How a store is instrumented: by options of its own, or by the global switch, which it
/// follows in debug builds.
@usableFromInline
struct InstrumentationSetting<Action: Sendable> {
  /// Whether the store has options of its own, which win over the global switch.
  @usableFromInline var hasOwnOptions = false
  /// The name the global filter sees.
  var typeName = ""
  /// Makes the instrumentation the global switch gives the store.
  var makeDefault: (() -> StoreInstrument<Action>?)?
  /// The generation of the global switch the store last followed.
  @usableFromInline var switchGeneration = UInt64.max

  @usableFromInline
  init() {}

  init(
    hasOwnOptions: Bool, typeName: String, makeDefault: @escaping () -> StoreInstrument<Action>?
  ) {
    self.hasOwnOptions = hasOwnOptions
    self.typeName = typeName
    self.makeDefault = makeDefault
  }
}

@available(*, unavailable)
extension InstrumentationSetting: Sendable {}
