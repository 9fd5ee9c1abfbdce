import Testing

@testable import Reductor

/// `EffectContext.ticks(every:)` on a manual clock: ticks on a fixed grid from the start of the
/// iteration, whatever the work between them takes.
@MainActor
@Suite struct TicksTests {
  /// Delivers `done("<tick>")` for each tick, after `work` of sleeping on the clock, until the
  /// `count`-th delivery.
  func tickingWithWork(_ work: Duration, count: Int) -> Effect<TimelineAction> {
    .run(lifetime: .replaceable("ticks")) { send in
      var delivered = 0
      for await tick in EffectContext.ticks(every: .seconds(1)) {
        try await EffectContext.clock.sleep(for: work)
        send(.done("\(tick)"))
        delivered += 1
        if delivered == count { return }
      }
    }
  }

  @Test func ticksAreDueOneIntervalApartFromTheStart() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      .stream {
        EffectContext.ticks(every: .milliseconds(250)).prefix(3).map { .done("\($0)") }
      }
    }
    await clock.advance(by: .milliseconds(100))
    store.send(.fire("go"))
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("1", 350), ("2", 600), ("3", 850)))
    #expect(store.runningEffectCount == 0)
  }

  /// The work of 300 ms per tick does not move the next tick; with `sleep(for:)` in a loop the
  /// ticks would drift to 1.3, 2.6 and 3.9 seconds.
  @Test func workBetweenTicksDoesNotShiftThem() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      tickingWithWork(.milliseconds(300), count: 3)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("1", 1300), ("2", 2300), ("3", 3300)))
  }

  /// The loop the ticks replace drifts by the work done per tick.
  @Test func aSleepForLoopDriftsByTheWorkPerTick() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      .run { send in
        for tick in 1...3 {
          try await EffectContext.clock.sleep(for: .seconds(1))
          try await EffectContext.clock.sleep(for: .milliseconds(300))
          send(.done("\(tick)"))
        }
      }
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("1", 1300), ("2", 2600), ("3", 3900)))
  }

  /// Work of 2.5 s per one-second tick: the consumer gets the last tick that is due at once,
  /// never a burst of the ones it missed.
  @Test func aConsumerThatFallsBehindGetsTheLastDueTickAndSkipsTheRest() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      tickingWithWork(.milliseconds(2500), count: 3)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(10))
    #expect(store.state == stamped(("1", 3500), ("3", 6000), ("6", 8500)))
  }

  @Test func cancellingTheEffectEndsTheTicks() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop" ? .cancel("ticks") : tickingWithWork(.zero, count: 100)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(2))
    store.send(.stop)
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("1", 1000), ("2", 2000)))
    #expect(store.runningEffectCount == 0)
  }

  @Test(arguments: [Duration.zero, .seconds(-1)])
  func aNonPositiveIntervalEndsTheTicksAtOnce(interval: Duration) async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      .stream { EffectContext.ticks(every: interval).map { .done("\($0)") } }
    }
    store.send(.fire("go"))
    await clock.advance(by: .zero)
    #expect(store.state == [])
    #expect(store.runningEffectCount == 0)
  }
}
