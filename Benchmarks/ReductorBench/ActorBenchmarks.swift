import Reductor

/// An actor of a program's own that keeps a counting store, and times its work from inside.
actor CountingRoom {
  private let store: ActorStore<CountState, CountAction>

  init() {
    store = ActorStore(initialState: CountState(), reducer: CountReducer { $0.count += 1 })
  }

  var count: Int { store.state.count }

  /// Sends `.increment` `n` times from inside the actor; the time it took, in nanoseconds.
  func timeIncrements(_ n: Int) -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n { store.send(.increment) }
    return start.duration(to: clock.now).nanoseconds
  }

  /// Sends `.ping` and waits for the `.pong` its `.run` delivers, `n` times, on the actor; the
  /// time it took, in nanoseconds.
  func timeRoundTrips(_ n: Int) async -> Double {
    let clock = ContinuousClock()
    let start = clock.now
    for _ in 0..<n { await store.send(.ping).finish() }
    return start.duration(to: clock.now).nanoseconds
  }
}

/// Makes a ready actor with a counting store.
func makeCountingActor() -> ReducerActor<CountState, CountAction> {
  ReducerActor(initialState: CountState(), reducer: CountReducer { $0.count += 1 })
}

/// Makes `count` ready actors and awaits `n` sends of `.increment` in all, split evenly among
/// them, each actor's from a task of its own, all at once; the time until every task is done,
/// in nanoseconds, once each actor's count is checked.
func timeFloods(ofActors count: Int, _ n: Int) async throws -> Double {
  let rooms = (0..<count).map { _ in makeCountingActor() }
  let perActor = n / count
  let clock = ContinuousClock()
  let start = clock.now
  await withTaskGroup(of: Void.self) { group in
    for room in rooms {
      group.addTask {
        for _ in 0..<perActor { await room.send(.increment) }
      }
    }
  }
  let elapsed = start.duration(to: clock.now).nanoseconds
  for room in rooms {
    let counted = await room.state.count
    try check(counted == perActor, "count \(counted) != \(perActor)")
  }
  return elapsed
}

@MainActor
let actorBenchmarks: [Benchmark] = [
  // send.root, sent from inside the actor that owns the store.
  Benchmark("actor.send.inside", operations: (1_000_000, 10_000)) { n in
    let room = CountingRoom()
    let elapsed = await room.timeIncrements(n)
    let count = await room.count
    try check(count == n, "count \(count) != \(n)")
    return elapsed
  },
  // A task that is not the actor's awaits the ready actor's send: the hop onto the actor and
  // back, and the reduction.
  Benchmark("actor.send.await", operations: (1_000_000, 10_000)) { n in
    try await timeFloods(ofActors: 1, n)
  },
  // Per action: one store on one actor flooded by one task, the baseline of actors.throughput2.
  // The same work as actor.send.await, kept as a row of its own beside the row it is the
  // baseline of.
  Benchmark("actors.throughput1", operations: (1_000_000, 10_000)) { n in
    try await timeFloods(ofActors: 1, n)
  },
  // Per action: two stores on two actors, each flooded by a task of its own, at once.
  Benchmark("actors.throughput2", operations: (1_000_000, 10_000)) { n in
    try await timeFloods(ofActors: 2, n)
  },
  // effect.run.roundtrip through a store an actor owns, waited for on that actor.
  Benchmark("actor.effect.run.roundtrip", operations: (20_000, 500)) { n in
    let room = CountingRoom()
    let elapsed = await room.timeRoundTrips(n)
    let count = await room.count
    try check(count == n, "count \(count) != \(n)")
    return elapsed
  },
  // The memory of 10,000 idle ready actors, each with its store: per store, in bytes.
  Benchmark("memory.actors.stores10k", unit: "B/store", operations: (1, 1)) { _ in
    releaseFreedMemory()
    let before = residentBytes()
    var rooms: [ReducerActor<CountState, CountAction>] = []
    rooms.reserveCapacity(10_000)
    for _ in 0..<10_000 { rooms.append(makeCountingActor()) }
    let bytes = residentBytes() - before
    await rooms[9_999].send(.increment)
    let count = await rooms[9_999].state.count
    try check(count == 1 && rooms.count == 10_000, "the last store counted \(count)")
    return Double(bytes) / 10_000
  },
]
