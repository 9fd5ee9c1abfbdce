public import Observation

/// The root store: it owns the state, the action buffer and the effect runtime.
///
/// Build one with ``StoreBuilder/reducer(initialState:reducer:clock:)``. Sending reduces on the
/// main actor before ``send(_:)`` returns:
///
/// ```swift
/// let store = StoreBuilder.reducer(initialState: CounterState(), reducer: CounterReducer())
/// store.send(.increment)
/// store.send(.increment)
/// print(store.state.count)  // 2
/// ```
///
/// When the store is deinitialized, its ``EffectLifetime/storeBound`` and
/// ``EffectLifetime/replaceable(_:)`` effects are cancelled and actions still in the buffer are
/// dropped; ``EffectLifetime/detached`` effects keep running and the actions they deliver later
/// are dropped quietly. Effects never keep the store alive; scoped stores do.
@MainActor
public final class ReducerStore<State, Action: Sendable>: Store {
  // The send path is `@inlinable` so that it is specialized for the caller's state and action
  // types: unspecialized, every generic type it touches costs a run-time metadata lookup, which
  // made a send cost ten times the reducer (see the Performance article). Everything it touches
  // is therefore `@usableFromInline`; the rare paths (buffering, draining, starting effects)
  // stay out of line.

  /// The state without observation tracking, for the store's own machinery.
  @usableFromInline package internal(set) var currentState: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  @usableFromInline let registrar: ObservationRegistrar
  /// `\.state`, made once: a key path into a generic class is instantiated at run time.
  @usableFromInline let stateKeyPath: KeyPath<ReducerStore, State>
  @usableFromInline let stateIsReference: Bool
  /// Whether `send` first reduces the actions effects delivered. Not on a manual clock, whose
  /// settle points alone reduce them, so that nothing moves between two settle points.
  @usableFromInline let sendReducesDeliveredActions: Bool

  /// Actions waiting on the main actor, oldest first from `queueHead`. These three are unchecked
  /// for exclusivity, like the flags below: they are read and written on the main actor only,
  /// calling nothing meanwhile, and checked accesses cost an action that sends another (a
  /// reactable's) a fifth of its time.
  @exclusivity(unchecked) @usableFromInline var queue: [ActionInbox<Action>.Entry] = []
  @exclusivity(unchecked) @usableFromInline var queueHead = 0
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// The number of actions reduced; scoped stores keep their projection until it changes.
  @usableFromInline var version: UInt64 = 0
  /// Makes what a store scoped from this one needs of it; set by `connect()`, so that the
  /// functions it holds are specialized.
  @usableFromInline var makeScopeParent: (() -> ScopeParent<Action>)?
  /// Who watches every reduction (logging, the test store); empty unless configured.
  @usableFromInline var reduceObservers: [ReduceObserver<State, Action>] = []
  /// The observers of the state (`observe`, `states`, ...), of this store and of the stores
  /// scoped from it; empty unless someone observes. Unchecked for exclusivity: it is read and
  /// written on the main actor only, and a reduction calls a copy of it.
  @exclusivity(unchecked) @usableFromInline var subscriptions = ReductionSubscriptions<State>()
  /// Whether `reduceObservers` has anyone, and whether `subscriptions` has: the checks a
  /// reduction makes when nobody watches. Unchecked for exclusivity, like the scoped store's
  /// cache: they are read and written on the main actor, calling nothing meanwhile, and a
  /// checked read cost a store with no observers 7 % of its send.
  @exclusivity(unchecked) @usableFromInline var hasReduceObservers = false
  @exclusivity(unchecked) @usableFromInline var hasSubscriptions = false
  /// Whether the store is registered with ``OutsideChanges``: from when it is made if the
  /// process has shared values then, else from its first subscription.
  private var followsOutsideChanges = false

  /// The store's instrumentation while it is on; see `ReducerStore+Instrumentation.swift`.
  /// Unchecked for exclusivity, like the flags: every action reads it.
  @exclusivity(unchecked) @usableFromInline var instrument: StoreInstrument<Action>?
  /// Whether `instrument` measures, and whether it has targets: what `observesStages` reads
  /// without touching it (and retaining it) on every action.
  @exclusivity(unchecked) @usableFromInline var instrumentMeasures = false
  @exclusivity(unchecked) @usableFromInline var instrumentHasTargets = false
  /// How the store is instrumented: by its own options, or by the global switch.
  @usableFromInline var instrumentation = InstrumentationSetting<Action>()
  /// The cycle of the action whose effect is being built, for the `mutate` stage.
  @exclusivity(unchecked) @usableFromInline var buildingCycle: ActionCycle?

