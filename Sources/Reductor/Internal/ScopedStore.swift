/// A store that projects the root's state and forwards its actions to the root.
///
/// It holds two functions: one that reads its state from the root's current state, one that
/// sends an action to the root. The root makes them where it is specialized (its `scope` is
/// inlinable), and every further level composes its own functions with its parent's, so a send or
/// a read through any depth is one call into the root plus the composed functions.
@usableFromInline
@MainActor
final class ScopedStore<State, Action: Sendable>: Store {
  private let root: AnyObject
  private let readState: () -> State
  private let sendAction: (Action) -> StoreTask

  @usableFromInline
  init(
    root: AnyObject,
    readState: @escaping () -> State,
    sendAction: @escaping (Action) -> StoreTask
  ) {
    self.root = root
    self.readState = readState
    self.sendAction = sendAction
  }

  @usableFromInline
  var state: State {
    readState()
  }

  @usableFromInline
  @discardableResult
  func send(_ action: Action) -> StoreTask {
    sendAction(action)
  }

  @usableFromInline
  func scope<ChildState, ChildAction: Sendable>(
    state: @escaping (State) -> ChildState,
    action: @escaping (ChildAction) -> Action
  ) -> any Store<ChildState, ChildAction> {
    let readState = readState
    let sendAction = sendAction
    return ScopedStore<ChildState, ChildAction>(
      root: root,
      readState: { state(readState()) },
      sendAction: { sendAction(action($0)) })
  }
}
