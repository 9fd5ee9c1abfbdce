internal import Reductor

extension Reactor {
  /// The reactor's store as a test store drives it: actions and destinations sent with
  /// ``send(action:)->_`` and ``send(destination:)``; mutations and fetch ends received.
  package var storeUnderTest:
    StoreUnderTest<State, ReactorTestAction<Action, Mutation, Destination, State>>
  {
    let runtime = reactorRuntime
    let reducer = runtime.reducer
    return StoreUnderTest(
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
  package var storeUnderTest:
    StoreUnderTest<State, ReactorTestAction<Action, Mutation, Never, State>>
  {
    let reducer = reactableRuntime.reducer
    return StoreUnderTest(
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
  package var storeUnderTest:
    StoreUnderTest<State, ReactorTestAction<Input, Mutation, Never, State>>
  {
    let reducer = asyncReactorRuntime.reducer
    return StoreUnderTest(
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
