package import Reductor

/// A store as a `TestStore` drives it: the test's actions sent the way the program sends them,
/// and the store's reductions seen as the test's actions.
///
/// For a store of a reducer, the test's actions are the store's. For a reactor, a reactable or an
/// async reactor they are ``ReactorTestAction``s: the test sends through the owner's own `send`
/// (so that it takes the path the views take), and the steps of the owner's machinery are not
/// seen. Here, in the reactor module, because only it knows those steps; the test store keeps no
/// second path for them.
@MainActor
package struct StoreUnderTest<State, Action: Sendable> {
  /// The store's clock.
  package let clock: any Clock<Duration>
  private let currentState: () -> State
  private let sendAction: (Action) -> StoreTask?
  private let reduceDelivered: () -> Void
  private let dependenciesGet: () -> DependencyValues?
  private let dependenciesSet: (DependencyValues) -> Void
  private let diagnosticHandlerSet: (@escaping @Sendable (StoreDiagnostic) -> Void) -> Void
  private let installRecorder: (@escaping (Action?, State) -> Void) -> Void
  private let workApartObserverSet: ((@escaping (StoreTask) -> Void) -> Void)?

  /// The store of a reducer, sent its own actions, whose reducer reduces with the dependencies
  /// `dependencies` gets and sets.
  package init(
    store: ReducerStore<State, Action>,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void)
  ) {
    self.init(store: store, seenAs: { $0 }, send: { store.send($0) }, dependencies: dependencies)
  }

  /// A store whose steps are seen as `seenAs` says (`nil` for steps the test does not see),
  /// sent the test's actions by `send` (`nil` for an action the test cannot send), whose
  /// reducer reduces with the dependencies `dependencies` gets and sets, and whose work apart
  /// from the sends `workApart` reports. `send` keeps the object that owns the store alive for
  /// as long as the test store.
  init<Step>(
    store: ReducerStore<State, Step>,
    seenAs: @escaping (Step) -> Action?,
    send: @escaping (Action) -> StoreTask?,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void),
    workApart: ((@escaping (StoreTask) -> Void) -> Void)? = nil
  ) {
    clock = store.clock
    currentState = { store.state }
    sendAction = send
    reduceDelivered = { store.reduceDeliveredActions() }
    dependenciesGet = dependencies.get
    dependenciesSet = dependencies.set
    diagnosticHandlerSet = { store.diagnosticHandler = $0 }
    installRecorder = { record in
      store.install(ReductionRecorder<State, Step> { step, state in record(seenAs(step), state) })
    }
    workApartObserverSet = workApart
  }

  /// The current state.
  package var state: State {
    currentState()
  }

  /// The dependencies the store reduces and starts effects with.
  package var dependencies: DependencyValues? {
    get { dependenciesGet() }
    nonmutating set { newValue.map(dependenciesSet) }
  }

  /// Sends `action` as the program does; `nil` if the test cannot send it.
  package func send(_ action: Action) -> StoreTask? {
    sendAction(action)
  }

  /// Reduces the actions effects delivered and have not been reduced yet.
  package func reduceDeliveredActions() {
    reduceDelivered()
  }

  /// Replaces the store's diagnostic handler.
  package func setDiagnosticHandler(_ handler: @escaping @Sendable (StoreDiagnostic) -> Void) {
    diagnosticHandlerSet(handler)
  }

  /// Calls `track` with the handle on each piece of work the store starts apart from the sends,
  /// which the task of no send covers: a reactor's debounces.
  package func trackWorkApart(_ track: @escaping (StoreTask) -> Void) {
    workApartObserverSet?(track)
  }

  /// Calls `record` after each reduction, with the step as the test sees it (`nil` for the
  /// owner's machinery) and the state after it.
  package func recordReductions(_ record: @escaping (Action?, State) -> Void) {
    installRecorder(record)
  }
}

/// The extension that hands each reduced step, with the state after it, to a test store.
@MainActor
private final class ReductionRecorder<State, Step: Sendable>: @MainActor StoreExtension {
  private let record: (Step, State) -> Void

  init(record: @escaping (Step, State) -> Void) {
    self.record = record
  }

  nonisolated var hooks: StoreHooks { .didReduce }

  func didReduce(_ step: Step, origin: ActionOrigin<Step>, from previous: State?, to state: State) {
    record(step, state)
  }
}
