package import Reductor

/// A reactor's, reactable's or async reactor's store as a test store (`ReductorReactorTesting`)
/// drives it: the test's ``ReactorTestAction``s sent through the owner's own `send`, and the
/// store's steps seen as those actions, the steps of the owner's machinery not at all. Here, in
/// the reactor module, because only it knows those steps.
@MainActor
package struct ReactorUnderTest<State, Action: Sendable> {
  /// The store's clock.
  package let clock: any Clock<Duration>
  /// The store's state now.
  package let state: () -> State
  /// Sends an action as the views do; `nil` for one the test cannot send. It keeps the owner
  /// alive for as long as the test store keeps it.
  package let send: (Action) -> StoreTask?
  /// Gets and sets the dependencies the owner's reducer reduces with.
  package let dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void)
  /// Replaces the store's diagnostic handler.
  package let setDiagnosticHandler: (@escaping @Sendable (StoreDiagnostic) -> Void) -> Void
  /// Calls its function after each reduction with the step as the test sees it (`nil` for the
  /// owner's machinery) and the state after it.
  package let recordReductions: (@escaping (Action?, State) -> Void) -> Void
  /// Calls its function with the handle on each piece of work the store starts apart from the
  /// sends (a reactor's debounces); `nil` for an owner that starts none.
  package let trackWorkApart: ((@escaping (StoreTask) -> Void) -> Void)?

  /// The owner's `store`, whose steps the test sees as `seenAs` says.
  init<Step>(
    store: ReducerStore<State, Step>,
    seenAs: @escaping (Step) -> Action?,
    send: @escaping (Action) -> StoreTask?,
    dependencies: (get: () -> DependencyValues?, set: (DependencyValues) -> Void),
    workApart: ((@escaping (StoreTask) -> Void) -> Void)? = nil
  ) {
    clock = store.clock
    state = { store.state }
    self.send = send
    self.dependencies = dependencies
    setDiagnosticHandler = { store.diagnosticHandler = $0 }
    recordReductions = { record in
      store.install(StepRecorder<State, Step> { step, state in record(seenAs(step), state) })
    }
    trackWorkApart = workApart
  }
}

/// The extension that hands each reduced step, with the state after it, to a test store.
@MainActor
private final class StepRecorder<State, Step: Sendable>: @MainActor StoreExtension {
  private let record: (Step, State) -> Void

  init(record: @escaping (Step, State) -> Void) {
    self.record = record
  }

  nonisolated var hooks: StoreHooks { .didReduce }

  func didReduce(_ step: Step, origin: ActionOrigin<Step>, from previous: State?, to state: State) {
    record(step, state)
  }
}

extension Reactor {
  /// The reactor's store as a test store drives it: actions and destinations sent with
  /// ``send(action:)->_`` and ``send(destination:)``; mutations and fetch ends received.
  package var underTest:
    ReactorUnderTest<State, ReactorTestAction<Action, Mutation, Destination, State>>
  {
    let runtime = reactorRuntime
    let reducer = runtime.reducer
    return ReactorUnderTest(
      store: runtime.store,
      seenAs: { step in
        switch step {
        case .event(let event):
          switch event.kind {
          case .action(let action): .action(action)
          case .mutation(let mutation): .mutation(mutation)
          case .destination(let destination): .destination(destination)
          }
        case .fetchEnded(let end): reducer.keyPathOfCurrentFetch(ending: end).map { .fetched($0) }
        case .start, .startCollectedWork, .startWorkApart: nil
        }
      },
      send: { [self] action in
        switch action {
        case .action(let action): send(action: action)
        case .destination(let destination): send(destination: destination)
        case .mutation, .fetched: nil
        }
      },
      dependencies: (
        { reducer.dependencies?.values }, { reducer.dependencies = DependencyOverride($0) }
      ),
      workApart: { reducer.workApartStarted = $0 })
  }
}

extension Reactable {
  /// The reactable's store as a test store drives it: actions sent with ``action(_:)``,
  /// mutations received.
  package var underTest: ReactorUnderTest<State, ReactorTestAction<Action, Mutation, Never, State>>
  {
    let reducer = reactableRuntime.reducer
    return ReactorUnderTest(
      store: reactableRuntime.store,
      seenAs: { step in
        switch step {
        case .action(let action): .action(action)
        case .mutated(let mutated): .action(mutated.action)
        case .mutation(let mutation): .mutation(mutation)
        case .start, .finished, .applyStubbedState: nil
        }
      },
      send: { [self] action in
        guard case .action(let sent) = action else { return nil }
        return self.action(sent)
      },
      dependencies: (
        { reducer.dependencies?.values }, { reducer.dependencies = DependencyOverride($0) }
      ))
  }
}

extension AsyncReactor {
  /// The reactor's store as a test store drives it: inputs sent with ``send(_:)`` (as
  /// `.action`), the mutation each input's `reduce` returned received with the state `mutate`
  /// made of it.
  package var underTest: ReactorUnderTest<State, ReactorTestAction<Input, Mutation, Never, State>> {
    let reducer = asyncReactorRuntime.reducer
    return ReactorUnderTest(
      store: asyncReactorRuntime.store,
      seenAs: { step in
        switch step {
        case .input(let input): .action(input)
        case .mutated(_, let mutation): .mutation(mutation)
        }
      },
      send: { [self] action in
        guard case .action(let input) = action else { return nil }
        return send(input)
      },
      dependencies: (
        { reducer.dependencies?.values }, { reducer.dependencies = DependencyOverride($0) }
      ))
  }
}

extension ReactorReducer {
  /// The key path a fetch's end wrote into; `nil` if a newer fetch of it had begun, and the end
  /// wrote nothing.
  func keyPathOfCurrentFetch(ending end: FetchEnd<R.State>) -> PartialKeyPath<R.State>? {
    guard fetchGenerations[end.slot] == end.generation else { return nil }
    return fetchSlots.first { $0.value == end.slot }?.key as? PartialKeyPath<R.State>
  }
}
