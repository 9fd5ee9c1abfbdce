import Reductor
import ReductorReactor
import Synchronization

/// The reactable of `instrument.reactable.*`: `reactable.action`'s counter, with targets on every
/// stage of every action.
final class InstrumentedCountReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case increment
  }

  enum Mutation: Sendable {
    case increment
  }

  let initialState = CountState()

  var instrumentation: Instrumentation.Options<Action>? {
    .init(targets: [.init(.init(rawValue: "count"))])
  }

  func mutate(action: Action) -> Effect<Mutation> {
    .just(.increment)
  }

  func reduce(state: inout CountState, mutation: Mutation) {
    state.count += 1
  }
}

/// A target on every stage of every action.
let everyStage = Instrumentation.Target<CountAction>(.init(rawValue: "count"))

/// Counts the target events `instrument.*.handler` rows emit: the cheapest handler there is.
let targetEvents = Atomic(0)

/// Runs `body` with a handler of target events installed, and returns its result and the number
/// of events it emitted.
@MainActor
func withTargetHandler(_ body: () throws -> Double) rethrows -> (Double, events: Int) {
  targetEvents.store(0, ordering: .relaxed)
  Instrumentation.onTargetEvent = { _ in targetEvents.add(1, ordering: .relaxed) }
  defer { Instrumentation.onTargetEvent = nil }
  let elapsed = try body()
  return (elapsed, targetEvents.load(ordering: .relaxed))
}

@MainActor
let instrumentationBenchmarks: [Benchmark] = [
  Benchmark("instrument.off", operations: (1_000_000, 10_000)) { n in
    // Could be instrumented, and is not: its options are the global switch's, which is off.
    let store = makeValueStore().instrumentation(nil)
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("instrument.on", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore().instrumentation(.default)
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("instrument.targets.noHandler", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore().instrumentation(.init(targets: [everyStage]))
    return try timeIncrements(store, n) { store.state.count }
  },
  Benchmark("instrument.targets.handler", operations: (1_000_000, 10_000)) { n in
    let store = makeValueStore().instrumentation(.init(targets: [everyStage]))
    let (elapsed, events) = try withTargetHandler {
      try timeIncrements(store, n) { store.state.count }
    }
    // A started and a finished event for the queue and the reduce of each action.
    try check(events == 4 * n, "\(events) target events for \(n) actions")
    return elapsed
  },
  Benchmark("instrument.reactable.targets.handler", operations: (1_000_000, 10_000)) { n in
    let reactable = InstrumentedCountReactable()
    let (elapsed, events) = withTargetHandler {
      time {
        for _ in 0..<n { reactable.action(.increment) }
      }
    }
    try check(reactable.currentState.count == n, "count \(reactable.currentState.count) != \(n)")
    // Started and finished for the queue, the mutate, the reduce and the effect of each action.
    try check(events == 8 * n, "\(events) target events for \(n) actions")
    return elapsed
  },
]
