import Testing

@testable import Reductor

/// The waiters' deadline timer on its own: one timer for every wait with a deadline, sleeping
/// until the earliest one.
@Suite struct TrackerWaitersTests {
  private let start = ContinuousClock.Instant.now

  private func at(_ seconds: Int) -> ContinuousClock.Instant {
    start.advanced(by: .seconds(seconds))
  }

  /// Registers a wait for no tracker to have work, ending at `deadline`, and makes sure a timer
  /// wakes by then; returns the ids of the timers made (none or one) and the timer replaced.
  private func wait(
    until deadline: ContinuousClock.Instant, in waiters: inout TrackerWaiters
  ) -> (made: [UInt64], replaced: Task<Void, Never>?) {
    _ = waiters.register(for: nil, drains: true, deadline: deadline)
    var made: [UInt64] = []
    let replaced = waiters.startTimer(until: deadline) { id in
      made.append(id)
      return Task {}
    }
    return (made, replaced)
  }

  @Test func aWaitEndingAfterTheTimersDeadlineStartsNoTimer() {
    var waiters = TrackerWaiters()
    let first = wait(until: at(10), in: &waiters)
    #expect(first.made.count == 1)
    #expect(first.replaced == nil)

    let second = wait(until: at(20), in: &waiters)
    #expect(second.made.isEmpty)
    #expect(second.replaced == nil)
    #expect(waiters.count == 2)
  }

  @Test func aWaitEndingBeforeTheTimersDeadlineReplacesTheTimer() {
    var waiters = TrackerWaiters()
    var made: [UInt64] = []
    _ = waiters.register(for: nil, drains: true, deadline: at(20))
    let later = Task<Void, Never> {}
    _ = waiters.startTimer(until: at(20)) { id in
      made.append(id)
      return later
    }

    let earlier = wait(until: at(10), in: &waiters)
    #expect(earlier.made.count == 1)
    #expect(earlier.replaced == later)
    // The replaced timer ends when it wakes, whatever waits; the new one goes on.
    #expect(waiters.removeAll(dueBy: at(10), timer: made[0]).next == nil)
    #expect(waiters.removeAll(dueBy: at(10), timer: earlier.made[0]).next == at(20))
  }

  @Test func theTimerEndsTheWaitsDueAndSleepsUntilTheNextDeadline() {
    var waiters = TrackerWaiters()
    let timer = wait(until: at(10), in: &waiters).made[0]
    _ = wait(until: at(20), in: &waiters)
    // A wait for a tracker has no deadline: the timer leaves it alone.
    let tracker = EffectTracker(runtime: EffectRuntime(clock: ContinuousClock()), action: "load")
    _ = waiters.register(for: tracker, drains: false)
    #expect(waiters.count == 3)

    let first = waiters.removeAll(dueBy: at(10), timer: timer)
    #expect(first.next == at(20))
    #expect(waiters.count == 2)

    let second = waiters.removeAll(dueBy: at(20), timer: timer)
    #expect(second.next == nil)
    #expect(waiters.count == 1)

    // With no timer left, the next wait starts one.
    #expect(wait(until: at(30), in: &waiters).made.count == 1)
  }

  @Test func stoppingTheTimerHandsItOverToCancel() {
    var waiters = TrackerWaiters()
    let task = Task<Void, Never> {}
    _ = waiters.register(for: nil, drains: true, deadline: at(10))
    _ = waiters.startTimer(until: at(10)) { _ in task }
    #expect(waiters.stopTimer() == task)
    #expect(waiters.stopTimer() == nil)
    #expect(wait(until: at(20), in: &waiters).made.count == 1)
  }
}
