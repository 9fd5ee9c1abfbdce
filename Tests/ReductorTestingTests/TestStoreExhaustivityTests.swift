import Reductor
import Testing

@testable import ReductorTesting

/// `withExhaustivity`, `.off(showSkippedAssertions:)` and `assert`, as TCA users write them.
@MainActor
@Suite struct TestStoreExhaustivityTests {
  @Test func aNonExhaustiveStretchChecksOnlyWhatItStatesThenTheTestIsExhaustiveAgain() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.withExhaustivity(.off) {
      await store.send(.load)  // isLoading changed; not asserted
      await clock.advance(by: .seconds(1))
    }
    #expect(store.exhaustivity == .on)
    // Exhaustive again: the delivered action must be received before the next send.
    let failures = await recordedFailures {
      await store.send(.increment) { $0.count = 43 }
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix("Must receive 1 delivered action before sending increment")
        == true)
    await store.skipReceivedActions()
    await store.finish()
  }

  @Test func skippedAssertionsAreShownAndFailNothing() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.load)
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) { $0.count = 42 }
    await store.finish()
    #expect(
      store.skippedAssertions == [
        """
        State after send(load) differs from the expected state (− expected, + actual):
        isLoading
          - false
          + true
        """,
        """
        State after receive(loaded(42)) differs from the expected state (− expected, + actual):
        isLoading
          - true
          + false
        """,
        "1 delivered action was not received at the end of the test:\n  • tick\nReceive it with "
          + "receive(_:), skip it with skipReceivedActions(), or set exhaustivity = .off.",
        "An effect started by send(startTimer) is still running at the end of the test. Advance "
          + "the clock until it finishes, cancel it, or call skipInFlightEffects().",
      ])
    await store.skipInFlightEffects()
  }

  @Test func aSendBeforeReceivingAndASkippedActionAreShown() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    store.exhaustivity = .off(showSkippedAssertions: true)
    await store.send(.incrementTwice) { $0.count = 1 }
    await store.send(.load) { $0.isLoading = true }
    await store.send(.startTimer)
    await clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    #expect(
      store.skippedAssertions == [
        "Must receive 1 delivered action before sending load:\n  • increment\nReceive it with "
          + "receive(_:), or skip it with skipReceivedActions().",
        "Must receive 1 delivered action before sending startTimer:\n  • increment\nReceive it "
          + "with receive(_:), or skip it with skipReceivedActions().",
        "receive(increment), before tick",
        "receive(loaded(42)), before tick",
      ])
    await store.skipInFlightEffects()
  }

  @Test func assertChecksTheCurrentState() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    store.exhaustivity = .off
    await store.send(.load)
    await clock.advance(by: .seconds(1))
    store.assert {
      $0.count = 42
      $0.isLoading = false
    }
    let failures = await recordedFailures {
      store.assert { $0.count = 41 }
    }
    #expect(
      failures == [
        """
        The state differs from the expected state (− expected, + actual):
        count
          - 41
          + 42
        """
      ])
  }
}
