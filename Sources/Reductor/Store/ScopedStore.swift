/// A store that projects the root's state and forwards its actions to the root: sent ones through
/// the parents' forwarders, on the main actor; enqueued ones, embedded on the calling thread,
/// into the root's inbox.
///
/// Its functions are made by `scope`, which is inlined where it is called, so they are
/// specialized for the concrete types: `rootVersion` (from the root) registers an observation
/// access on the root's state and returns the number of actions the root has reduced; `project`
/// computes this store's state from its parent's; `forwarder` sends an action on towards the
/// root.
///
/// Reading `state` returns the projection of the root's current state, made at the first read,
/// not before. For a value-type root state the projection is kept until the root reduces another
/// action, so a read through any depth costs one call into the root; for a class root state,
/// whose properties change without the store knowing, every read projects again (and so
/// registers fine-grained observation).
@usableFromInline
@MainActor
final class ScopedStore<State, Action: Sendable>: Store {
  private let root: AnyObject
  private let rootVersion: () -> UInt64
  private let project: () -> State
  private let forwarder: ActionForwarder<Action>
  private nonisolated let enqueuer: ActionEnqueuer<Action>
  private let observing: ReductionObserving?
  private let isCacheable: Bool
  // Only `state` touches the cache, on the main actor, and calls nothing while it reads or
  // writes it, so accesses cannot overlap; unchecked, a read skips two run-time exclusivity
  // checks, which would guard nothing (`read.scoped.depth10`).
  // No projection is kept before the first read: `cachedVersion` is then `UInt64.max`, a count of
  // reduced actions the root never reaches, and `cachedState` points to no state yet. A pointer,
  // not an optional: read unspecialized, an optional's metadata and unwrapping would dominate a
  // read. Nonisolated for the deinitializer only, which runs when nothing else holds the store.
  @exclusivity(unchecked) private var cachedVersion = UInt64.max
  private nonisolated(unsafe) let cachedState = UnsafeMutablePointer<State>.allocate(capacity: 1)

  @usableFromInline
  init(
    parent: ScopeParent<some Any>,
    project: @escaping () -> State,
    forwarder: ActionForwarder<Action>,
    enqueuer: ActionEnqueuer<Action>,
    observing: ReductionObserving?
  ) {
    self.root = parent.root
    self.isCacheable = parent.isCacheable
    self.rootVersion = parent.rootVersion
    self.project = project
    self.forwarder = forwarder
    self.enqueuer = enqueuer
    self.observing = observing
  }

  deinit {
    if cachedVersion != .max { cachedState.deinitialize(count: 1) }
    cachedState.deallocate()
  }

  @usableFromInline
  var state: State {
    let version = rootVersion()
    if isCacheable && version == cachedVersion { return cachedState.pointee }
    let state = project()
    if cachedVersion == .max {
      cachedState.initialize(to: state)
    } else {
      cachedState.pointee = state
    }
    cachedVersion = version
    return state
  }

  @usableFromInline
  @discardableResult
  func send(_ action: Action) -> StoreTask {
    forwarder.forward(action)
  }

  @usableFromInline
  nonisolated func enqueue(_ action: Action) {
    enqueuer.enqueue(action)
  }
}

extension ScopedStore: ScopeSource {
  @usableFromInline
  var scopeParent: ScopeParent<Action> {
    ScopeParent(
      root: root, isCacheable: isCacheable, rootVersion: rootVersion, forwarder: forwarder,
      enqueuer: enqueuer, observing: observing)
  }
}
