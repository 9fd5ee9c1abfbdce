import Observation
import Reductor

// MARK: - Fixtures

enum CountAction: Sendable, Codable {
  case increment
  case ping
  case queuedPing
  case pong
  case fire(Int)
  case fired
  case chain(Int)
  case tick(Int)
}

struct CountState: Equatable, Sendable, Codable {
  var count = 0
  /// A field no action changes, for observers that must not be called.
  var untouched = 0
}

@Observable
final class CountModel {
  var count = 0
}

/// Increments the count; `ping` starts an effect that answers `pong`, and `queuedPing` the same
/// effect in a queue that runs the newest three; `fire` debounces per key; `chain(n)` sleeps one
/// second on the store's clock, then chains `chain(n - 1)`, down to 0; `tick(n)` increments once
/// per second of the store's clock, n times.
struct CountReducer<State>: Reducer {
  let increment: (inout State) -> Void

  func reduce(into state: inout State, action: CountAction) -> Effect<CountAction> {
    switch action {
    case .increment, .pong, .fired:
      increment(&state)
      return .none
    case .ping:
      return .run { .pong }
    case .queuedPing:
      return .run(lifetime: .queued("ping", .newest(3))) { .pong }
    case .fire(let key):
      return Effect.send(.fired).debounced(for: .milliseconds(300), key: key)
    case .chain(let remaining):
      guard remaining > 0 else {
        increment(&state)
        return .none
      }
      return .run {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .chain(remaining - 1)
      }
    case .tick(let count):
      return .stream {
        EffectContext.ticks(every: .seconds(1)).prefix(count).map { _ in .increment }
      }
    }
  }
}

@MainActor
func makeValueStore(
  clock: any Clock<Duration> = ContinuousClock()
)
  -> ReducerStore<CountState, CountAction>
{
  ReducerStore(
    initialState: CountState(), reducer: CountReducer { $0.count += 1 }, clock: clock)
}

/// A counting reducer written as a body of two reducers, as a TCA feature is: what a body,
/// built per action, and its combination cost.
struct BodyCounter: Reducer {
  var body: some Reducer<CountState, CountAction> {
    CountReducer { $0.count += 1 }
    EmptyReducer()
  }
}

/// The counting reducer scoped to a child of the state, in a body: what `Scope` costs.
struct ScopedCounter: Reducer {
  struct State {
    var child = CountState()
  }

  enum Action: Sendable {
    case child(CountAction)
  }

  var body: some Reducer<State, Action> {
    Scope(
      state: \.child,
      action: ActionCase(Action.child) { if case .child(let action) = $0 { action } else { nil } }
    ) {
      CountReducer { $0.count += 1 }
    }
  }
}

/// An extension of a counting store that declares no hook.
final class Inert: StoreExtension {
  typealias State = CountState
  typealias Action = CountAction

  nonisolated var hooks: StoreHooks { [] }
}

/// A bare class with an `Int` state and a stored reducer closure: no library code, the floor.
final class ClosureBox {
  var state = 0
  let reduce: (inout Int, CountAction) -> Void

  init(reduce: @escaping (inout Int, CountAction) -> Void) {
    self.reduce = reduce
  }
}

/// The same with an Observation registrar: one `withMutation` per operation.
@Observable
final class ObservableBox {
  var state = 0
  @ObservationIgnored let reduce: (inout Int, CountAction) -> Void

  init(reduce: @escaping (inout Int, CountAction) -> Void) {
    self.reduce = reduce
  }
}

/// The baselines' reducer closure. The step comes from the command line's length so the
/// optimizer cannot see through the closure and fold the loop away: each operation is a real
/// indirect call, as a store's reducer call is.
@inline(never)
func makeIncrement() -> (inout Int, CountAction) -> Void {
  let step = CommandLine.arguments.count > 1_000 ? 2 : 1
  return { state, _ in state += step }
}

/// The baseline loops, out of line so the box and its closure are opaque to the optimizer.
@inline(never)
func increment(_ box: ClosureBox, times: Int) {
  for _ in 0..<times { box.reduce(&box.state, .increment) }
}

