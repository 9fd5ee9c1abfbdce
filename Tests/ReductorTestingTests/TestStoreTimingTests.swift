import Reductor
import ReductorTesting
import StressRuns
import Testing

/// The test store's settle points: what a test sees after each call is the same on every run,
/// and waits for work off the clock end when the work comes back, or at the timeout. Each
/// scenario runs `stressRuns` times (100 in CI), since a broken mechanism shows as a race.
@MainActor
@Suite struct TestStoreTimingTests {
  /// `send` returns with the effect it started run and its answer reduced, waiting to be
  /// received: the state right after `send` is the same on every run.
  @Test(arguments: stressRuns)
  func aSendReturnsWithTheEffectsItStartedSettled(run: Int) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.answerAtOnce)
    #expect(store.state.count == 1)
    await store.receive(.loaded(1)) { $0.count = 1 }
    await store.finish()
  }

  /// Two receives with timeouts for work that leaves the clock's executor twice: the first
  /// wait's end does not cut the second one short.
  @Test(arguments: stressRuns)
  func consecutiveReceivesWithTimeoutsEachWaitForTheirAction(run: Int) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.deliverTwiceOffClock)
    await store.receive(.increment, timeout: .seconds(5)) { $0.count = 1 }
    await store.receive(.tick, timeout: .seconds(5)) { $0.ticks = 1 }
    await store.finish(timeout: .seconds(5))
  }

  /// A receive in a cancelled task stops waiting at once, leaving the main actor to others.
  @Test func aReceiveWithATimeoutInACancelledTaskReturnsAtOnce() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let waited = await Task { @MainActor in
      withUnsafeCurrentTask { $0?.cancel() }
      let start = ContinuousClock.now
      _ = await recordedFailures { await store.receive(.tick, timeout: .seconds(5)) }
      return start.duration(to: .now)
    }.value
    #expect(waited < .seconds(4))
    await store.finish()
  }

  /// Not exhaustive: a receive skips the actions that do not match and waits on for the one
  /// that does.
  @Test(arguments: stressRuns)
  func aNonExhaustiveReceiveWaitsPastActionsThatDoNotMatch(run: Int) async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    store.exhaustivity = .off
    await store.send(.deliverNoiseThenLoadedOffClock)
    await store.receive(.loaded(7), timeout: .seconds(5)) { $0.count = 7 }
    #expect(store.state.ticks == 1)
    await store.finish(timeout: .seconds(5))
  }
}
