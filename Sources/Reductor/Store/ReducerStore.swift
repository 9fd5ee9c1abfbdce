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
  // types: unspecialized, every generic type it touches costs a run-time metadata lookup (see
  // Benchmarks/NOTES.md). Everything it touches is therefore `@usableFromInline`; the rare paths
  // (starting effects on the runtime, installing extensions) stay out of line.

  /// The kernel: the state, the queue, the reducer, the effect runtime and the extensions. This
  /// store is its owner on the main actor.
  @usableFromInline nonisolated let kernel: StoreKernel<State, Action>
  /// Makes what a store scoped from this one needs of it; set by `connect()`, so that the
  /// functions it holds are specialized.
  @usableFromInline var makeScopeParent: (() -> ScopeParent<Action>)?

  @usableFromInline
  init(
    initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>
  ) {
    kernel = StoreKernel(initialState: initialState, reduce: reduce, clock: clock)
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

  /// Connects the kernel, and makes the functions that scoped stores call back into this store.
  /// Called by the initializers, inlined where the store's types are known, so they run
  /// specialized; then the store's features that follow the process (the global
  /// instrumentation switch, shared values) attach.
  @inlinable
  func connect() {
    kernel.connect()
    kernel.setOwner(MainActor.shared)
    // The factory must not keep the store alive (it is stored in it); the function it makes
    // holds the store strongly, as the scoped store that keeps it does.
    makeScopeParent = { [unowned(unsafe) self] in
      let kernel = self.kernel
      return ScopeParent(
        root: self,
        isCacheable: !kernel.stateIsReference,
        rootVersion: {
          kernel.registrar.access(kernel, keyPath: kernel.stateKeyPath)
          return kernel.version
        },
        forwarder: ActionForwarder { [self] in self.send($0) },
        enqueuer: ActionEnqueuer { [inbox = kernel.inbox] in inbox.append($0, tracker: nil) },
        observing: ReductionObserving { [self] subscription, call in
          self.subscribe(subscription) { _ in call() }
        })
    }
    followGlobalInstrumentationSwitch()
    followOutsideChangesIfSharing()
  }

  isolated deinit {
    kernel.close()
  }

  /// The clock the store's effects use for time; see ``EffectContext/clock``.
  public nonisolated var clock: any Clock<Duration> {
    kernel.runtime.clock
  }

  /// The current state. Reading it inside `withObservationTracking` tracks every change made by
  /// the reducer.
  @inlinable
  public var state: State {
    kernel.observedState
  }

  /// The state, without an observation access.
  @inlinable
  var currentState: State {
    kernel.state
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
    get { kernel.runtime.diagnosticHandler }
    set { kernel.runtime.diagnosticHandler = newValue }
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
    kernel.send(action, reducingDeliveredActionsFirst: kernel.sendReducesDeliveredActions)
  }

  /// Adds an action to the store's buffer from any thread or isolation domain, without blocking
  /// and without waiting; it is reduced on the main actor after the actions already there. See
  /// ``Store/enqueue(_:)``.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public nonisolated func enqueue(_ action: Action) {
    kernel.inbox.append(action, tracker: nil)
  }

  /// Installs an extension: from the next action on, the store calls the hooks it declares, after
  /// those of the extensions installed before it. Installing one that is installed does nothing.
  ///
  /// ```swift
  /// let counter = ActionCounter()
  /// store.install(counter)
  /// ```
  ///
  /// - Parameter storeExtension: The extension; the store keeps it until it is removed or the
  ///   store is released.
  @inlinable
  public func install(_ storeExtension: some StoreExtension<State, Action>) {
    kernel.install(storeExtension)
  }

  /// Removes an extension; removing one that is not installed does nothing.
  ///
  /// - Parameter storeExtension: The extension.
  public func remove(_ storeExtension: some StoreExtension<State, Action>) {
    kernel.remove(storeExtension)
  }

  /// The first installed extension of type `type`, if any.
  @usableFromInline
  func installedExtension<Extension: StoreExtension>(ofType type: Extension.Type) -> Extension? {
    kernel.installedExtension(ofType: type)
  }

  // For tests of the drain: the kernel's inbox, its batch, and its drain.

  nonisolated var inbox: ActionInbox<Action> {
    kernel.inbox
  }

  static var drainBatch: Int {
    StoreKernel<State, Action>.drainBatch
  }

  @discardableResult
  func drainInbox(upTo limit: Int = drainBatch) -> Bool {
    kernel.drainInbox(upTo: limit)
  }

  /// The number of effect tasks still running; for tests of the runtime's bookkeeping.
  var runningEffectCount: Int {
    kernel.runtime.runningCount
  }

  /// The number of open throttle windows; for tests of the runtime's bookkeeping.
  var throttleWindowCount: Int {
    kernel.runtime.throttleWindowCount
  }

  /// The number of debounced effects waiting for their key to go quiet; for tests of the
  /// runtime's bookkeeping.
  var pendingDebounceCount: Int {
    kernel.runtime.pendingDebounceCount
  }

  /// The number of effect queues the store keeps; for tests of the runtime's bookkeeping.
  var queueCount: Int {
    kernel.runtime.queueCount
  }
}

extension ReducerStore: ScopeSource {
  @usableFromInline
  var scopeParent: ScopeParent<Action> {
    guard let makeScopeParent else { preconditionFailure("ReducerStore.connect() was not called") }
    return makeScopeParent()
  }
}