@inline(never)
func increment(_ box: ObservableBox, times: Int) {
  for _ in 0..<times { box.reduce(&box.state, .increment) }
}

/// Where the observers of the `observe` rows put what they are called with: one `Int` each,
/// written through a pointer. What a callback does is its own cost, not the store's; this one is
/// a store and nothing else, while a write to a captured `var` adds a run-time exclusivity check
/// to every call (see Benchmarks/NOTES.md).
final class ObservedValues {
  let values: UnsafeMutablePointer<Int>
  let count: Int

  init(count: Int) {
    self.count = count
    values = .allocate(capacity: count)
    values.initialize(repeating: -1, count: count)
  }

  deinit {
    values.deallocate()
  }

  /// The values, in the order of the observers.
  var all: [Int] {
    Array(UnsafeBufferPointer(start: values, count: count))
  }
}

/// Times `n` increments of a store whose count `observers` observers follow, each storing what
/// it sees in its own slot, then checks that every one saw the last count.
@MainActor
func timeIncrements(observedBy observers: Int, _ n: Int) throws -> Double {
  let store = makeValueStore()
  let seen = ObservedValues(count: observers)
  let tokens = (0..<observers).map { index in
    store.observe(\.count) { seen.values[index] = $0 }
  }
  let elapsed = try timeIncrements(store, n) { store.state.count }
  let expected = Array(repeating: n, count: observers)
  try check(seen.all == expected, "the observers saw \(seen.all), not \(expected)")
  for token in tokens { token.cancel() }
  return elapsed
}

/// Ten `Int` fields.
struct TenFields {
  var f0 = 0, f1 = 0, f2 = 0, f3 = 0, f4 = 0, f5 = 0, f6 = 0, f7 = 0, f8 = 0, f9 = 0
}

/// A small state of a few fields, one of them nested: the common case of `.diff` logging.
struct SmallState {
  struct Settings {
    var volume = 5
    var theme = "light"
  }

  var count = 0
  var title = "counter"
  var settings = Settings()
  var tags = ["a", "b"]
}

/// A state of 100 `Int` fields, for the cost of state size.
struct HundredFields {
  var t0 = TenFields(), t1 = TenFields(), t2 = TenFields(), t3 = TenFields(), t4 = TenFields()
  var t5 = TenFields(), t6 = TenFields(), t7 = TenFields(), t8 = TenFields(), t9 = TenFields()
}

/// Times `n` sends of `.increment` to `store`, in nanoseconds, then checks that `count` (the
/// counter the reducer increments) reads `n`.
@MainActor
func timeIncrements<S: Store>(
  _ store: S, _ n: Int, count: () -> Int
) throws -> Double where S.Action == CountAction {
  let elapsed = time {
    for _ in 0..<n { store.send(.increment) }
  }
  try check(count() == n, "count \(count()) != \(n)")
  return elapsed
}

/// Times `n` actions enqueued into `store` by 4 concurrent tasks until `root` (the root of
/// `store`) has reduced them all, then checks the count.
@MainActor
func timeEnqueues<S: Store>(
  into store: S, of root: ReducerStore<CountState, CountAction>, _ n: Int
) async throws -> Double where S.Action == CountAction {
  let perProducer = n / 4
  let elapsed = await time {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<perProducer { store.enqueue(.increment) }
        }
      }
    }
    root.send(.increment)  // reduces whatever is still buffered, then itself
  }
  try check(root.state.count == n + 1, "count \(root.state.count) != \(n + 1)")
  return elapsed
}

/// Times `n` diffs of `old` and `new` with a default `MirrorFormatter`, then checks the diff.
@MainActor
func timeDiffs<Value>(
  from old: Value, to new: Value, _ n: Int, expecting expected: String
) throws -> Double {
  let formatter = MirrorFormatter()
  var diff: String?
  let elapsed = time {
    for _ in 0..<n { diff = formatter.diff(from: old, to: new) }
  }
  try check(diff == expected, "diff \(diff ?? "nil")")
  return elapsed
}

