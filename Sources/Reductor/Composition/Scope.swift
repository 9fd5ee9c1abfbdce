/// Runs a child reducer on a part of the state, for the child's actions a case of the action
/// carries: TCA's `Scope`, for a child that is always there (``Reducer/ifLet(_:action:then:)-2pwhj``
/// for one that may not be, ``Reducer/forEach(_:action:element:)`` for a collection).
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: .counter) { CounterFeature() }
///   Reduce { state, action in
///     // ...
///     return .none
///   }
/// }
/// ```
///
/// Other actions change nothing here. The child's effects deliver their actions in the case.
public struct Scope<ParentState, ParentAction: Sendable, Child: Reducer>: Reducer {
  @usableFromInline let state: WritableKeyPath<ParentState, Child.State>
  @usableFromInline let action: ActionCase<ParentAction, Child.Action>
  @usableFromInline let child: Child

  /// Runs `child` on the state at `state`, for the actions of the case `action`.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: The child's reducer, built once.
  @inlinable
  public init<ChildState, ChildAction>(
    state: WritableKeyPath<ParentState, ChildState>,
    action: ActionCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.state = state
    self.action = action
    self.child = child()
  }

  /// Reduces a child's action in the child's state; changes nothing for another action.
  ///
  /// - Parameters:
  ///   - state: The parent's state, whose child part the child mutates.
  ///   - action: The parent's action.
  /// - Returns: The child's effect, its actions embedded in the case.
  @inlinable
  public func reduce(into state: inout ParentState, action: ParentAction) -> Effect<ParentAction> {
    guard let childAction = self.action.extract(action) else { return .none }
    return child.reduce(into: &state[keyPath: self.state], action: childAction)
      .map(self.action.embed)
  }
}

/// Holds a key path and a reducer that need not be `Sendable`; a reducer runs on its store's
/// actor.
@available(*, unavailable)
extension Scope: Sendable {}
