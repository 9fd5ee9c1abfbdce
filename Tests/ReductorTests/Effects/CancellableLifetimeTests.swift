import Testing

@testable import Reductor

/// `EffectLifetime.cancellable(_:)` (#31): effects under one key run beside each other, and
/// `.cancel(key)`, a replaceable effect or a debounce with the key cancels them all. The counter
/// of TCA's EffectsBasics: below zero, a decrement brings the count back a second later, unless
/// an increment cancels that.
@MainActor
@Suite struct CancellableLifetimeTests {
  enum Action: Sendable, Equatable {
    case decrement
    case increment
    case delayedIncrement
    /// Brings the count back a second later, replacing what waits under the key.
    case replacingDecrement
    /// Brings the count back once 500 ms pass with no other debounce under the key.
    case debouncedDecrement
  }

  private func makeStore(clock: ManualClock) -> ReducerStore<Int, Action> {
    ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        switch action {
        case .decrement:
          count -= 1
          return count >= 0 ? .none : Self.delayedIncrement(lifetime: .cancellable("delay"))
        case .replacingDecrement:
          count -= 1
          return Self.delayedIncrement(lifetime: .replaceable("delay"))
        case .debouncedDecrement:
          count -= 1
          return Effect.send(.delayedIncrement)
            .debounced(for: .milliseconds(500), key: "delay")
        case .increment:
          count += 1
          return .cancel("delay")
        case .delayedIncrement:
          count += 1
          return .none
        }
      },
      clock: clock)
  }

  private static func delayedIncrement(lifetime: EffectLifetime) -> Effect<Action> {
    .run(lifetime: lifetime) {
      try await EffectContext.clock.sleep(for: .seconds(1))
      return .delayedIncrement
    }
  }

  @Test func twoDecrementsBelowZeroBothComeBack() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    #expect(store.state == -2)
    #expect(store.runningEffectCount == 2)
    await clock.advance(by: .seconds(1))
    #expect(store.state == 0)
    #expect(store.runningEffectCount == 0)
  }

  @Test func cancellingTheKeyCancelsThemAll() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    store.send(.increment)
    #expect(store.state == -1)
    await clock.advance(by: .zero)
    #expect(store.runningEffectCount == 0)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -1)
  }

  @Test func aReplaceableEffectWithTheKeyCancelsThemAndRuns() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    store.send(.replacingDecrement)
    #expect(store.state == -3)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -2)
  }

  @Test func aDebounceWithTheKeyCancelsThem() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.debouncedDecrement)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -1)
  }

  @Test func eachIsInFlightUnderItsKey() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.diagnosticHandler = { _ in }
    store.send(.decrement)
    store.send(.decrement)
    let inFlight = await store.finishEffects(timeout: .milliseconds(20))
    #expect(inFlight.map(\.lifetime) == [.cancellable("delay"), .cancellable("delay")])
    #expect(inFlight.map(\.stage) == [.running, .running])
    #expect("\(EffectLifetime.cancellable("delay"))" == "cancellable(\"delay\")")
  }
}