/// Scopes `store` `depth` times with identity projections.
@MainActor
func scoped(
  _ store: any Store<CountState, CountAction>, depth: Int
)
  -> any Store<CountState, CountAction>
{
  var store = store
  for _ in 0..<depth {
    store = store.scope(state: { $0 }, action: { $0 })
  }
  return store
}

// MARK: - The benchmarks

/// Sends `.ping` and waits for the `.pong` its `.run` delivers, `count` times; returns whether
/// every `.pong` was reduced. What `effect.run.roundtrip` times, for `Benchmarks/trace-path.sh`.
@MainActor
func roundTrips(_ count: Int) async -> Bool {
  let store = makeValueStore()
  for _ in 0..<count { await store.send(.ping).finish() }
  return store.state.count == count
}

@MainActor
let allBenchmarks: [Benchmark] = [
  Benchmark("baseline.closure", operations: (10_000_000, 100_000)) { n in
    let box = ClosureBox(reduce: makeIncrement())
    let elapsed = time { increment(box, times: n) }
    try check(box.state == n, "count \(box.state) != \(n)")
    return elapsed
  },
  Benchmark("baseline.observable", operations: (10_000_000, 100_000)) { n in
    let box = ObservableBox(reduce: makeIncrement())
    let elapsed = time { increment(box, times: n) }
    try check(box.state == n, "count \(box.state) != \(n)")
    return elapsed
  },
  Benchmark("send.root", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore()
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("send.root.extension.noHooks", operations: (1_000_000, 10_000)) { n in
    // send.root with one extension installed that declares no hook: what an extension costs
    // a store when it asks for nothing.
    let store = makeValueStore()
    store.install(Inert())
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("send.body", operations: (1_000_000, 10_000)) { n in
    // send.root with the reducer in a body: one more reducer, and the body built per action.
    let store = ReducerStore(initialState: CountState(), reducer: BodyCounter())
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("scope.body", operations: (1_000_000, 10_000)) { n in
    // send.body's count through a `Scope` to a child of the state.
    let store = ReducerStore(initialState: ScopedCounter.State(), reducer: ScopedCounter())
    let elapsed = time {
      for _ in 0..<n { store.send(.child(.increment)) }
    }
    try check(store.state.child.count == n, "count \(store.state.child.count) != \(n)")
    return elapsed
  },
  Benchmark("send.root.classState", operations: (1_000_000, 10_000)) { n in
    let store = ReducerStore(
      initialState: CountModel(), reducer: CountReducer { $0.count += 1 })
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("send.scoped.depth1", operations: (1_000_000, 10_000)) { n in
    let root = makeValueStore()
    let store = scoped(root, depth: 1)
    return try timeIncrements(store, n) { root.state.count }
  },
  Benchmark("send.scoped.depth10", operations: (1_000_000, 10_000)) { n in
    let root = makeValueStore()
    let store = scoped(root, depth: 10)
    return try timeIncrements(store, n) { root.state.count }
  },
  Benchmark("read.scoped.depth10", operations: (10_000_000, 100_000)) { n in
    let root = makeValueStore()
    root.send(.increment)
    let store = scoped(root, depth: 10)
    var sum = 0
    let elapsed = time {
      for _ in 0..<n { sum &+= store.state.count }
    }
    try check(sum == n, "sum \(sum) != \(n)")
    return elapsed
  },
  Benchmark("send.producers4", operations: (1_000_000, 40_000)) { n in
    let store = makeValueStore()
    return try await timeEnqueues(into: store, of: store, n)
  },
  Benchmark("send.producers4.scoped10", operations: (1_000_000, 40_000)) { n in
    // As send.producers4, through 10 levels of scope: each enqueue embeds the action 10 times
    // on the producer's thread, then appends it to the root's inbox.
    let root = makeValueStore()
    return try await timeEnqueues(into: scoped(root, depth: 10), of: root, n)
  },
  Benchmark("memory.producers4.burst", unit: "MiB", operations: (1, 1)) { _ in
    // A 1,000,000-action burst from 4 producers; what it leaves above the resident size
    // measured before it, once reduced.
    let store = makeValueStore()
    let before = residentBytes()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250_000 { store.enqueue(.increment) }
        }
      }
    }
    store.send(.increment)
    try check(store.state.count == 1_000_001, "count \(store.state.count) != 1000001")
    return Double(residentBytes() - before) / 1_048_576
  },
  Benchmark("baseline.task.roundtrip", operations: (20_000, 500)) { n in
    // The floor of an effect round trip: the main actor starts a task on the global executor
    // and waits for its result, with no library code.
    var sum = 0
    let elapsed = await time {
      for _ in 0..<n { sum += await Task.detached { 1 }.value }
    }
    try check(sum == n, "sum \(sum) != \(n)")
    return elapsed
  },
  Benchmark("baseline.mainActor.yield", operations: (20_000, 500)) { n in
    // One job enqueued on the main actor by the main actor, with no library code: what a hop
    // onto the main actor costs on this platform, even from the main actor itself.
    var count = 0
    let elapsed = await time {
      for _ in 0..<n {
        await Task.yield()
        count += 1
      }
    }
    try check(count == n, "count \(count) != \(n)")
    return elapsed
  },
  Benchmark("effect.run.roundtrip", operations: (20_000, 500)) { n in
    let store = makeValueStore()
    let elapsed = await time {
      for _ in 0..<n { await store.send(.ping).finish() }
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("effect.queue.newest3", operations: (20_000, 500)) { n in
    // effect.run.roundtrip with the effect in a `.newest(3)` queue: what a queue adds to an
    // effect, which takes its place, starts, and gives the place up once its action is reduced.
    let store = makeValueStore()
    let elapsed = await time {
      for _ in 0..<n { await store.send(.queuedPing).finish() }
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("effect.debounce.keys10k", operations: (10_000, 1_000)) { n in
    let clock = ManualClock()
    let store = makeValueStore(clock: clock)
    let elapsed = await time {
      for key in 0..<n { store.send(.fire(key)) }
      await clock.advance(by: .milliseconds(300))
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("clock.settle.idle", operations: (20_000, 500)) { n in
    // A settle point with nothing to run: what every advance and test-store call costs at least.
    let clock = ManualClock()
    let store = makeValueStore(clock: clock)
    let elapsed = await time {
      for _ in 0..<n { await clock.advance(by: .zero) }
    }
    try check(store.state.count == 0, "count \(store.state.count) != 0")
    return elapsed
  },
  Benchmark("clock.advance.chain10k", operations: (10_000, 1_000)) { n in
    // n one-second units, each started by the action the previous one delivered, all in one
    // advance of n seconds: per unit, a wake-up, its effect, its action and the next sleep.
    let clock = ManualClock()
    let store = makeValueStore(clock: clock)
    let elapsed = await time {
      store.send(.chain(n))
      await clock.advance(by: .seconds(n))
    }
    try check(store.state.count == 1, "the chain did not end within the advance")
    try check(clock.now.offset == .seconds(n), "the clock is at \(clock.now)")
    return elapsed
  },
  Benchmark("effect.ticks.advance10k", operations: (10_000, 1_000)) { n in
    // n ticks of EffectContext.ticks(every: 1 s) on a manual clock, all in one advance of n
    // seconds: per tick, a wake-up, the tick's action and the next sleep.
    let clock = ManualClock()
    let store = makeValueStore(clock: clock)
    let elapsed = await time {
      store.send(.tick(n))
      await clock.advance(by: .seconds(n))
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("shutdown.finishEffects", operations: (20_000, 500)) { n in
    // effect.run.roundtrip, waiting with the store-wide finishEffects instead of the send's
    // own task.
    let store = makeValueStore()
    let elapsed = await time {
      for _ in 0..<n {
        store.send(.ping)
        await store.finishEffects(timeout: .seconds(10))
      }
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("observe.keyPath.unchanged", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore()
    var calls = 0
    let token = store.observe(\.untouched) { _ in calls += 1 }
    let elapsed = try timeIncrements(store, n) { store.state.count }
    try check(calls == 1, "the observer was called \(calls) times, not once")
    token.cancel()
    return elapsed
  },
  Benchmark("observe.keyPath.changed", operations: (1_000_000, 10_000)) { n in
    try timeIncrements(observedBy: 1, n)
  },
  Benchmark("observe.keyPath.changed.x10", operations: (1_000_000, 10_000)) { n in
    try timeIncrements(observedBy: 10, n)
  },
  Benchmark("stream.states", operations: (1_000_000, 10_000)) { n in
    // n actions sent on the main actor while one task takes every state of `states`: per state,
    // its copy into the stream's buffer and out to the consumer.
    let store = makeValueStore()
    let states = store.states
    let elapsed = await time {
      let consumer = Task.detached {
        var taken = 0
        for await _ in states {
          taken += 1
          if taken == n + 1 { break }
        }
        return taken
      }
      for _ in 0..<n { store.send(.increment) }
      let taken = await consumer.value
      try? check(taken == n + 1, "the consumer took \(taken) states")
    }
    try check(store.state.count == n, "count \(store.state.count) != \(n)")
    return elapsed
  },
  Benchmark("memory.stream.states.burst", unit: "MiB", operations: (1, 1)) { _ in
    // 1,000,000 states buffered for a consumer that takes none until the burst is over: what
    // a slow consumer of an unbounded stream costs.
    let store = makeValueStore()
    releaseFreedMemory()
    let before = residentBytes()
    let states = store.states
    for _ in 0..<1_000_000 { store.send(.increment) }
    let buffered = residentBytes() - before
    var taken = 0
    for await _ in states {
      taken += 1
      if taken == 1_000_001 { break }
    }
    try check(taken == 1_000_001, "the consumer took \(taken) states")
    return Double(buffered) / 1_048_576
  },
  Benchmark("logging.configured", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore().logging(.all, to: LogSink { _ in })
    return try timeIncrements(store, n) { store.state.count }
  },
  // What `.diff` logging pays per action, measured on the public formatter (logging itself is
  // compiled out of release builds): reflect both states, compare them, format what changed.
  Benchmark("logging.diff.small", operations: (100_000, 10_000)) { n in
    let old = SmallState()
    var new = old
    new.settings.volume = 6
    return try timeDiffs(from: old, to: new, n, expecting: "settings.volume\n  - 5\n  + 6")
  },
  Benchmark("logging.diff.fields100", operations: (10_000, 1_000)) { n in
    let old = HundredFields()
    var new = old
    new.t9.f9 = 1
    return try timeDiffs(from: old, to: new, n, expecting: "t9.f9\n  - 0\n  + 1")
  },
  Benchmark("logging.diff.array1000", operations: (1_000, 100)) { n in
    // One element changed among 1,000, past the 100 children a state entry shows: the diff
    // reflects and compares all of them.
    let old = Array(0..<1_000)
    var new = old
    new[500] = -1
    return try timeDiffs(from: old, to: new, n, expecting: "self[500]\n  - 500\n  + -1")
  },
  // How cost grows: with state size and with effects in flight.
  Benchmark("growth.state.fields100", operations: (1_000_000, 10_000)) { n in
    let store = ReducerStore(
      initialState: HundredFields(), reducer: CountReducer { $0.t9.f9 += 1 })
    return try timeIncrements(store, n) { store.state.t9.f9 }
  },
  Benchmark("growth.state.array10k", operations: (1_000_000, 10_000)) { n in
    let store = ReducerStore(
      initialState: [Int](repeating: 0, count: 10_000), reducer: CountReducer { $0[0] += 1 })
    return try timeIncrements(store, n) { store.state[0] }
  },
  Benchmark("growth.effects.inFlight1000", operations: (1_000_000, 10_000)) { n in
    let clock = ManualClock()
    let store = makeValueStore(clock: clock)
    for key in 0..<1_000 { store.send(.fire(key)) }  // 1,000 debounces wait on the clock
    await clock.advance(by: .zero)
    return try timeIncrements(store, n) { store.state.count }
  },
]
