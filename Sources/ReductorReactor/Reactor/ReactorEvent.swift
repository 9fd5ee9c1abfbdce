/// What a reactor reduces: an action from the view, a mutation from its own work, or a
/// destination to navigate to.
///
/// A reactor names it `Event` (``Reactor/Event``) and switches over its ``kind``:
///
/// ```swift
/// func reduce(state: inout State, event: Event) {
///   switch event.kind {
///   case .action(.addOne):
///     state.count += 1
///   case .mutation(.reset):
///     state.count = 0
///   case .action, .mutation, .destination:
///     break
///   }
/// }
/// ```
public struct ReactorEvent<Action: Sendable, Mutation: Sendable, Destination: Sendable>: Sendable {
  /// Which of the three an event is, with its payload.
  public enum Kind: Sendable {
    /// An action sent with ``Reactor/send(action:)->_``.
    case action(Action)
    /// A mutation returned by the reactor's `run`, `debounce` or a subscription.
    case mutation(Mutation)
    /// A destination sent with ``Reactor/send(destination:)``; `nil` dismisses.
    case destination(Destination?)
  }

  /// The action, mutation or destination.
  public let kind: Kind

  /// Creates an event of `kind`.
  ///
  /// - Parameter kind: The action, mutation or destination.
  @inlinable
  public init(kind: Kind) {
    self.kind = kind
  }
}

extension ReactorEvent: CustomStringConvertible {
  /// The kind and its payload, such as `action(addOne)`.
  public var description: String {
    switch kind {
    case .action(let action): "action(\(action))"
    case .mutation(let mutation): "mutation(\(mutation))"
    case .destination(let destination):
      "destination(\(destination.map { "\($0)" } ?? "nil"))"
    }
  }
}
