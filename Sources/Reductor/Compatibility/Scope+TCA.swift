extension Scope {
  /// Runs `child` on the state at `state`, for the actions of the case `action`: TCA's
  /// `Scope(\.child, action: \.child) { Child() }`, the same as
  /// ``init(state:action:child:)``.
  ///
  /// - Parameters:
  ///   - state: Where the child's state is in the parent's.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: The child's reducer, built once.
  @inlinable
  public init<ChildState, ChildAction>(
    _ state: WritableKeyPath<ParentState, ChildState>,
    action: ActionCase<ParentAction, ChildAction>,
    @ReducerBuilder<ChildState, ChildAction> child: () -> Child
  ) where Child.State == ChildState, Child.Action == ChildAction {
    self.init(state: state, action: action, child: child)
  }
}
