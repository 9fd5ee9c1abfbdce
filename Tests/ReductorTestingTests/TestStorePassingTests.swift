import Reductor
import ReductorTesting
import Testing

@MainActor
@Suite struct TestStorePassingTests {
  @Test func sendAssertsTheStateChange() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.increment) { $0.count = 1 }
    await store.send(.increment) { $0.count = 2 }
    #expect(store.state.count == 2)
    await store.finish()
  }

  @Test func effectsAreReceivedAtTheirVirtualTime() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.finish()
  }

  /// TCA's `await task.finish()`: the task's effect has finished, and so has its off-clock
  /// one within the timeout.
  @Test func aTaskWhoseEffectsEndedFinishes() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let task = await store.send(.load) { $0.isLoading = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await task.finish()
    let offClock = await store.send(.loadOffClock)
    await offClock.finish(timeout: .seconds(5))
    await store.receive(.loaded(7)) { $0.count = 7 }
    await store.finish()
  }

  /// Without `clock:`, the test store makes a manual clock of its own and exposes it.
  @Test func aTestStoreWithoutAClockMovesTimeOnItsOwnManualClock() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.load) { $0.isLoading = true }
    #expect(store.clock.nextDeadline == ManualClock.Instant(offset: .seconds(1)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    #expect(store.clock.now == ManualClock.Instant(offset: .seconds(1)))
    await store.finish()
  }

  @Test func aTestStoreRunsOnTheClockItIsGiven() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    #expect(store.clock === clock)
    await store.finish()
  }

  @Test func synchronousFollowUpActionsAreReceived() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.incrementTwice) { $0.count = 1 }
    await store.receive(.increment) { $0.count = 2 }
    await store.finish()
  }

  @Test func aTimerIsReceivedTickByTickAndStopped() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stopTimer)
    await clock.advance(by: .seconds(5))
    await store.finish()
  }

  /// TCA's `testThrottleLatest`: 1 answers at once; 2 to 5 are throttled; 5, the latest,
  /// answers when the window ends at 1 s.
  @Test func theLatestThrottledEffectAnswersWhenTheWindowEnds() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.throttled(1))
    await store.receive(.throttledResponse(1)) { $0.count = 1 }
    await store.send(.throttled(2))
    for value in 3...5 {
      await clock.advance(by: .milliseconds(250))
      await store.send(.throttled(value))
    }
    await clock.advance(by: .milliseconds(249))
    #expect(store.state.count == 1)  // nothing answered before the window's end
    await clock.advance(by: .milliseconds(1))
    await store.receive(.throttledResponse(5)) { $0.count = 5 }
    #expect(clock.now.offset == .seconds(1))
    await store.finish()
  }

  @Test func nonExhaustiveTestsCheckOnlyWhatTheyState() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    store.exhaustivity = .off
    await store.send(.startTimer)
    await store.send(.load)  // isLoading changed; not asserted
    await clock.advance(by: .seconds(3))
    await store.receive(.loaded(42)) { $0.count = 42 }  // skips the first tick
    #expect(store.state.ticks == 3)
    await store.finish()  // the timer still runs and ticks are unreceived: not checked
    await store.skipInFlightEffects()
  }

  @Test func skippingIgnoresDeliveredActionsAndRunningEffects() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(3))
    await store.skipReceivedActions()
    await store.skipInFlightEffects()
    await store.send(.increment) { $0.count = 1 }
    await store.finish()
  }
}
