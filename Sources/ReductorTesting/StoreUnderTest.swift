package import Reductor

/// A store as a `TestStore` drives it: the test's actions sent the way the program sends them,
/// and the store's reductions seen as the test's actions.
///
/// For a store of a reducer, the test's actions are the store's. For a reactor, a reactable or an
/// async reactor (`ReductorReactorTesting`) they are `ReactorTestAction`s: the test sends through
/// the owner's own `send`, and the steps of the owner's machinery are not seen; the reactor
/// module, which alone knows those steps, describes its store in the functions this is made of.
@MainActor
package struct StoreUnderTest<State, Action: Sendable> {
  /// The store's clock.
  let clock: any Clock<Duration>
  private let currentState: () -> State
  private let sendAction: (Action) async -> StoreTask?
  /// Hands the reductions made on another actor since the last call to the recorder.
  private let handOverReductions: () -> Void
  private let dependenciesGet: () -> DependencyValues?
  private let dependenciesSet: (DependencyValues) -> Void
  private let diagnosticHandlerSet: (@escaping @Sendable (StoreDiagnostic) -> Void) -> Void
  private let installRecorder: (@escaping (Action?, State) -> Void) -> Void
  private let workApartObserverSet: ((@escaping (StoreTask) -> Void) -> Void)?

  /// The store of a reducer, sent its own actions, whose reducer reduces with the dependencies
  /// `dependencies` gets and sets.
  init(
    store: ReducerStore<State, Action>,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void)
  ) {
    self.init(
      clock: store.clock, state: { store.state }, send: { store.send($0) },
      dependencies: dependencies,
      setDiagnosticHandler: { store.diagnosticHandler = $0 },
      recordReductions: { store.install(ReductionRecorder<State, Action>(record: $0)) })
  }

  /// A store on the main actor described by what the test store does with it: `clock`, its
  /// current `state`, `send` (`nil` for an action the test cannot send), the `dependencies` its
  /// reducer reduces with, `setDiagnosticHandler`, `recordReductions` (which calls its function
  /// after each reduction with the step as the test sees it, `nil` for steps it does not see,
  /// and the state after it), and `trackWorkApart` (which calls its function with each piece of
  /// work the store starts apart from the sends). `send` keeps the object that owns the store
  /// alive for as long as the test store.
  package init(
    clock: any Clock<Duration>,
    state: @escaping () -> State,
    send: @escaping (Action) -> StoreTask?,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void),
    setDiagnosticHandler: @escaping (@escaping @Sendable (StoreDiagnostic) -> Void) -> Void,
    recordReductions: @escaping (@escaping (Action?, State) -> Void) -> Void,
    trackWorkApart: ((@escaping (StoreTask) -> Void) -> Void)? = nil
  ) {
    self.clock = clock
    currentState = state
    sendAction = send
    handOverReductions = {}
    dependenciesGet = dependencies.get
    dependenciesSet = dependencies.set
    diagnosticHandlerSet = setDiagnosticHandler
    installRecorder = recordReductions
    workApartObserverSet = trackWorkApart
  }

  /// A store that `owner`, an actor of the test's, owns, on `clock`: the test's actions are
  /// sent on that actor, and `reductions` keeps what it reduced there until the test store takes
  /// it. The store's reducer records into `reductions`, and reduces with the dependencies
  /// `dependencies` gets and sets.
  init(
    store: ActorStore<State, Action>,
    owner: any Actor,
    clock: ManualClock,
    reductions: ReductionLog<State, Action>,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void)
  ) {
    self.clock = clock
    let taker = ReductionTaker<State, Action>(state: store.state)
    currentState = { taker.lastState }
    // The store is touched on `owner` only from here on: each send hops there, from a task on
    // the clock's executor, so that an effect that calls back into `owner` finds it free and
    // stays on the clock.
    nonisolated(unsafe) let store = store
    sendAction = { action in await clock.settle { await store.send(action, isolation: owner) } }
    dependenciesGet = dependencies.get
    dependenciesSet = dependencies.set
    diagnosticHandlerSet = { store.diagnosticHandler = $0 }
    installRecorder = { taker.record = $0 }
    handOverReductions = {
      for (action, state) in reductions.take() {
        taker.lastState = state
        taker.record?(action, state)
      }
    }
    workApartObserverSet = nil
  }

  /// The current state.
  var state: State {
    currentState()
  }

  /// Hands the reductions a store on another actor made since the last call to the function
  /// ``recordReductions(_:)`` installed; a store on the main actor hands each over as it is
  /// made.
  func handOverRecordedReductions() {
    handOverReductions()
  }

  /// The dependencies the store reduces and starts effects with.
  var dependencies: DependencyValues? {
    get { dependenciesGet() }
    nonmutating set { newValue.map(dependenciesSet) }
  }

  /// Sends `action` as the program does, on the store's actor; `nil` if the test cannot send it.
  func send(_ action: Action) async -> StoreTask? {
    await sendAction(action)
  }

  /// Replaces the store's diagnostic handler.
  func setDiagnosticHandler(_ handler: @escaping @Sendable (StoreDiagnostic) -> Void) {
    diagnosticHandlerSet(handler)
  }

  /// Calls `track` with the handle on each piece of work the store starts apart from the sends,
  /// which the task of no send covers: a reactor's debounces.
  func trackWorkApart(_ track: @escaping (StoreTask) -> Void) {
    workApartObserverSet?(track)
  }

  /// Calls `record` after each reduction, with the step as the test sees it (`nil` for the
  /// owner's machinery) and the state after it.
  func recordReductions(_ record: @escaping (Action?, State) -> Void) {
    installRecorder(record)
  }
}

/// The extension that hands each reduced action, with the state after it, to a test store.
@MainActor
private final class ReductionRecorder<State, Action: Sendable>: @MainActor StoreExtension {
  private let record: (Action, State) -> Void

  init(record: @escaping (Action, State) -> Void) {
    self.record = record
  }

  nonisolated var hooks: StoreHooks { .didReduce }

  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    record(action, state)
  }
}

/// Where the test store takes the reductions of a store on another actor: the function it
/// records them with, and the state after the last one it took.
@MainActor
private final class ReductionTaker<State, Action> {
  var record: ((Action?, State) -> Void)?
  var lastState: State

  init(state: State) {
    lastState = state
  }
}

/// The reductions a store on another actor made, each action with the state after it, until the
/// test store takes them on its own actor.
final class ReductionLog<State, Action>: Sendable {
  private let reductions = Locked<[(Action, State)]>([])

  /// `reducer`, recording each reduction here.
  func recording<R: Reducer>(_ reducer: R) -> Reduce<State, Action>
  where R.State == State, R.Action == Action {
    Reduce { [self] state, action in
      let effect = reducer.reduce(into: &state, action: action)
      reductions.withLock { $0.append((action, state)) }
      return effect
    }
  }

  /// Takes the reductions recorded until now.
  func take() -> [(Action, State)] {
    reductions.withLock { reductions in
      defer { reductions.removeAll() }
      return reductions
    }
  }
}
