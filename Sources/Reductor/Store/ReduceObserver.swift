/// Who is watching a store's reductions. Each role has at most one observer.
package enum ReduceObserverRole: Sendable {
  /// Debug logging (`ReducerStore.logging`).
  case logging
  /// The exhaustive test store.
  case testing
}

/// Functions a store calls around every reduction, on the main actor: right before the reducer
/// runs, and right after, with the new state. Unset, they cost the store one branch per action.
@usableFromInline
package struct ReduceObserver<State, Action> {
  package let role: ReduceObserverRole
  @usableFromInline package let willReduce: (Action) -> Void
  @usableFromInline package let didReduce: (Action, State) -> Void

  package init(
    role: ReduceObserverRole,
    willReduce: @escaping (Action) -> Void = { _ in },
    didReduce: @escaping (Action, State) -> Void = { _, _ in }
  ) {
    self.role = role
    self.willReduce = willReduce
    self.didReduce = didReduce
  }
}

/// Its functions run on the store's main actor and capture main-actor state.
@available(*, unavailable)
extension ReduceObserver: Sendable {}
