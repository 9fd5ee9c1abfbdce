import Reductor
import ReductorTesting
import Testing

/// Each scenario fails on purpose; the failures are known issues and their messages are checked.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongStateChangeFailsWithADiff() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(increment) differs from the expected state (− expected, + actual):
        count
          - 2
          + 1
        """
      ])
  }

  @Test func aSendWithoutAClosureAssertsThatTheStateDidNotChange() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment)
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(increment) differs from the expected state (− expected, + actual):
        count
          - 0
          + 1
        """
      ])
  }

  @Test func aMissingActionFailsTheReceive() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment) { $0.count = 1 }
      await store.receive(.tick)
      await store.finish()
    }
    #expect(failures == ["Expected to receive tick, but no action was delivered."])
  }

  @Test func anUnexpectedActionFailsTheReceive() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.receive(.tick)
      await store.finish()
    }
    #expect(failures == ["Expected to receive tick, but received increment."])
  }

  @Test func sendingWhileActionsAreUnreceivedFails() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.send(.increment) { $0.count = 3 }
      await store.finish()
    }
    #expect(
      failures == ["Must receive 1 delivered action(s) before sending increment:\n  • increment"])
  }

  @Test func finishFailsForUnreceivedActionsAndNamesThem() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.finish()
    }
    #expect(
      failures == ["1 delivered action(s) were not received at the end of the test:\n  • increment"]
    )
  }

  @Test func finishFailsForAnEffectStillRunningAndNamesItsSend() async {
    let clock = ManualClock()
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
      await store.send(.startTimer)
      await store.finish()
      await store.skipInFlightEffects()
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix(
        "An effect started by send(startTimer) at ReductorTestingTests/TestStoreFailureTests.swift:"
      ) == true)
    #expect(failures.first?.contains("is still running at the end of the test") == true)
  }

  @Test func aReceiveThatTimesOutFailsInsteadOfHanging() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.waitForever)
      await store.receive(.loaded(0), timeout: .milliseconds(20))
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive loaded(0), but no action was delivered within 0.02 seconds."
      ])
  }

  @Test func aTestStoreDroppedWithoutFinishReportsWhatWasLeft() async {
    let failures = await recordedFailures {
      var store: TestStore<Feature.State, Feature.Action>? = TestStore(
        initialState: Feature.State(), reducer: Feature())
      await store?.send(.incrementTwice) { $0.count = 1 }
      store = nil
    }
    #expect(
      failures == [
        "1 delivered action(s) were not received when the test store was deinitialized:\n  • increment"
      ])
  }
}
