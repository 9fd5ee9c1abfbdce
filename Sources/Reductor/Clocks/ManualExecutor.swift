/// The serial task executor of a ``ManualClock``: the effects of stores on that clock run here,
/// and only here.
///
/// Jobs wait in a queue until a settle point of the clock takes the executor over and runs them
/// inline, one at a time, until none is runnable. Nothing runs them in the background: between
/// settle points the effects of a store on a manual clock do not move, which is what makes
/// effect tests deterministic.
///
/// The executor also signals ``activity``: every job enqueued, and every action that arrives in
/// the inbox of a store on the clock, or tracked work that finishes. A settle point that waits
/// for work arriving from outside (``StoreTask/finish()``, a test store's `receive` with a
/// timeout) waits for it.
final class ManualExecutor: TaskExecutor, Sendable {
  private struct State {
    var jobs: [UnownedJob] = []
    var head = 0
    var isOwned = false
    /// Settle points waiting to take the executor over, in arrival order.
    var waitingDrivers: [CheckedContinuation<Void, Never>] = []

    mutating func popJob() -> UnownedJob? {
      guard head < jobs.count else { return nil }
      defer {
        head += 1
        if head == jobs.count {
          jobs.removeAll(keepingCapacity: jobs.capacity <= 256)
          head = 0
        }
      }
      return jobs[head]
    }
  }

  private let state = Locked(State())
  /// Moves on every job enqueued, and whenever the clock says that work arrived otherwise.
  let activity = ActivitySignal()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    state.withLock { $0.jobs.append(job) }
    activity.notify()
  }

  // MARK: - Driving

  /// Takes the executor over for a settle point, waiting while another one has it.
  nonisolated(nonsending) func acquire() async {
    // Uncontended, take it without a continuation: awaiting one costs a trip through the
    // executor's queue even when it is resumed at once.
    let ownsNow = state.withLock { state in
      guard !state.isOwned else { return false }
      state.isOwned = true
      return true
    }
    if ownsNow { return }
    await withCheckedContinuation { continuation in
      let ownsNow = state.withLock { state in
        guard state.isOwned else {
          state.isOwned = true
          return true
        }
        state.waitingDrivers.append(continuation)
        return false
      }
      if ownsNow { continuation.resume() }
    }
  }

  /// Runs jobs inline until none is runnable; the caller must own the executor.
  /// Returns whether any job ran.
  func runUntilIdle() -> Bool {
    var ranAny = false
    while let job = state.withLock({ $0.popJob() }) {
      ranAny = true
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
    return ranAny
  }

  /// Gives the executor up, to the next settle point waiting for it, if any. Jobs left in the
  /// queue wait for the next settle point.
  func release() {
    let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
      guard !state.waitingDrivers.isEmpty else {
        state.isOwned = false
        return nil
      }
      return state.waitingDrivers.removeFirst()
    }
    next?.resume()
  }
}
