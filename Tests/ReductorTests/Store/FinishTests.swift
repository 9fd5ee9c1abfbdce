import Dispatch
import StressRuns
import Testing

@testable import Reductor

enum WorkAction: Sendable, Equatable {
  /// Delivers `.step(1)`, `.step(2)`, `.step(3)` through `send`.
  case steps
  /// Returns `.loaded(42)` from a `.run` operation.
  case load
  /// Sleeps one second on the store's clock, detached, then returns `.loaded(7)`.
  case loadDetached
  /// Never ends until cancelled.
  case forever
  case step(Int)
  case loaded(Int)
}

/// `StoreTask.finish()` from the main actor and from elsewhere, with several waiters, with the
/// store gone, and cancelled.
@MainActor
@Suite struct FinishTests {
  private func makeStore(
    clock: any Clock<Duration> = ContinuousClock()
  ) -> ReducerStore<[WorkAction], WorkAction> {
    ReducerStore(
      initialState: [],
      reducer: Reduce<[WorkAction], WorkAction> { state, action in
        switch action {
        case .steps:
          return .run { send in
            for step in 1...3 { send(.step(step)) }
          }
        case .load:
          return .run { .loaded(42) }
        case .loadDetached:
          return .run(lifetime: .detached) {
            try await EffectContext.clock.sleep(for: .seconds(1))
            return .loaded(7)
          }
        case .forever:
          return .run { _ in
            try await EffectContext.clock.sleep(for: .seconds(1_000_000))
          }
        case .step, .loaded:
          state.append(action)
          return .none
        }
      },
      clock: clock)
  }

  @Test func finishOnTheMainActorReducesWhatTheEffectDeliveredInOrder() async {
    let store = makeStore()
    await store.send(.steps).finish()
    #expect(store.state == [.step(1), .step(2), .step(3)])
    #expect(store.runningEffectCount == 0)
  }

  /// An effect's task is unregistered before it ends its count, so once `finish()` returns no
  /// effect is counted as running; repeated, because the two threads race.
  @Test func afterFinishTheEffectThatDeliveredLastIsNoLongerRunning() async {
    let store = makeStore()
    for round in 1...200 {
      await store.send(.load).finish()
      #expect(store.state.count == round)
      #expect(store.runningEffectCount == 0)
    }
    #expect(store.state == Array(repeating: .loaded(42), count: 200))
  }

  @Test func finishOffTheMainActorWaitsTheSameWay() async {
    let store = makeStore()
    let task = store.send(.load)
    await Task.detached { await task.finish() }.value
    #expect(store.state == [.loaded(42)])
  }

  @Test func twoWaitersOnTheMainActorBothReturn() async {
    let store = makeStore()
    let first = store.send(.steps)
    let second = store.send(.load)
    async let firstDone: Void = first.finish()
    async let secondDone: Void = second.finish()
    _ = await (firstDone, secondDone)
    #expect(store.state.filter { $0 == .loaded(42) }.count == 1)
    #expect(store.state.filter { $0 != .loaded(42) } == [.step(1), .step(2), .step(3)])
  }

  /// The detached effect's action finds the store gone: it is dropped, and the work still ends,
  /// so `finish()` returns.
  @Test func aLastActionDroppedWithItsStoreStillEndsTheWork() async {
    let clock = ManualClock()
    var store: ReducerStore? = makeStore(clock: clock)
    let task = store?.send(.loadDetached)
    store = nil
    #expect(task?.isFinished == false)
    await clock.advance(by: .seconds(1))
    await task?.finish()
    #expect(task?.isFinished == true)
  }

  @Test func cancellingATaskThatWaitsInFinishOnTheMainActorReturnsAndCancelsTheEffect() async {
    let store = makeStore()
    let task = store.send(.forever)
    let waiter = Task { @MainActor in await task.finish() }
    waiter.cancel()
    await waiter.value
    #expect(task.isCancelled)
    await task.finish()
    #expect(store.runningEffectCount == 0)
  }

  /// The effect cancels the task that waits for it, from the effect's thread, before the task
  /// suspends or while it is suspended; the wait returns either way, and the effect, which
  /// otherwise never ends, is cancelled.
  @Test(arguments: stressRuns)
  func stressCancellingTheWaitFromTheEffectsThreadReturns(run: Int) async {
    let waiter = Locked<Task<Void, Never>?>(nil)
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Bool> { _, _ in
        .run { _ in
          waiter.value?.cancel()
          try await EffectContext.clock.sleep(for: .seconds(1_000_000))
        }
      })
    let storeTask = Locked<StoreTask?>(nil)
    let task = Task { @MainActor in
      let sent = store.send(true)
      storeTask.withLock { $0 = sent }
      await sent.finish()
    }
    waiter.withLock { $0 = task }
    await task.value
    #expect(task.isCancelled)
    #expect(storeTask.value?.isCancelled == true)
    await storeTask.value?.finish()
    #expect(store.runningEffectCount == 0)
  }
}

/// A wait for a send's work stays on the actor that waits: leaving it would hand the task to the
/// global executor and back, two thread wake-ups in every wait (on the main actor, which no
/// other thread can stand in for, a round trip's worth). The actor's jobs run on a thread of
/// their own, hence the repetitions.
@Suite struct WaitIsolationTests {
  @Test(arguments: stressRuns)
  func stressAWaitThatEndsAtOnceRunsNoJobOnItsActor(run: Int) async throws {
    let owner = CountingOwner()
    #expect(try await owner.jobsDuringAWaitForAWaiterResumedBefore() == 0)
  }
}

/// An executor that counts the jobs enqueued on it and runs them on a queue of its own.
private final class CountingExecutor: SerialExecutor {
  private let queue = DispatchQueue(label: "CountingExecutor")
  private let count = Locked(0)

  var enqueued: Int { count.value }

  func enqueue(_ job: consuming ExecutorJob) {
    count.withLock { $0 += 1 }
    let job = UnownedJob(job)
    queue.async { job.runSynchronously(on: self.asUnownedSerialExecutor()) }
  }
}

/// An actor on a ``CountingExecutor``: each hop onto it is a job the executor counts.
private actor CountingOwner {
  let executor = CountingExecutor()

  nonisolated var unownedExecutor: UnownedSerialExecutor {
    executor.asUnownedSerialExecutor()
  }

  /// The jobs enqueued on this actor while it waits as a waiter that was resumed before it
  /// suspends: none unless the wait left the actor.
  func jobsDuringAWaitForAWaiterResumedBefore() async throws -> Int {
    let runtime = EffectRuntime(clock: ContinuousClock())
    let tracker = EffectTracker(runtime: runtime, action: "work")
    tracker.begin()
    let id = try #require(runtime.registerWaiter(for: tracker))
    runtime.resumeWaiter(id)
    let before = executor.enqueued
    await runtime.suspend(asWaiter: id)
    return executor.enqueued - before
  }
}
