import StressRuns
import Testing

@testable import Reductor

/// The signal the manual clock's settle points wait on: a wait ends when the count moves, when
/// its deadline passes, or when its task is cancelled, whichever comes first and whether it
/// comes before or after the waiter suspends. A wait that does not end fails on the time limit.
@Suite(.timeLimit(.minutes(1))) struct ActivitySignalTests {
  @Test func aWaitAfterTheCountMovedReturnsAtOnce() async {
    let signal = ActivitySignal()
    let seen = signal.count
    signal.notify()
    await signal.wait(after: seen)
    await signal.wait(after: seen, until: .now + .seconds(3_600))
    #expect(signal.count == seen + 1)
  }

  /// The notify comes from another thread, before or after the waiter suspends.
  @Test(arguments: stressRuns)
  func stressANotifyEndsAWaitWhoseDeadlineIsFar(run: Int) async {
    let signal = ActivitySignal()
    let seen = signal.count
    let waiting = Task.detached { await signal.wait(after: seen, until: .now + .seconds(3_600)) }
    let notifying = Task.detached { signal.notify() }
    await notifying.value
    await waiting.value
    #expect(signal.count == seen + 1)
  }

  /// The deadline has passed already.
  @Test(arguments: stressRuns)
  func stressAPassedDeadlineEndsTheWait(run: Int) async {
    let signal = ActivitySignal()
    let seen = signal.count
    await signal.wait(after: seen, until: .now - .seconds(1))
    #expect(signal.count == seen)
  }

  /// The waiting task is cancelled before or after it suspends.
  @Test(arguments: stressRuns)
  func stressCancellingTheTaskEndsTheWait(run: Int) async {
    let signal = ActivitySignal()
    let seen = signal.count
    let waiting = Task.detached { await signal.wait(after: seen, until: .now + .seconds(3_600)) }
    let untimed = Task.detached { await signal.wait(after: seen) }
    waiting.cancel()
    untimed.cancel()
    await waiting.value
    await untimed.value
    #expect(signal.count == seen)
  }
}
