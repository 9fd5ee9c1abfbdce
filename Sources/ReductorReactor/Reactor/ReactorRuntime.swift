public import Reductor

/// What a reactor needs: its `ReducerStore` and that store's reducer. One per reactor, kept by
/// its ``ReactorStorage``.
@MainActor
@usableFromInline
final class ReactorRuntime<R: Reactor>: ReactorRuntimeProtocol {
  @usableFromInline let store: ReducerStore<R.State, ReactorStep<R>>
  @usableFromInline let reducer: ReactorReducer<R>
  private var actionStore: (any Store<R.State, R.Action>)?
  /// What `makeInitialState()` returned, for the reactor's `initialState`.
  @usableFromInline let initialState: R.State

  @inlinable
  init(owner reactor: R) {
    let reducer = ReactorReducer(reactor: reactor)
    self.reducer = reducer
    initialState = reactor.makeInitialState()
    // The store holds its reducer, and nothing holds the store but this runtime (and the scoped
    // stores and observations made of it): no reference cycle, and no weak reference to load on
    // every send.
    store = ReducerStore(
      initialState: initialState,
      reducing: { state, step in reducer.reduce(&state, step) },
      clock: reactor.clock)
    store.setInstrumentation(
      typeName: TypeName.of(R.self), options: reactor.instrumentation,
      subject: ReactorStep<R>.action(of:), role: ReactorStep<R>.stageRole(of:),
      name: ReactorStep<R>.caseName(of:))
  }

  /// The state, for the reactor's `state`.
  @inlinable
  var state: R.State {
    if reducer.isReducing && !reducer.stateIsReference { reducer.stateReadWhileReducing() }
    return store.state
  }

  /// Sends `step` for `reactor`, which the caller keeps alive meanwhile, so the reductions of
  /// this send need not load the reducer's weak reference.
  @inlinable
  func send(_ step: ReactorStep<R>, from reactor: R) -> StoreTask {
    let outer = reducer.sendingReactor
    reducer.sendingReactor = Unmanaged.passUnretained(reactor)
    defer { reducer.sendingReactor = outer }
    return store.send(step)
  }

