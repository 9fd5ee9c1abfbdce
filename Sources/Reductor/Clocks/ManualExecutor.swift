/// The serial task executor of a ``ManualClock``: the effects of stores on that clock run here,
/// and only here.
///
/// Jobs wait in a queue until a settle point of the clock runs them inline, one at a time, until
/// none is runnable. Nothing runs them in the background: between settle points the effects of a
/// store on a manual clock do not move, which is what makes effect tests deterministic. Settle
/// points run on the main actor and call nothing that suspends while they run jobs, so one runs
/// at a time; each job runs isolated to the main actor, so main-actor code an effect awaits runs
/// within it.
///
/// The executor also signals ``activity``: every job enqueued, and every action that arrives in
/// the inbox of a store on the clock, or tracked work that finishes. A settle point that waits
/// for work arriving from outside (``StoreTask/finish()``, a test store's `receive` with a
/// timeout) waits for it.
final class ManualExecutor: TaskExecutor, Sendable {
  private struct Queue {
    var jobs: [UnownedJob] = []
    var head = 0

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

  private let queue = Locked(Queue())
  /// Moves on every job enqueued, and whenever the clock says that work arrived otherwise.
  let activity = ActivitySignal()

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    queue.withLock { $0.jobs.append(job) }
    activity.notify()
  }

  /// Runs jobs inline until none is runnable. Returns whether any job ran.
  @MainActor
  func runUntilIdle() -> Bool {
    var ranAny = false
    while let job = queue.withLock({ $0.popJob() }) {
      ranAny = true
      job.runSynchronously(
        isolatedTo: MainActor.sharedUnownedExecutor, taskExecutor: asUnownedTaskExecutor())
    }
    return ranAny
  }
}
