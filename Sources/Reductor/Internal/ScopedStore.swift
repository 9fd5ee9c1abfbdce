/// A store that projects the root's state and forwards its actions to the root.
///
/// Its functions are made by `scope`, which is inlined where it is called, so they are
/// specialized for the concrete types: `rootVersion` (from the root) registers an observation
/// access on the root's state and returns the number of actions the root has reduced; `project`
/// computes this store's state from its parent's; `sendAction` forwards an action to the parent.
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
}

extension ScopedStore: ScopeSource {
  @usableFromInline
  var scopeRoot: AnyObject { root }

  @usableFromInline
  var isScopeCacheable: Bool { isCacheable }

  @usableFromInline
  var scopeVersion: () -> UInt64 { rootVersion }
}
