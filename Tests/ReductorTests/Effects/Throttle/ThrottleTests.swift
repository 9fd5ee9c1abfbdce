import Testing

@testable import Reductor

@MainActor
@Suite struct ThrottleTests {
  @Test func theInstanceFormThrottlesTheSameWay() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .milliseconds(10)).throttled(for: .seconds(1), key: "save")
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

  @Test(arguments: [Duration.zero, .milliseconds(-1)])
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

/// `latest: true`: the newest effect dropped during a window runs when the window ends. Here the
/// timeline that checks the windows the store keeps, which only this package sees; the other
/// timelines are in the snippets' `ThrottleLatestTests` (Documentation/Snippets).
@MainActor
@Suite struct ThrottleLatestTests {
  private func makeStore(clock: ManualClock) -> ReducerStore<[Stamped<String>], TimelineAction> {
    makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("k")
        : Effect.send(.done(name)).throttled(for: .seconds(1), key: "k", latest: true)
    }
  }

  /// ```
  /// interval 1 s   0     250   500   750   1000  1250  2000  3000  (ms)
  /// effects        a     b     c     d           e           f
  /// runs           a                       d           e     f
  /// ```
  /// The trailing run at 1000 opens the window that keeps e for 2000; at 3000 that window has
  /// nothing left to run, so it closes and f leads a new one.
  @Test func eachTrailingRunOpensTheNextWindow() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let events = [("a", 0), ("b", 250), ("c", 500), ("d", 750), ("e", 1250), ("f", 3000)]
    await play(events, on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("d", 1000), ("e", 2000), ("f", 3000)))
    #expect(store.throttleWindowCount == 1)  // f's, forgotten at the next throttled effect
  }
}
