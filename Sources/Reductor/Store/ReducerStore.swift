public import Observation

/// The root store: it owns the state, the action buffer and the effect runtime.
///
/// Build one with ``init(initialState:reducer:clock:)``. Sending reduces on the main actor
/// before ``send(_:)`` returns:
///
/// ```swift
/// let store = ReducerStore(initialState: CounterState(), reducer: CounterReducer())
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
  // made a send cost ten times the reducer (see Benchmarks/NOTES.md). Everything it touches
  // is therefore `@usableFromInline`; the rare paths (starting effects on the runtime, installing
  // extensions) stay out of line.

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
  /// The queue, the extensions and the rest of the store's main-actor bookkeeping; its one
  /// access without exclusivity checks, see ``StoreKernel``.
  @exclusivity(unchecked) @usableFromInline var kernel = StoreKernel<State, Action>()
  /// Makes what a store scoped from this one needs of it; set by `connect()`, so that the
  /// functions it holds are specialized.
  @usableFromInline var makeScopeParent: (() -> ScopeParent<Action>)?
  /// How the store is instrumented: by its own options, or by the global switch.
  @usableFromInline var instrumentation = InstrumentationSetting<Action>()

  /// The dependencies every reduction of the store runs with and its effects start with, when
  /// set (a test store's); when nil, those in force where each action is sent. Kept in the
  /// kernel, whose accesses are not checked: every action reads it.
  @inlinable package var dependencies: DependencyValues? {
    get { kernel.dependencies }
    set { kernel.dependencies = newValue }
  }

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

  /// Creates a store that reduces `initialState` with `reducer`, on `clock`.
  ///
  /// ```swift
  /// let store = ReducerStore(initialState: CounterState(), reducer: CounterReducer())
  /// store.send(.increment)
  /// ```
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The reducer of every action.
  ///   - clock: The clock of the store's effects; a `ContinuousClock` by default, a
  ///     ``ManualClock`` in tests.
  @inlinable
  public convenience init<R: Reducer>(
    initialState: State, reducer: R, clock: any Clock<Duration> = ContinuousClock()
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState,
      reduce: { state, action in reducer.reduce(into: &state, action: action) },
      clock: clock)
    connect()
  }

  /// Makes the functions that the inbox, a manual clock and scoped stores call back into this
  /// store. Called by the initializers, inlined where the store's types are known, so they run
  /// specialized.
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
          return self.kernel.version
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

  isolated deinit {
    runtime.manualClock?.unregister(ObjectIdentifier(runtime))
    // Actions a drain left for the next one are dropped, as those in the inbox are.
    for entry in kernel.queue[kernel.queueHead...] {
      entry.tracker?.endCancelled()
      if let mark = entry.mark { kernel.dropped?(mark) }
    }
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

  /// Sends an action; reduces the actions effects delivered first only when told to. The
  /// package's two-phase reactors say no when they built the action's mutations before sending.
  @inlinable
  @discardableResult
  package func send(_ action: Action, reducingDeliveredActionsFirst: Bool) -> StoreTask {
    if kernel.isReducing { return buffer(action) }
    #if DEBUG
    followGlobalSwitch()
    #endif
    kernel.isReducing = true
    if reducingDeliveredActionsFirst { reduceDeliveredActionsWaiting() }
    let mark = kernel.marker?(action)
    let tracker = handle(action, tracker: nil, mark: mark, isSent: true)
    reduceActionsItCaused()
    kernel.isReducing = false
    if kernel.isDrainDeferred { drainDeferred() }
    return StoreTask(tracker: tracker)
  }

  /// Reduces, before a send's action, the actions delivered before the send: those queued and
  /// those in the inbox now, not those that arrive meanwhile.
  @inlinable
  func reduceDeliveredActionsWaiting() {
    if kernel.hasQueuedActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if inbox.hasEntries { reduceInbox() }
  }

  /// Reduces, after a send's action, the actions it sent and, when sends reduce delivered
  /// actions, those delivered while it was reduced.
  @inlinable
  func reduceActionsItCaused() {
    if kernel.hasQueuedActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if sendReducesDeliveredActions && inbox.hasEntries { reduceInbox() }
  }

  /// Whether a `send` now would reduce its action first and alone: the store is not reducing,
  /// nothing waits, and no extension watches or marks. The package's two-phase reactors then call
  /// their `mutate` before sending, instead of in the action's turn.
  @inlinable
  package var reducesNextSendAlone: Bool {
    #if DEBUG
    followGlobalSwitch()
    #endif
    return !kernel.isReducing && kernel.hooks.isEmpty && kernel.marking == nil
      && !kernel.hasQueuedActions && !inbox.hasEntries
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
  var runningEffectCount: Int {
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
    guard !kernel.isReducing else { return }
    #if DEBUG
    followGlobalSwitch()
    #endif
    kernel.isReducing = true
    reduceDeliveredActionsWaiting()
    kernel.isReducing = false
    if kernel.isDrainDeferred { drainDeferred() }
  }

  // MARK: - Reducing

  /// Appends an action sent while the store is reducing; it is reduced after the current one.
  @usableFromInline
  func buffer(_ action: Action) -> StoreTask {
    let tracker = EffectTracker(runtime: runtime, action: action)
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
    guard !kernel.isReducing else {
      // A main-actor job during a reduction (a nested run loop): the reduction's end drains.
      kernel.isDrainDeferred = true
      return false
    }
    inbox.drainStarted()
    guard kernel.hasQueuedActions || inbox.hasEntries else { return false }
    #if DEBUG
    followGlobalSwitch()
    #endif
    kernel.isReducing = true
    reduceQueue(upTo: limit, refillingFromInbox: true)
    kernel.isReducing = false
    if kernel.isDrainDeferred { drainDeferred() }
    if kernel.hasQueuedActions || inbox.hasEntries { inbox.requestDrain() }
    return true
  }

  /// Schedules the drain that a reduction put off: the one that found the store reducing.
  @usableFromInline
  func drainDeferred() {
    kernel.isDrainDeferred = false
    inbox.drainStarted()
    if kernel.hasQueuedActions || inbox.hasEntries { inbox.requestDrain() }
  }

  /// Reduces the actions waiting in the inbox now, and the actions they send, when the queue is
  /// empty: not the ones that arrive meanwhile.
  @inlinable
  func reduceInbox() {
    kernel.queue = inbox.takeAll()
    kernel.queueHead = 0
    reduceQueue(upTo: .max, refillingFromInbox: false)
  }

  /// Reduces queued actions in order, and the actions they send, until the queue is empty or
  /// `limit` were reduced; when the queue is empty and `refillingFromInbox`, it takes the inbox.
  @inlinable
  func reduceQueue(upTo limit: Int, refillingFromInbox: Bool) {
    var reduced = 0
    while reduced < limit {
      if !kernel.hasQueuedActions {
        guard refillingFromInbox, inbox.hasEntries else { break }
        kernel.queue = inbox.takeAll()
        kernel.queueHead = 0
        continue
      }
      reduced += 1
      let entry = kernel.queue[kernel.queueHead]
      kernel.queueHead += 1
      if entry.gate != nil, !admits(entry) { continue }
      _ = handle(entry.action, tracker: entry.tracker, mark: entry.mark, isSent: false)
      entry.tracker?.end()
    }
    guard !kernel.hasQueuedActions else { return }
    // Keep a small buffer for the next burst; give a large one back.
    kernel.queue.removeAll(keepingCapacity: kernel.queue.capacity <= 64)
    kernel.queueHead = 0
  }

  /// Whether an action an effect task delivered is still to be reduced: not if the task was
  /// cancelled (replaced, its key or its send's task cancelled) since. Ends the work of an
  /// action it drops, and gives back the key of a finished task whose last action this was.
  @usableFromInline
  func admits(_ entry: ActionInbox<Action>.Entry) -> Bool {
    guard let gate = entry.gate else { return true }
    let admitted = gate.isOpen && entry.tracker?.isCancelled != true
    gate.countReduction { runtime.release($0) }
    if !admitted {
      entry.tracker?.endCancelled()
      if let mark = entry.mark { kernel.dropped?(mark) }
    }
    return admitted
  }

  /// Reduces one action, with the hooks of the extensions around it, and starts its effect.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - tracker: The tracker it was queued with: the child of the action whose effect delivered
  ///     it, or the root of a send made while the store was reducing; nil for a send now and
  ///     for an enqueued action.
  ///   - mark: Its mark, if the marking extension marked it.
  ///   - isSent: Whether `send` hands it over now.
  /// - Returns: The root tracker of the work its effect does, if it does any.
  @inlinable
  func handle(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool
  ) -> EffectTracker? {
    guard kernel.hooks.isEmpty, mark == nil, tracker?.mark == nil else {
      guard let dependencies else {
        return handleWatched(action, tracker: tracker, mark: mark, isSent: isSent)
      }
      return handleWatched(
        action, tracker: tracker, mark: mark, isSent: isSent, with: dependencies)
    }
    let effect = reduceState(action)
    return effect.isNone ? nil : start(effect, of: action, root: tracker?.root)
  }

  /// ``handle(_:tracker:mark:isSent:)`` when extensions declared hooks, or the action is
  /// marked. The marking extension hears only of the actions it marked and of those their
  /// effects delivered (a store with targets and no handler installed marks none, and pays for
  /// its instrumentation the call that marks nothing); it hears of them first, and last after
  /// they were reduced, so that its `reduce` stage covers the other extensions' work.
  @inlinable
  func handleWatched(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool
  ) -> EffectTracker? {
    let hooks = kernel.hooks
    let deliveringMark = tracker?.mark
    let isMarked = mark != nil || deliveringMark != nil
    let origin = ActionOrigin<Action>(
      reduction: Int(truncatingIfNeeded: kernel.version &+ 1), tracker: tracker, isSent: isSent,
      mark: mark)
    if isMarked {
      kernel.mark = mark
      kernel.marking?.functions.willReduce(action, origin)
    }
    defer {
      if isMarked { kernel.mark = nil }
      if kernel.hasRemovedExtensions { forgetRemovedExtensions() }
    }
    // The extensions are read in place, by index, rather than from a copy of the list, which
    // cost a retain and a release of each extension's functions per action; one installed or
    // removed by a hook takes part from the next action on, as `count` is read first.
    if hooks.contains(.willReduce) {
      let count = kernel.extensions.count
      for index in 0..<count where index < kernel.extensions.count {
        guard kernel.extensions[index].hooks.contains(.willReduce) else { continue }
        withUnretained(kernel.extensions[index].unretainedFunctions) {
          $0.willReduce(action, origin)
        }
      }
    }
    // The store's dependencies are in force already (see `handle`): the state is reduced directly.
    var copies = StateCopies<State>(
      keepsPrevious: hooks.contains(.previousState),
      keepsState: hooks.contains(.didReduce) || isMarked)
    var effect = reduceStateInForce(action, copying: &copies)
    if let state = copies.state {
      let previous = copies.previous
      let count = kernel.extensions.count
      for index in 0..<count where index < kernel.extensions.count {
        guard kernel.extensions[index].hooks.contains(.didReduce) else { continue }
        withUnretained(kernel.extensions[index].unretainedFunctions) {
          $0.didReduce(action, origin, previous, state)
        }
      }
      if isMarked { kernel.marking?.functions.didReduce(action, origin, nil, state) }
    }
    // Built now, between reductions, so that the extensions hear of the effect it makes.
    if case .deferred(let build) = effect.operation { effect = build() }
    guard !effect.isNone else { return nil }
    var ends: [@Sendable (Bool) -> Void] = []
    if isMarked, let end = kernel.marking?.functions.effectStarted(action, origin) {
      ends.append(end)
    }
    if hooks.contains(.effects) {
      let count = kernel.extensions.count
      for index in 0..<count where index < kernel.extensions.count {
        guard kernel.extensions[index].hooks.contains(.effects) else { continue }
        let functions = kernel.extensions[index].unretainedFunctions
        if let end = withUnretained(functions, { $0.effectStarted(action, origin) }) {
          ends.append(end)
        }
      }
    }
    return start(
      effect, of: action, root: tracker?.root, mark: mark, ended: Self.calling(ends))
  }

  /// ``handleWatched(_:tracker:mark:isSent:)`` with the store's own dependencies in force: the
  /// extensions' hooks run with them too, as the reducer does.
  @usableFromInline
  func handleWatched(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool,
    with dependencies: DependencyValues
  ) -> EffectTracker? {
    DependencyValues.$current.withValue(dependencies) {
      handleWatched(action, tracker: tracker, mark: mark, isSent: isSent)
    }
  }

  /// One function that calls `ends` in order; nil when there are none.
  @inlinable
  static func calling(_ ends: [@Sendable (Bool) -> Void]) -> (@Sendable (Bool) -> Void)? {
    switch ends.count {
    case 0: nil
    case 1: ends[0]
    default: { cancelled in for end in ends { end(cancelled) } }
    }
  }

  /// Reduces one action into the state, with the store's dependencies in force and Observation
  /// told of the change.
  @inlinable
  func reduceState(_ action: Action) -> Effect<Action> {
    if let dependencies { return reduceState(action, with: dependencies) }
    return reduceStateInForce(action)
  }

  /// Reduces one action with the store's own dependencies in force.
  @usableFromInline
  func reduceState(_ action: Action, with dependencies: DependencyValues) -> Effect<Action> {
    DependencyValues.$current.withValue(dependencies) { reduceStateInForce(action) }
  }

  /// Reduces one action with the dependencies in force, and tells Observation.
  @inlinable
  func reduceStateInForce(_ action: Action) -> Effect<Action> {
    kernel.version &+= 1
    if stateIsReference {
      // A class state notifies its own observers; the store notifies only when the reducer
      // replaced the instance.
      var state = currentState
      let effect = reduce(&state, action)
      if !Self.isSameReference(state, currentState) {
        registrar.withMutation(of: self, keyPath: stateKeyPath) { currentState = state }
      }
      return effect
    }
    return registrar.withMutation(of: self, keyPath: stateKeyPath) {
      reduce(&currentState, action)
    }
  }

  /// Reduces one action with the dependencies in force, tells Observation, and keeps in
  /// `copies` the states before and after it that they ask for. A value state is copied within
  /// the reduction's access to it: reading `currentState` again is one more access checked for
  /// exclusivity at run time, 76 instructions (`observe.keyPath.changed`).
  @inlinable
  func reduceStateInForce(
    _ action: Action, copying copies: inout StateCopies<State>
  ) -> Effect<Action> {
    guard !stateIsReference else {
      // The copies of a class state are the instances before and after.
      if copies.keepsPrevious { copies.previous = currentState }
      let effect = reduceStateInForce(action)
      if copies.keepsState { copies.state = currentState }
      return effect
    }
    kernel.version &+= 1
    return registrar.withMutation(of: self, keyPath: stateKeyPath) {
      copies.reduce(&currentState, action, with: reduce)
    }
  }

  /// Whether two class-typed states are the same instance: their bits (one reference) are equal.
  /// Cheaper than `===` through `AnyObject`, which boxes and casts at run time on Linux.
  @inlinable
  static func isSameReference(_ lhs: State, _ rhs: State) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) } }
  }

  /// Starts the effect that reducing `action` returned, counting its work in a tracker of the
  /// action's own, under `root` (a new one when nil, whose action is `action`); returns the root.
  /// Inlinable, so that the effects that deliver at once and the deferred ones cost no generic
  /// code.
  @inlinable
  func start(
    _ effect: Effect<Action>, of action: Action, root: EffectTracker?,
    mark: (any AnyObject & Sendable)? = nil,
    ended: (@Sendable (Bool) -> Void)? = nil
  ) -> EffectTracker {
    let root = root ?? EffectTracker(runtime: runtime, action: action)
    // Still the number of the reduction that returned `effect`: its hooks reduce nothing.
    let tracker = EffectTracker(
      runtime: runtime, action: action, reduction: Int(truncatingIfNeeded: kernel.version),
      parent: root, mark: mark, ended: ended)
    // Held while the effect starts, so that one starting no work ends here.
    if ended != nil { tracker.begin() }
    start(effect, tracker: tracker)
    if ended != nil { tracker.end() }
    return root
  }

  /// Starts `effect`, counting its work in `tracker`.
  @inlinable
  func start(_ effect: Effect<Action>, tracker: EffectTracker) {
    switch effect.operation {
    case .send(let action):
      buffer(action, tracker: tracker)
    case .deferred(let build):
      // Built now, between reductions: `build` may read the state.
      start(build(), tracker: tracker)
    default:
      startOnRuntime(effect, tracker: tracker)
    }
  }

  /// Starts an effect that does more than deliver one action, on the effect runtime.
  @usableFromInline
  func startOnRuntime(_ effect: Effect<Action>, tracker: EffectTracker) {
    EffectRunner(runtime: runtime, send: makeSend(tracker: tracker), tracker: tracker)
      .start(effect) { action in buffer(action, tracker: tracker) }
  }

  /// Appends an action that is reduced after the current one: sent by an effect synchronously,
  /// or sent while the store reduces.
  @inlinable
  func buffer(_ action: Action, tracker: EffectTracker) {
    tracker.begin()
    let mark = kernel.marker?(action)
    if kernel.queue.count == kernel.queue.capacity, kernel.queueHead >= 1024,
      kernel.queueHead * 2 >= kernel.queue.count
    {
      // Full, and half of it reduced: give that half back instead of growing, so that a drain
      // that never ends (an observer that sends on every change) keeps only what waits.
      kernel.queue.removeFirst(kernel.queueHead)
      kernel.queueHead = 0
    }
    kernel.queue.append(.init(action: action, tracker: tracker, mark: mark))
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

/// The copies of the state before and after one reduction that the store's extensions asked
/// for.
@usableFromInline
struct StateCopies<State> {
  @usableFromInline let keepsPrevious: Bool
  @usableFromInline let keepsState: Bool
  @usableFromInline var previous: State?
  @usableFromInline var state: State?

  @inlinable
  init(keepsPrevious: Bool, keepsState: Bool) {
    self.keepsPrevious = keepsPrevious
    self.keepsState = keepsState
  }

  /// Reduces `action` into `state` with `reduce`, and copies `state` before and after it as
  /// asked.
  @inlinable
  mutating func reduce<Action>(
    _ state: inout State, _ action: Action,
    with reduce: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    if keepsPrevious { previous = state }
    let effect = reduce(&state, action)
    if keepsState { self.state = state }
    return effect
  }
}

/// Holds states of the main actor's reduction; it stays there.
@available(*, unavailable)
extension StateCopies: Sendable {}
