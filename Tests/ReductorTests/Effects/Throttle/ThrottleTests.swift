import Testing

@testable import Reductor

@MainActor
@Suite struct ThrottleTests {
  /// interval 1 s; effects at 0, 300, 900, 1000, 1500 ms: the ones at 0 and 1000 run.
  @Test func throttleRunsTheLeadingEffectAndDropsOthersForTheInterval() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.throttle(for: .seconds(1), key: "save") { Effect.send(.done(name)) }
    }
    let events = [("a", 0), ("b", 300), ("c", 900), ("d", 1000), ("e", 1500)]
    await play(events, on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("d", 1000)))
  }

  @Test func theInstanceFormThrottlesTheSameWay() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .ms(10)).throttled(for: .seconds(1), key: "save")
    }
    await play([("a", 0), ("b", 0), ("c", 1000)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 10), ("c", 1010)))
  }

  @Test func cancelForgetsTheWindow() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("save") : Effect.send(.done(name)).throttled(for: .seconds(1), key: "save")
    }
    store.send(.fire("a"))
    store.send(.stop)
    store.send(.fire("b"))
    await clock.advance(by: .zero)
    #expect(store.state == stamped(("a", 0), ("b", 0)))
  }

  @Test(arguments: [Duration.zero, .ms(-1)])
  func aZeroOrNegativeIntervalDoesNotThrottle(interval: Duration) async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).throttled(for: interval, key: "k")
    }
    store.send(.fire("a"))
    store.send(.fire("b"))
    await clock.advance(by: .zero)
    #expect(store.state == stamped(("a", 0), ("b", 0)))
  }

  @Test func tenThousandKeysEachGetTheirOwnWindowAndFinishedWindowsAreReleased() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).throttled(for: .seconds(1), key: name)
    }
    for index in 0..<10_000 { store.send(.fire("\(index)")) }
    for index in 0..<10_000 { store.send(.fire("\(index)")) }
    #expect(store.state.count == 10_000)
    #expect(store.throttleWindowCount == 10_000)
    await clock.advance(by: .seconds(1))
    store.send(.fire("late"))
    #expect(store.state.count == 10_001)
    #expect(store.throttleWindowCount == 1)
  }
}
