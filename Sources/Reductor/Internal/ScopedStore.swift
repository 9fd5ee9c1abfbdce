/// A store that projects the root's state and forwards its actions to the root.
///
/// Its functions come from the root, made where the root's types are known (its `scope` is
/// inlinable): `rootVersion` registers an observation access on the root's state and returns the
/// number of actions the root has reduced; `project` computes this store's state from its
/// parent's; `sendAction` forwards an action up. Every further level composes its own functions
/// with its parent's.
///
/// Reading `state` returns the projection of the root's current state. For a value-type root
/// state the projection is kept until the root reduces another action, so a read through any
/// depth costs one call into the root; for a class root state, whose properties change without
/// the store knowing, every read projects again (and so registers fine-grained observation).
@usableFromInline
@MainActor
final class ScopedStore<State, Action: Sendable>: Store {
  private let root: AnyObject
  private let rootVersion: () -> UInt64
  private let project: () -> State
  private let sendAction: (Action) -> StoreTask
  private let isCacheable: Bool
  private var cachedVersion: UInt64
  private var cachedState: State

  @usableFromInline
  init(
    root: AnyObject,
    isCacheable: Bool,
    rootVersion: @escaping () -> UInt64,
    project: @escaping () -> State,
    sendAction: @escaping (Action) -> StoreTask
  ) {
    self.root = root
    self.isCacheable = isCacheable
    self.rootVersion = rootVersion
    self.project = project
    self.sendAction = sendAction
    self.cachedVersion = rootVersion()
    self.cachedState = project()
  }

  @usableFromInline
  var state: State {
    let version = rootVersion()
    if isCacheable && version == cachedVersion { return cachedState }
    let state = project()
    cachedVersion = version
    cachedState = state
    return state
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
    let sendAction = sendAction
    return ScopedStore<ChildState, ChildAction>(
      root: root,
      isCacheable: isCacheable,
      rootVersion: rootVersion,
      project: { state(self.state) },
      sendAction: { sendAction(action($0)) })
  }
}
