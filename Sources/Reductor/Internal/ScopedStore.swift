/// A store that projects the root's state and forwards its actions to the root.
///
/// Every level of scope composes its functions with its parent's, so a send or a read through
/// any depth is one call into the root plus the composed functions.
@MainActor
final class ScopedStore<RootState, RootAction: Sendable, State, Action: Sendable>: Store {
  private let root: ReducerStore<RootState, RootAction>
  private let toState: (RootState) -> State
  private let toRootAction: (Action) -> RootAction

  init(
    root: ReducerStore<RootState, RootAction>,
    toState: @escaping (RootState) -> State,
    toRootAction: @escaping (Action) -> RootAction
  ) {
    self.root = root
    self.toState = toState
    self.toRootAction = toRootAction
  }

  var state: State {
    toState(root.state)
  }

  @discardableResult
  func send(_ action: Action) -> StoreTask {
    root.send(toRootAction(action))
  }

  func scope<ChildState, ChildAction: Sendable>(
    state: @escaping (State) -> ChildState,
    action: @escaping (ChildAction) -> Action
  ) -> any Store<ChildState, ChildAction> {
    let toState = toState
    let toRootAction = toRootAction
    return ScopedStore<RootState, RootAction, ChildState, ChildAction>(
      root: root,
      toState: { state(toState($0)) },
      toRootAction: { toRootAction(action($0)) })
  }
}
