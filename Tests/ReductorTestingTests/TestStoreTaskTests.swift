import Reductor
import ReductorTesting
import Testing

@MainActor
@Suite struct TestStoreTaskTests {
  /// TCA's test of a long-living effect: the task a send returned is cancelled at the end of the
  /// test with `await task.cancel()`, which returns once the effect has ended.
  @Test func awaitingTheCancellationOfALongLivingEffectEndsIt() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let task = await store.send(.startTimer)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await task.cancel()
    #expect(task.isCancelled)
    #expect(task.storeTask.isFinished)
    await store.clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 1)
    await store.finish()
  }

  /// An effect cancelled without waiting is not reported as still running when the test store
  /// goes: the test ended it.
  @Test func anEffectCancelledWithoutWaitingIsNotReportedWhenTheStoreGoes() async {
    do {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      let task = await store.send(.startTimer)
      task.storeTask.cancel()
    }
  }

  /// An effect that still runs is reported, cancelled or not by another route.
  @Test func anEffectLeftRunningIsStillReportedWhenTheStoreGoes() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.startTimer)
    }
    #expect(
      failures == [
        "An effect started by send(startTimer) is still running when the test store was "
          + "deinitialized. Advance the clock until it finishes, cancel it, or call "
          + "skipInFlightEffects()."
      ])
  }
}
