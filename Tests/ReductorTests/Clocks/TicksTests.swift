import Testing

@testable import Reductor

/// `EffectContext.ticks(every:)` on a manual clock: ticks on a fixed grid from the start of the
/// iteration, whatever the work between them takes.
@MainActor
@Suite struct TicksTests {
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
