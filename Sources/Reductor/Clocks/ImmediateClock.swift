/// A clock whose sleeps return at once, moving its time to their deadlines: for tests and
/// previews of time-based work whose waits do not matter, as TCA's `ImmediateClock`.
///
/// ```swift
/// let clock = ImmediateClock()
/// try await clock.sleep(for: .seconds(5))
/// #expect(clock.now.offset == .seconds(5))
/// ```
///
/// A sleep of a cancelled task throws `CancellationError`, as every clock's does. Unlike a
/// ``ManualClock``, nothing waits for a test to advance it, so the order of two effects' sleeps
/// is the order in which they run; use a ``ManualClock`` when that order is what the test checks.
public final class ImmediateClock: Clock, Sendable {
  /// An instant: the time since the clock's start, as a ``ManualClock``'s.
  public typealias Instant = ManualClock.Instant

  private let current: Locked<Duration>

  /// Creates a clock whose time is `now`.
  ///
  /// - Parameter now: The clock's time at its start; zero by default.
  public init(now: Instant = Instant(offset: .zero)) {
    current = Locked(now.offset)
  }

  /// The clock's time: the latest deadline it slept until, or its start.
  public var now: Instant {
    Instant(offset: current.value)
  }

  /// Zero: every deadline is reached exactly.
  public var minimumResolution: Duration {
    .zero
  }

  /// Returns at once, with the clock's time at `deadline` if that is later.
  ///
  /// - Parameters:
  ///   - deadline: The instant to sleep until.
  ///   - tolerance: Ignored.
  /// - Throws: `CancellationError` when the task is cancelled; the time then stays.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    current.withLock { $0 = max($0, deadline.offset) }
  }
}