  /// Adds work the reactor started: returned from the current reduction, or started by a step of
  /// its own when the reactor is not reducing.
  @inlinable
  func start(_ effect: Effect<ReactorStep<R>>, writing write: ((inout R.State) -> Void)? = nil) {
    reducer.add(effect, writing: write)
    if !reducer.isReducing { store.send(.startCollectedWork) }
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

/// The reducer of a reactor's store: it calls the reactor's `reduce` and returns the work that
/// `reduce` started as the reduction's effect.
///
/// It holds the reactor weakly: the reactor owns the store (through its storage), and a store
/// that outlives its reactor (a scoped store or an observation someone keeps) reduces nothing
/// more.
///
/// The flags a send reads and writes are unchecked for exclusivity: they are read and written
/// on the main actor only, calling nothing meanwhile, and checked accesses cost a trivial send a
/// third of its time.
@MainActor
@usableFromInline
final class ReactorReducer<R: Reactor> {
  @usableFromInline weak var reactor: R?
  /// The reactor during a send from it, which keeps it alive: used instead of `reactor`, whose
  /// weak load (and the retain and release of an object that is weakly referenced) cost more
  /// than the rest of a trivial reduction.
  @exclusivity(unchecked) @usableFromInline var sendingReactor: Unmanaged<R>?
  @usableFromInline let stateIsReference: Bool
  /// Whether the reactor's `reduce` or `transform` runs now: work started meanwhile is returned
  /// from the reduction as its effect.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// Whether `work` or `pendingWrites` holds anything.
  @exclusivity(unchecked) @usableFromInline var hasWork = false
  @usableFromInline var work: [Effect<ReactorStep<R>>] = []
  /// The `.loading` writes of fetches started while reducing, applied after `reduce` returns.
  @usableFromInline var pendingWrites: [(inout R.State) -> Void] = []
  /// A number for each key path fetches wrote into, which keys the fetch's effect and its
  /// generations (key paths themselves may not leave the main actor).
  var fetchSlots: [AnyKeyPath: Int] = [:]
  /// The latest fetch of each slot; an older fetch's end writes nothing.
  @usableFromInline var fetchGenerations: [UInt64] = []
  /// Each slot's key path as logs and diagnostics show it.
  var fetchNames: [String] = []
  @usableFromInline var isStarted = false

  @inlinable
  init(reactor: R) {
    self.reactor = reactor
    self.stateIsReference = R.State.self is AnyObject.Type
  }

  /// Stops the process: the reducer read the state its store is changing. `fatalError`, not
  /// `preconditionFailure`, so that release builds print the message too.
  @usableFromInline
  func stateReadWhileReducing() -> Never {
    fatalError(
      "\(R.self).state was read while the reactor reduces (in reduce(state:event:), transform() "
        + "or an observer of destination), when its store changes the state; read the reducer's "
        + "`state` parameter instead.")
  }

  /// Reduces one step of the reactor's store.
  @inlinable
  func reduce(_ state: inout R.State, _ step: ReactorStep<R>) -> Effect<ReactorStep<R>> {
    // Not `_withUnsafeGuaranteedRef`, which saves a retain but takes a nonisolated closure: the
    // run-time check of the main actor at its entry costs more.
    if let sendingReactor {
      return reduce(&state, step, by: sendingReactor.takeUnretainedValue())
    }
    guard let reactor else { return .none }
    return reduce(&state, step, by: reactor)
  }

  @inlinable
  func reduce(
    _ state: inout R.State, _ step: ReactorStep<R>, by reactor: R
  ) -> Effect<ReactorStep<R>> {
    // The store holds the state for writing until this returns, the destination's assignment
    // included: reading the reactor's `state` meanwhile stops with a message that says so.
    let wasReducing = isReducing
    isReducing = true
    defer { isReducing = wasReducing }
    switch step {
    case .event(let event):
      reactor.reduce(state: &state, event: event)
      if case .destination(let destination) = event.kind { reactor.destination = destination }
    case .start:
      guard !isStarted else { return .none }
      isStarted = true
      reactor.transform()
    case .startCollectedWork:
      break
    case .fetchEnded(let end):
      if fetchGenerations[end.slot] == end.generation { end.write(&state) }
    }
    return hasWork ? takeWork(applyingWritesTo: &state) : .none
  }

  /// The collected work as one effect, after applying the collected writes to `state`. The
  /// lists keep their storage for the next reduction.
  @inlinable
  func takeWork(applyingWritesTo state: inout R.State) -> Effect<ReactorStep<R>> {
    hasWork = false
    for write in pendingWrites { write(&state) }
    pendingWrites.removeAll(keepingCapacity: true)
    let effect = work.count == 1 ? work[0] : .merge(work)
    work.removeAll(keepingCapacity: true)
    return effect
  }

  /// Collects work for the current reduction, or for a step of its own.
  @inlinable
  func add(_ effect: Effect<ReactorStep<R>>, writing write: ((inout R.State) -> Void)?) {
    work.append(effect)
    if let write { pendingWrites.append(write) }
    hasWork = true
  }

  /// Begins a fetch into `keyPath`, which ends every older one's right to write there; returns
  /// the key path's slot, the fetch's generation and the key path's name.
  func beginFetch(_ keyPath: AnyKeyPath) -> (slot: Int, generation: UInt64, name: String) {
    let slot: Int
    if let known = fetchSlots[keyPath] {
      slot = known
    } else {
      slot = fetchGenerations.count
      fetchSlots[keyPath] = slot
      fetchGenerations.append(0)
      // A key path to a computed property (an `@Observable` state's) prints with its
      // accessor's address, which would make every run's log differ.
      fetchNames.append("\(keyPath)".replacing(#/0x[0-9a-f]+ /#, with: ""))
    }
    fetchGenerations[slot] &+= 1
    return (slot, fetchGenerations[slot], fetchNames[slot])
  }
}