  /// The dependencies every reduction of the store runs with and its effects start with, when
  /// set (a test store's); when nil, those in force where each action is sent.
  @usableFromInline package var dependencies: DependencyValues?

  @usableFromInline nonisolated let inbox = ActionInbox<Action>()
  @usableFromInline nonisolated let runtime: EffectRuntime

  @usableFromInline
  init(
    initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>
  ) {
    self.currentState = initialState
    self.registrar = ObservationRegistrar()
    self.reduce = reduce
    self.stateIsReference = State.self is AnyObject.Type
    self.stateKeyPath = \ReducerStore.state
    self.runtime = EffectRuntime(clock: clock)
    self.sendReducesDeliveredActions = runtime.manualClock == nil
  }

  /// Makes the functions that the inbox, a manual clock and scoped stores call back into this
  /// store. Called by the builder, where the store's types are known, so they run specialized.
  @inlinable
  func connect() {
    // The factory must not keep the store alive (it is stored in it); the function it makes
    // holds the store strongly, as the scoped store that keeps it does.
    makeScopeParent = { [unowned(unsafe) self] in
      ScopeParent(
        root: self,
        isCacheable: !self.stateIsReference,
        rootVersion: { [self] in
          self.registrar.access(self, keyPath: self.stateKeyPath)
          return self.version
        },
        forwarder: ActionForwarder { [self] in self.send($0) },
        enqueuer: ActionEnqueuer { [inbox = self.inbox] in inbox.append($0, tracker: nil) },
        observing: ReductionObserving { [self] subscription, call in
          self.subscribe(subscription) { _ in call() }
        })
    }
    followOutsideChangesIfSharing()
    if let clock = runtime.manualClock {
      inbox.setWake { clock.signalActivity() }
      clock.register(ObjectIdentifier(runtime)) { [weak self] in self?.drainInbox() ?? false }
    } else {
      inbox.setWake { [weak self] in
        Task { @MainActor in self?.drainInbox() }
      }
    }
  }

  deinit {
    runtime.manualClock?.unregister(ObjectIdentifier(runtime))
    // Actions a drain left for the next one are dropped, as those in the inbox are.
    for entry in queue[queueHead...] { entry.tracker?.endCancelled() }
    inbox.close()
    runtime.close()
  }

  /// The clock the store's effects use for time; see ``EffectContext/clock``.
  public nonisolated var clock: any Clock<Duration> {
    runtime.clock
  }

  /// The current state. Reading it inside `withObservationTracking` tracks every change made by
  /// the reducer.
  @inlinable
  public var state: State {
    registrar.access(self, keyPath: stateKeyPath)
    return currentState
  }

