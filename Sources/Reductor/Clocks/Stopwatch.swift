/// The time elapsed on a clock since a start, and a sleep until a given time since then.
///
/// It opens the clock's type once, so that code holding an `any Clock<Duration>` can read the
/// time and sleep until a deadline without knowing the clock's `Instant`. The effect runtime keeps
/// one from its creation for the deadlines of debounces and throttle windows; ``Ticks`` starts
/// one per iteration.
struct Stopwatch: Sendable {
  /// The time since the start.
  let elapsed: @Sendable () -> Duration
  /// Sleeps until the given time since the start has passed; throws when cancelled.
  let sleepUntilElapsed: @Sendable (Duration) async throws -> Void

  /// Starts now on `clock`.
  init(startingOn clock: any Clock<Duration>) {
    (elapsed, sleepUntilElapsed) = Self.measuring(from: clock)
  }

  private static func measuring<C: Clock<Duration>>(
    from clock: C
  ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) {
    if let clock = clock as? ContinuousClock {
      // The usual clock, read without the generic clock's witnesses: instrumentation reads it
      // several times per action.
      let start = clock.now
      return (
        { start.duration(to: clock.now) },
        { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
      )
    }
    let start = clock.now
    return (
      { start.duration(to: clock.now) },
      { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    )
  }
}
