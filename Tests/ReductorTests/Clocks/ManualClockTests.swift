import Reductor
import Testing

/// The clock on its own, and with the effects of a store, which run on the clock's executor.
@Suite struct ManualClockTests {
  @Test func timeMovesOnlyWhenAdvanced() async {
    let clock = ManualClock()
    #expect(clock.now.offset == .zero)
    #expect(clock.minimumResolution == .zero)
    await clock.advance(by: .seconds(2))
    #expect(clock.now.offset == .seconds(2))
    await clock.advance(to: ManualClock.Instant(offset: .seconds(5)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func advancingBackwardsDoesNotMoveTime() async {
    let clock = ManualClock(now: .init(offset: .seconds(10)))
    await clock.advance(by: .seconds(-3))
    await clock.advance(to: .init(offset: .seconds(1)))
    #expect(clock.now.offset == .seconds(10))
  }

  @Test func aSleepWhoseDeadlineIsNotAfterNowReturnsAtOnce() async throws {
    let clock = ManualClock(now: .init(offset: .seconds(1)))
    try await clock.sleep(until: .init(offset: .seconds(1)))
    try await clock.sleep(until: .init(offset: .zero))
    try await clock.sleep(for: .zero)
    #expect(clock.now.offset == .seconds(1))
  }

  @MainActor
  @Test func sleepersWakeInDeadlineOrderWithNowAtEachDeadline() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      let delays = ["late": 300, "early": 100, "tie-1": 200, "tie-2": 200]
      return sleepThenDone(name, after: .milliseconds(delays[name]!))
    }
    for name in ["late", "early", "tie-1", "tie-2"] { store.send(.fire(name)) }
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("early", 100), ("tie-1", 200), ("tie-2", 200), ("late", 300)))
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func aSleepInACancelledTaskThrowsCancellationError() async {
    let clock = ManualClock()
    let task = Task {
      try await clock.sleep(for: .seconds(1))
    }
    task.cancel()
    await #expect(throws: CancellationError.self) { try await task.value }
  }

  @MainActor
  @Test func aCancelledSleeperThrowsAndIsRemoved() async {
    let clock = ManualClock()
    let outcome = Locked<String?>(nil)
    let store = makeTimelineStore(clock: clock) { _ in
      .run { send in
        do {
          try await EffectContext.clock.sleep(for: .seconds(1))
          outcome.withLock { $0 = "woke" }
        } catch {
          outcome.withLock { $0 = "\(type(of: error))" }
        }
      }
    }
    let task = store.send(.fire("sleep"))
    await clock.advance(by: .zero)  // the effect is asleep
    task.cancel()
    await clock.run()  // nothing left to wake: time does not move
    #expect(outcome.value == "CancellationError")
    #expect(clock.now.offset == .zero)
  }

  @MainActor
  @Test func runAdvancesUntilNoSleeperIsLeft() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.concat {
        sleepThenDone(name, after: .seconds(2))
        sleepThenDone(name, after: .seconds(3))
      }
    }
    store.send(.fire("x"))
    await clock.run()
    #expect(store.state == stamped(("x", 2000), ("x", 5000)))
    #expect(clock.now.offset == .seconds(5))
  }

  @Test func instantsCompareAndMeasureDurations() {
    let start = ManualClock.Instant(offset: .seconds(1))
    let later = start.advanced(by: .milliseconds(500))
    #expect(start < later)
    #expect(start.duration(to: later) == .milliseconds(500))
    #expect(later.description == "1.5 seconds")
  }
}
