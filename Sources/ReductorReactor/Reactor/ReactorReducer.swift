public import Reductor

extension ReactorRuntime {
  /// Adds work the reactor started: returned from the current reduction, or started by a step of
  /// its own when the reactor is not reducing.
  @inlinable
  func start<R>(
    _ effect: Effect<ReactorStep<R>>, writing write: ((inout R.State) -> Void)? = nil
  ) where Shape == ReactorReducer<R> {
    reducer.add(effect, writing: write)
    if !reducer.isReducing { store.send(.startCollectedWork) }
  }

  /// Adds work that a send awaiting the current event does not wait for (a debounce): it starts
  /// in a step of its own, right after the current one, so it belongs to that step's send.
  func startApart<R>(_ effect: Effect<ReactorStep<R>>) where Shape == ReactorReducer<R> {
    reducer.workApart.append(effect)
    guard reducer.workApart.count == 1 else { return }
    let task = store.send(.startWorkApart)
    reducer.workApartStarted?(task)
  }
}

/// The reducer of a `Reactor`'s store: it calls the reactor's `reduce` and returns the work that
/// `reduce` started as the reduction's effect.
@MainActor
@usableFromInline
final class ReactorReducer<R: Reactor>: @MainActor ReactorShape {
  @usableFromInline weak var owner: R?
  @exclusivity(unchecked) @usableFromInline var sendingOwner: Unmanaged<R>?
  @usableFromInline weak var store: ReducerStore<R.State, ReactorStep<R>>?
  /// The dependencies a test store gives the reactor; unchecked for exclusivity, as the flags:
  /// every step reads it.
  @exclusivity(unchecked) @usableFromInline var dependencies: DependencyOverride?
  /// Whether the reactor's `reduce` or `transform` runs now: work started meanwhile is returned
  /// from the reduction as its effect.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  /// Whether `work` or `pendingWrites` holds anything.
  @exclusivity(unchecked) @usableFromInline var hasWork = false
  @usableFromInline var work: [Effect<ReactorStep<R>>] = []
  /// Work that the sends of the events that started it do not wait for, until its step starts it.
  var workApart: [Effect<ReactorStep<R>>] = []
  /// Hears of the handle on each step that starts work apart; a test store tracks them.
  var workApartStarted: ((StoreTask) -> Void)?
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
  init(owner reactor: R) {
    owner = reactor
  }

  @inlinable
  static func initialState(of reactor: R) -> R.State {
    reactor.makeInitialState()
  }

  @inlinable
  static func clock(of reactor: R) -> any Clock<Duration> {
    reactor.clock
  }

  @inlinable
  static func instrumentation(of reactor: R) -> Instrumentation.Options<R.Action>? {
    reactor.instrumentation
  }

  @usableFromInline
  static var stateReadWhileReducingMessage: String {
    "\(R.self).state was read while the reactor reduces (in reduce(state:event:), transform() "
      + "or an observer of destination), when its store changes the state; read the reducer's "
      + "`state` parameter instead."
  }

  /// Reduces one step of the reactor's store.
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
    case .startWorkApart:
      // No code of the reactor runs in this step, so it collects no work of its own.
      return takeWorkApart()
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

  /// The work apart from the sends, as one effect.
  @usableFromInline
  func takeWorkApart() -> Effect<ReactorStep<R>> {
    defer { workApart.removeAll() }
    return .merge(workApart)
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