  /// Receives what the store reports about problems that did not stop it, such as an effect that
  /// threw without a `catch:` handler. By default it writes the diagnostic to standard error.
  ///
  /// It is called on the thread of the effect that failed, also for detached effects after the
  /// store is gone, so it must be safe to call from any thread.
  ///
  /// ```swift
  /// store.diagnosticHandler = { diagnostic in logger.error("\(diagnostic)") }
  /// ```
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { runtime.diagnosticHandler }
    set { runtime.diagnosticHandler = newValue }
  }

  /// Sends an action and reduces it, and every action it causes synchronously, before returning.
  ///
  /// Called while the store is already reducing, it appends the action to the buffer; the action
  /// is reduced after the current one, before the outer `send` returns. The actions that effects
  /// and other threads delivered before the call are reduced first, and those delivered while it
  /// reduces (the ones there when it is done) after; actions that arrive later wait for the
  /// store's next drain. On a ``ManualClock``, only its settle points reduce delivered actions.
  ///
  /// - Parameter action: The action to reduce.
  /// - Returns: A handle on the effects the action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    send(action, reducingDeliveredActionsFirst: sendReducesDeliveredActions)
  }

  /// Sends an action; reduces the actions effects delivered first only when told to. The test
  /// store says no, so that the first reduction of its `send` is the sent action's.
  @inlinable
  @discardableResult
  package func send(_ action: Action, reducingDeliveredActionsFirst: Bool) -> StoreTask {
    if isReducing { return buffer(action) }
    #if DEBUG
    followGlobalSwitch()
    #endif
    if observesStages {
      return sendInstrumented(action, reducingDeliveredActionsFirst: reducingDeliveredActionsFirst)
    }
    isReducing = true
    if reducingDeliveredActionsFirst { reduceDeliveredActionsWaiting() }
    let effect = reduceObserved(action)
    let tracker = effect.isNone ? nil : start(effect, of: action, tracker: nil)
    reduceActionsItCaused()
    isReducing = false
    return StoreTask(tracker: tracker)
  }

  /// Whether `queue` holds actions not reduced yet.
  @inlinable
  var hasQueuedActions: Bool {
    queueHead < queue.count
  }

  /// Reduces, before a send's action, the actions delivered before the send: those queued and
  /// those in the inbox now, not those that arrive meanwhile.
  @inlinable
  func reduceDeliveredActionsWaiting() {
    if hasQueuedActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if inbox.hasEntries { reduceInbox() }
  }

  /// Reduces, after a send's action, the actions it sent and, when sends reduce delivered
  /// actions, those delivered while it was reduced.
  @inlinable
  func reduceActionsItCaused() {
    if hasQueuedActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if sendReducesDeliveredActions && inbox.hasEntries { reduceInbox() }
  }

  /// Whether a `send` now would reduce its action first and alone: the store is not reducing,
  /// nothing waits in its inbox, nobody watches its reductions or observes its stages. The
  /// package's two-phase reactors then call their `mutate` before sending, instead of in the
  /// action's turn.
  @inlinable
  package var reducesNextSendAlone: Bool {
    #if DEBUG
    followGlobalSwitch()
    #endif
    return !isReducing && !hasReduceObservers && !hasQueuedActions && !inbox.hasEntries
      && !observesStages
  }

  /// Calls `mutate`, the `mutate` stage of a two-phase reactor's action: the synchronous call
  /// that builds the effect of the action's mutations. The package's reactables make that call
  /// only through here, in the action's turn, so that instrumentation times it.
  @inlinable
  package func mutateStage<Mutations>(_ mutate: () -> Mutations) -> Mutations {
    guard let cycle = buildingCycle, cycle.observes(.mutate) else { return mutate() }
    return cycle.timer.time(.mutate, of: cycle, name: cycle.name, mutate)
  }

  /// Adds an action to the store's buffer from any thread or isolation domain, without blocking
  /// and without waiting; it is reduced on the main actor after the actions already there. See
  /// ``Store/enqueue(_:)``.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public nonisolated func enqueue(_ action: Action) {
    inbox.append(action, tracker: nil)
  }

  /// The number of effect tasks still running; for tests of the runtime's bookkeeping.
  package var runningEffectCount: Int {
    runtime.runningCount
  }

  /// The number of open throttle windows; for tests of the runtime's bookkeeping.
  var throttleWindowCount: Int {
    runtime.throttleWindowCount
  }

  /// The number of debounced effects waiting for their key to go quiet; for tests of the
  /// runtime's bookkeeping.
  var pendingDebounceCount: Int {
    runtime.pendingDebounceCount
  }

  /// Reduces the actions effects and other threads delivered until now (not those that arrive
  /// meanwhile), and the actions they send; for the test store, which keeps them apart from the
  /// reduction of the action it sends next, and for a shutdown that waits for them.
  package func reduceDeliveredActions() {
    guard !isReducing else { return }
    #if DEBUG
    followGlobalSwitch()
    #endif
    isReducing = true
    reduceDeliveredActionsWaiting()
    isReducing = false
  }

  /// Installs `observer` in place of the one with the same role.
  package func setReduceObserver(_ observer: ReduceObserver<State, Action>) {
    removeReduceObserver(for: observer.role)
    reduceObservers.append(observer)
    hasReduceObservers = true
  }

  /// Removes the observer with `role`, if any.
  package func removeReduceObserver(for role: ReduceObserverRole) {
    reduceObservers.removeAll { $0.role == role }
    hasReduceObservers = !reduceObservers.isEmpty
  }

  // MARK: - Reducing

  /// Appends an action sent while the store is reducing; it is reduced after the current one.
  @usableFromInline
  func buffer(_ action: Action) -> StoreTask {
    let tracker = EffectTracker(runtime: runtime, origin: action)
    buffer(action, tracker: tracker)
    return StoreTask(tracker: tracker)
  }

  /// The most actions one drain reduces before it gives the main actor back: during a flood of
  /// actions from other threads, other main-actor work (a UI, a signal handler) runs between two
  /// batches.
  @usableFromInline
  static var drainBatch: Int { 4_096 }

  /// Reduces the actions effects and other threads delivered, in order, at most `limit` of them
  /// and of the actions they send, and schedules another drain if some are left. Returns whether
  /// there were any. The scheduled drain and a manual clock's settle points call it.
  @inlinable
  @discardableResult
  func drainInbox(upTo limit: Int = drainBatch) -> Bool {
    guard !isReducing else { return false }
    inbox.drainStarted()
    guard hasQueuedActions || inbox.hasEntries else { return false }
    #if DEBUG
    followGlobalSwitch()
    #endif
    isReducing = true
    reduceQueue(upTo: limit, refillingFromInbox: true)
    isReducing = false
    if hasQueuedActions || inbox.hasEntries { inbox.requestDrain() }
    return true
  }

  /// Reduces the actions waiting in the inbox now, and the actions they send, when the queue is
  /// empty: not the ones that arrive meanwhile.
  @inlinable
  func reduceInbox() {
    queue = inbox.takeAll()
    queueHead = 0
    reduceQueue(upTo: .max, refillingFromInbox: false)
  }

  /// Reduces queued actions in order, and the actions they send, until the queue is empty or
  /// `limit` were reduced; when the queue is empty and `refillingFromInbox`, it takes the inbox.
  @inlinable
  func reduceQueue(upTo limit: Int, refillingFromInbox: Bool) {
    var reduced = 0
    while reduced < limit {
      if queueHead == queue.count {
        guard refillingFromInbox, inbox.hasEntries else { break }
        queue = inbox.takeAll()
        queueHead = 0
        continue
      }
      reduced += 1
      let entry = queue[queueHead]
      queueHead += 1
      if entry.gate != nil, !admits(entry) { continue }
      if entry.cycle != nil || observesStages {
        _ = reduceInstrumented(entry.action, cycle: entry.cycle, tracker: entry.tracker)
      } else {
        let effect = reduceObserved(entry.action)
        if !effect.isNone { _ = start(effect, of: entry.action, tracker: entry.tracker?.root) }
      }
      entry.tracker?.end()
    }
    guard queueHead == queue.count else { return }
    // Keep a small buffer for the next burst; give a large one back.
    queue.removeAll(keepingCapacity: queue.capacity <= 64)
    queueHead = 0
  }

  /// Whether an action an effect task delivered is still to be reduced: not if the task was
  /// cancelled (replaced, its key or its send's task cancelled) since. Ends the work of an
  /// action it drops, and gives back the key of a finished task whose last action this was.
  @usableFromInline
  func admits(_ entry: ActionInbox<Action>.Entry) -> Bool {
    guard let gate = entry.gate else { return true }
    let admitted = gate.isOpen && entry.tracker?.isCancelled != true
    gate.countReduction { runtime.release($0) }
    if !admitted { entry.tracker?.endCancelled() }
    return admitted
  }

  /// Reduces one action, with observation and the reduce observers around it.
  @inlinable
  func reduceObserved(_ action: Action) -> Effect<Action> {
    if let dependencies { return reduceObserved(action, with: dependencies) }
    return reduceObservedInForce(action)
  }

  /// Reduces one action with the store's own dependencies in force.
  @usableFromInline
  func reduceObserved(_ action: Action, with dependencies: DependencyValues) -> Effect<Action> {
    DependencyValues.$current.withValue(dependencies) { reduceObservedInForce(action) }
  }

  /// Reduces one action, with the dependencies in force, observation and the reduce observers
  /// around it.
  @inlinable
  func reduceObservedInForce(_ action: Action) -> Effect<Action> {
    let isWatched = hasReduceObservers
    if isWatched { notifyObservers(willReduce: action) }
    version &+= 1
    let effect: Effect<Action>
    if stateIsReference {
      // A class state notifies its own observers; the store notifies only when the reducer
      // replaced the instance.
      var state = currentState
      effect = reduce(&state, action)
      if !Self.isSameReference(state, currentState) {
        registrar.withMutation(of: self, keyPath: stateKeyPath) { currentState = state }
      }
    } else {
      effect = registrar.withMutation(of: self, keyPath: stateKeyPath) {
        reduce(&currentState, action)
      }
    }
    if isWatched { notifyObservers(didReduce: action) }
    if hasSubscriptions { notifySubscriptions() }
    return effect
  }

  /// Whether two class-typed states are the same instance: their bits (one reference) are equal.
  /// Cheaper than `===` through `AnyObject`, which boxes and casts at run time on Linux.
  @inlinable
  static func isSameReference(_ lhs: State, _ rhs: State) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) } }
  }

  @usableFromInline
  func notifyObservers(willReduce action: Action) {
    for observer in reduceObservers { observer.willReduce(action) }
  }

  @usableFromInline
  func notifyObservers(didReduce action: Action) {
    for observer in reduceObservers { observer.didReduce(action, currentState) }
  }

  /// Calls the state's observers (after an outside change, those that follow one); on a copy
  /// of the list, since they may observe or stop.
  @inlinable
  func notifySubscriptions(outsideChange: Bool = false) {
    let current = subscriptions
    if current.notify(currentState, outsideChange: outsideChange) {
      subscriptions.removeEnded()
      hasSubscriptions = !subscriptions.isEmpty
    }
  }

  /// Adds an observer of the state, called with it after each reduced action until
  /// `subscription` ends.
  @usableFromInline
  func subscribe(_ subscription: ReductionSubscription, call: @escaping (State) -> Void) {
    subscriptions.add(subscription, call: call)
    hasSubscriptions = true
    followOutsideChanges()
  }

  /// Registers the store with ``OutsideChanges`` if the process has values held by reference.
  @usableFromInline
  func followOutsideChangesIfSharing() {
    if OutsideChanges.isInUse { followOutsideChanges() }
  }

  /// Registers the store with ``OutsideChanges``, unless it is registered.
  func followOutsideChanges() {
    guard !followsOutsideChanges else { return }
    followsOutsideChanges = true
    OutsideChanges.register(self) { $0.didChangeOutside() }
  }

  /// Tells Observation and the subscriptions that follow outside changes that a value the state
  /// holds by reference changed.
  func didChangeOutside() {
    registrar.withMutation(of: self, keyPath: stateKeyPath) {}
    notifySubscriptions(outsideChange: true)
  }

  /// Starts the effect that reducing `action` returned, counting its work in `tracker` (a new one
  /// when nil, whose origin is `action`); returns the tracker. Inlinable, so that the effects
  /// that deliver at once and the deferred ones cost no generic code.
  @inlinable
  func start(
    _ effect: Effect<Action>, of action: Action, tracker: EffectTracker?
  ) -> EffectTracker {
    let tracker = tracker ?? EffectTracker(runtime: runtime, origin: action)
    switch effect.operation {
    case .send(let action):
      buffer(action, tracker: tracker)
    case .deferred(let build):
      // Built now, between reductions: `build` may read the state.
      _ = start(build(), of: action, tracker: tracker)
    default:
      startOnRuntime(effect, tracker: tracker)
    }
    return tracker
  }

  /// Starts an effect that does more than deliver one action, on the effect runtime.
  @usableFromInline
  func startOnRuntime(_ effect: Effect<Action>, tracker: EffectTracker) {
    runtime.start(effect, send: makeSend(tracker: tracker), tracker: tracker) { action in
      buffer(action, tracker: tracker)
    }
  }

  /// Appends an action that an effect sends synchronously; it is reduced after the current one.
  @inlinable
  func buffer(_ action: Action, tracker: EffectTracker) {
    tracker.begin()
    let cycle = observesStages ? instrument?.beginCycle(action) : nil
    if queue.count == queue.capacity, queueHead >= 1024, queueHead * 2 >= queue.count {
      // Full, and half of it reduced: give that half back instead of growing, so that a drain
      // that never ends (an observer that sends on every change) keeps only what waits.
      queue.removeFirst(queueHead)
      queueHead = 0
    }
    queue.append(.init(action: action, tracker: tracker, cycle: cycle))
  }

  /// The handle of an effect starting now: it delivers into the inbox, and carries the
  /// dependencies in force for the reduction that returned the effect, with the store's clock.
  private func makeSend(tracker: EffectTracker) -> Send<Action> {
    let inbox = inbox
    let runtime = runtime
    var dependencies = self.dependencies ?? DependencyValues.current
    dependencies.clock = runtime.clock
    return Send(
      deliver: { action, gate in inbox.append(action, tracker: tracker, gate: gate) },
      report: { diagnostic in runtime.report(diagnostic) },
      dependencies: dependencies)
  }
}

extension ReducerStore: ScopeSource {
  @usableFromInline
  var scopeParent: ScopeParent<Action> {
    guard let makeScopeParent else { preconditionFailure("ReducerStore.connect() was not called") }
    return makeScopeParent()
  }
}
