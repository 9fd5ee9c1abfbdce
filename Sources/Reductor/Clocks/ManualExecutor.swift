import Dispatch

/// The serial task executor of a ``ManualClock``: the effects of stores on that clock run here.
///
/// Jobs run one at a time, by one owner at a time. While ``ManualClock`` advances, it owns the
/// executor and runs every job inline until none is runnable, which is what makes effect tests
/// deterministic. When no one drives it, a pump on a global queue runs jobs as they arrive, so
/// effects that do not wait for time (or that hop to another actor and back) still progress.
final class ManualExecutor: TaskExecutor, Sendable {
  private enum Owner {
    case none, pump, driver
  }

  private struct State {
    var jobs: [UnownedJob] = []
    var head = 0
    var owner = Owner.none
    var isPumpScheduled = false
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

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let schedulePump = state.withLock { state in
      state.jobs.append(job)
      guard state.owner == .none, !state.isPumpScheduled else { return false }
      state.isPumpScheduled = true
      return true
    }
    if schedulePump { schedulePumpOnGlobalQueue() }
  }

  private func schedulePumpOnGlobalQueue() {
    DispatchQueue.global().async { self.pump() }
  }

  private func pump() {
    let owns = state.withLock { state in
      state.isPumpScheduled = false
      guard state.owner == .none else { return false }
      state.owner = .pump
      return true
    }
    guard owns else { return }
    while let job = nextJobForPump() {
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }

  /// The next job, or `nil` after giving up ownership; a waiting driver takes over at once.
  private func nextJobForPump() -> UnownedJob? {
    let (job, driver) = state.withLock {
      state -> (UnownedJob?, CheckedContinuation<Void, Never>?) in
      if !state.waitingDrivers.isEmpty {
        state.owner = .driver
        return (nil, state.waitingDrivers.removeFirst())
      }
      if let job = state.popJob() { return (job, nil) }
      state.owner = .none
      return (nil, nil)
    }
    driver?.resume()
    return job
  }

  /// Takes ownership for a driver, waiting while the pump or another driver runs jobs.
  func acquire() async {
    await withCheckedContinuation { continuation in
      let ownsNow = state.withLock { state in
        guard state.owner == .none else {
          state.waitingDrivers.append(continuation)
          return false
        }
        state.owner = .driver
        return true
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

  /// Gives up a driver's ownership: to the next waiting driver, or to the pump if jobs remain.
  func release() {
    let (driver, schedulePump) = state.withLock {
      state -> (CheckedContinuation<Void, Never>?, Bool) in
      if !state.waitingDrivers.isEmpty { return (state.waitingDrivers.removeFirst(), false) }
      state.owner = .none
      guard state.head < state.jobs.count, !state.isPumpScheduled else { return (nil, false) }
      state.isPumpScheduled = true
      return (nil, true)
    }
    driver?.resume()
    if schedulePump { schedulePumpOnGlobalQueue() }
  }
}
