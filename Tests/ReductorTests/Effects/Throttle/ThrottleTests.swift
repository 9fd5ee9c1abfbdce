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

/// `latest: true`: the newest effect dropped during a window runs when the window ends.
@MainActor
@Suite struct ThrottleLatestTests {
  private func makeStore(clock: ManualClock) -> ReducerStore<[Stamped<String>], TimelineAction> {
    makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("k")
        : Effect.send(.done(name)).throttled(for: .seconds(1), key: "k", latest: true)
    }
  }

  /// TCA's `testThrottleLatest`: 1 runs at once; 2, 3, 4 and 5 are throttled; 5, the latest,
  /// runs when the window ends at 1 s.
  @Test func theLatestDroppedEffectRunsWhenTheWindowEnds() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("1", 0), ("2", 0), ("3", 250), ("4", 500), ("5", 750)], on: clock) {
      store.send(.fire($0))
    }
    #expect(store.state == stamped(("1", 0)))
    await clock.advance(by: .milliseconds(249))
    #expect(store.state == stamped(("1", 0)))
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == stamped(("1", 0), ("5", 1000)))
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

  /// An effect at the instant a trailing run happens falls into the window that run opened.
  @Test func anEffectAtTheTrailingRunsInstantFallsIntoTheNextWindow() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("a", 0), ("b", 500), ("c", 1000)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("b", 1000), ("c", 2000)))
  }

  @Test func cancelDropsTheTrailingEffect() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("a", 0), ("b", 500), ("stop", 600), ("c", 700)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("c", 700)))
  }

  /// The send of a trailing effect finishes once it ran, or at once when a newer one replaced
  /// it; cancelling it drops the trailing effect.
  @Test func theStoreTaskOfATrailingEffectTracksItUntilItRuns() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.fire("a"))
    let replaced = store.send(.fire("b"))
    let kept = store.send(.fire("c"))
    #expect(replaced.isFinished)
    #expect(!kept.isFinished)
    await clock.advance(by: .seconds(1))
    #expect(kept.isFinished)
    let cancelled = store.send(.fire("d"))
    cancelled.cancel()
    #expect(cancelled.isFinished)
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("c", 1000)))
  }

  @Test func aReleasedStoreDropsItsTrailingEffects() async {
    let clock = ManualClock()
    var store: ReducerStore? = makeStore(clock: clock)
    store?.send(.fire("a"))
    let trailing = store?.send(.fire("b"))
    store = nil
    #expect(trailing?.isFinished == true)
    await clock.run()
    #expect(clock.now.offset == .zero)  // the window's timer was cancelled: nothing slept on
  }
}
