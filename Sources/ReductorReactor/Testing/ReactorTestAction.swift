/// What a `TestStore` of a reactor, a reactable or an async reactor sends and receives.
///
/// A test sends the owner's actions (an async reactor's inputs) and a reactor's destinations, as
/// the views do, and receives what the owner's own work reduced afterwards: the mutations of its
/// `mutate`, `run`, `debounce` and subscriptions, each with the state change it made, and a
/// reactor's fetches as they end:
///
/// ```swift
/// let store = TestStore(reactable: Search(clock: ManualClock()))
/// await store.send(.action(.loadNextPage))
/// await store.receive(.mutation(.setLoadingNextPage(true))) { $0.isLoadingNextPage = true }
/// ```
///
/// A reactable's action and an async reactor's input change nothing themselves (their mutations
/// do), so their `send` asserts no change; a reactor's action is reduced by its
/// `reduce(state:event:)`, and its `send` asserts what that changed.
public enum ReactorTestAction<Action: Sendable, Mutation: Sendable, Destination: Sendable, State> {
  /// An action (an async reactor's input), sent as a view sends it.
  case action(Action)
  /// A mutation the owner's work produced, received.
  case mutation(Mutation)
  /// A reactor's destination, sent as `send(destination:)` sends it; `nil` dismisses.
  case destination(Destination?)
  /// The end of a reactor's fetch into the key path, which wrote `.success`, `.failure` or
  /// `.idle` there; received.
  case fetched(PartialKeyPath<State>)
}

// A key path into the state is immutable; a `fetched` one comes from a reactor's `fetch`, whose
// key path has no subscript arguments.
extension ReactorTestAction: @unchecked Sendable {}

extension ReactorTestAction: Equatable
where Action: Equatable, Mutation: Equatable, Destination: Equatable {}

extension ReactorTestAction: CustomStringConvertible {
  /// The case and its payload: `action(increase)`, `mutation(increaseValue)`,
  /// `fetched(\State.items)`.
  public var description: String {
    switch self {
    case .action(let action): "action(\(action))"
    case .mutation(let mutation): "mutation(\(mutation))"
    case .destination(let destination): "destination(\(destination.map { "\($0)" } ?? "nil"))"
    case .fetched(let keyPath): "fetched(\(keyPath))"
    }
  }
}
