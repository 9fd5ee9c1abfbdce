/// An asynchronous sequence of ticks at a fixed interval on a clock, without drift: the n-th tick
/// is due n intervals after the iteration starts, however long the work between ticks takes.
///
/// Make one with ``EffectContext/ticks(every:)`` inside an effect, so that it runs on the store's
/// clock. Each element is the number of the tick, from 1. A consumer that falls behind gets the
/// tick whose time passed last at once, and then ticks on the grid again, skipping the ones it
/// missed (the numbers show the gap): it never gets a burst of stale ticks. The sequence ends when
/// its task is cancelled, and at once when the interval is not positive.
public struct Ticks: AsyncSequence, Sendable {
  /// The number of a tick: 1 for the first, due one interval after the iteration started.
  public typealias Element = Int
  /// Ticks never fail; cancellation ends the sequence.
  public typealias Failure = Never

  private let clock: any Clock<Duration>
  private let interval: Duration

  init(clock: any Clock<Duration>, interval: Duration) {
    self.clock = clock
    self.interval = interval
  }

  /// Starts the ticks: the first is due one interval from now.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(stopwatch: Stopwatch(startingOn: clock), interval: interval)
  }

  /// Produces the ticks of one iteration.
  public struct AsyncIterator: AsyncIteratorProtocol, Sendable {
    private let stopwatch: Stopwatch
    private let interval: Duration
    private var lastTick = 0

    init(stopwatch: Stopwatch, interval: Duration) {
      self.stopwatch = stopwatch
      self.interval = interval
    }

    /// Waits for the next tick and returns its number; nil when the task is cancelled.
    public mutating func next() async -> Int? {
      guard interval > .zero else { return nil }
      var tick = lastTick + 1
      // Behind by more than one tick: deliver the last one that is due now, skip the others.
      let due = Int((stopwatch.elapsed() / interval).rounded(.down))
      if due > tick { tick = due }
      do {
        try await stopwatch.sleepUntilElapsed(interval * tick)
      } catch {
        return nil
      }
      lastTick = tick
      return tick
    }
  }
}

extension EffectContext {
  /// Ticks every `interval` on the clock of the store that runs the current effect, without
  /// drift: the n-th tick is due n intervals after the iteration starts. See ``Ticks``.
  ///
  /// A timer that increments the count every second until its key is cancelled:
  ///
  /// ```swift
  /// case .startTicking:
  ///   return .stream(lifetime: .replaceable(Key.ticking)) {
  ///     EffectContext.ticks(every: .seconds(1)).map { _ in Action.ticked }
  ///   }
  /// ```
  ///
  /// - Parameter interval: The time between two ticks; not positive, the sequence is empty.
  /// - Returns: The ticks, numbered from 1.
  public static func ticks(every interval: Duration) -> Ticks {
    Ticks(clock: clock, interval: interval)
  }
}
