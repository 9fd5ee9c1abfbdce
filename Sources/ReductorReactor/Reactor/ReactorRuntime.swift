public import Reductor

/// What a reactor needs and does not store itself: its `ReducerStore`, the work its reducer
/// starts, its fetches' generations. One per reactor, kept by ``ReactorRegistry``.
///
/// The store's reducer holds the runtime weakly: a store that outlives it (a scoped store or an
/// observation someone keeps) reduces nothing more.
@MainActor
@usableFromInline
final class ReactorRuntime<R: Reactor> {
  @usableFromInline weak var reactor: R?
  @usableFromInline let key: ReactorRegistry.Key
  @usableFromInline let store: ReducerStore<R.State, ReactorStep<R>>
  /// Whether the reactor's `reduce` or `transform` runs now: work started meanwhile is returned
  /// from the reduction as its effect.
  @usableFromInline var isReducing = false
  /// Whether `work` or `pendingWrites` holds anything.
  @usableFromInline var hasWork = false
  var work: [Effect<ReactorStep<R>>] = []
  /// The `.loading` writes of fetches started while reducing, applied after `reduce` returns.
  var pendingWrites: [(inout R.State) -> Void] = []
  /// A number for each key path fetches wrote into, which keys the fetch's effect and its
  /// generations (key paths themselves may not leave the main actor).
  var fetchSlots: [AnyKeyPath: Int] = [:]
  /// The latest fetch of each slot; an older fetch's end writes nothing.
  @usableFromInline var fetchGenerations: [UInt64] = []
  @usableFromInline var isStarted = false
  @usableFromInline let stateIsReference: Bool
  private var actionStore: (any Store<R.State, R.Action>)?

  @inlinable
  init(reactor: R, key: ReactorRegistry.Key) {
    self.reactor = reactor
    self.key = key
    self.stateIsReference = R.State.self is AnyObject.Type
    // The reducer reaches the runtime through this weak variable, set once `self` exists.
    weak var runtime: ReactorRuntime?
    store = StoreBuilder.store(
      initialState: reactor.makeInitialState(),
      reduce: { state, step in runtime?.reduce(&state, step) ?? .none },
      clock: reactor.clock)
    runtime = self
  }

  /// The state, for the reactor's `state`.
  @inlinable
  var state: R.State {
    if isReducing && !stateIsReference { Self.stateReadWhileReducing() }
    return store.state
  }

  @usableFromInline
  static func stateReadWhileReducing() -> Never {
    preconditionFailure(
      "\(R.self).state was read inside reduce(state:event:), while the reducer changes it; read "
        + "the reducer's `state` parameter instead.")
  }

  /// Reduces one step of the reactor's store.
  @inlinable
  func reduce(_ state: inout R.State, _ step: ReactorStep<R>) -> Effect<ReactorStep<R>> {
    guard let reactor else {
      ReactorRegistry.release(self)
      return .none
    }
    switch step {
    case .event(let event):
      isReducing = true
      reactor.reduce(state: &state, event: event)
      isReducing = false
      if case .destination(let destination) = event.kind { reactor.destination = destination }
    case .start:
      guard !isStarted else { return .none }
      isStarted = true
      isReducing = true
      reactor.transform()
      isReducing = false
    case .startCollectedWork:
      break
    case .fetchEnded(let end):
      if fetchGenerations[end.slot] == end.generation { end.write(&state) }
    }
    return hasWork ? takeWork(applyingWritesTo: &state) : .none
  }

  /// The collected work as one effect, after applying the collected writes to `state`.
  @usableFromInline
  func takeWork(applyingWritesTo state: inout R.State) -> Effect<ReactorStep<R>> {
    hasWork = false
    for write in pendingWrites { write(&state) }
    pendingWrites.removeAll()
    let effects = work
    work.removeAll()
    return effects.count == 1 ? effects[0] : .merge(effects)
  }

  /// Adds work the reactor started: returned from the current reduction, or started by a step of
  /// its own when the reactor is not reducing.
  func start(_ effect: Effect<ReactorStep<R>>, writing write: ((inout R.State) -> Void)? = nil) {
    work.append(effect)
    if let write { pendingWrites.append(write) }
    hasWork = true
    if !isReducing { store.send(.startCollectedWork) }
  }

  /// Begins a fetch into `keyPath`, which ends every older one's right to write there; returns
  /// the key path's slot and the fetch's generation.
  func beginFetch(_ keyPath: AnyKeyPath) -> (slot: Int, generation: UInt64) {
    let slot: Int
    if let known = fetchSlots[keyPath] {
      slot = known
    } else {
      slot = fetchGenerations.count
      fetchSlots[keyPath] = slot
      fetchGenerations.append(0)
    }
    fetchGenerations[slot] &+= 1
    return (slot, fetchGenerations[slot])
  }

  /// The reactor's state and actions as a store.
  var storeOfActions: any Store<R.State, R.Action> {
    if let actionStore { return actionStore }
    let made = store.scope(
      state: { $0 }, action: { ReactorStep<R>.event(ReactorEvent(kind: .action($0))) })
    actionStore = made
    return made
  }
}
