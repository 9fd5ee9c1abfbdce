import Reductor

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The time since a recording started on its store's clock, in nanoseconds: the unit of the
/// recording's lines.
@usableFromInline
enum ElapsedTime: Sendable {
  /// The continuous clock, the usual one, read from the system as it reads it, in nanoseconds:
  /// not through the store's existential clock (a witness-table call), nor a function, nor its
  /// own `Instant` (whose layout is not known outside the standard library, so every copy goes
  /// through its value witnesses), nor `Duration`'s arithmetic, each of which a recorded send
  /// would pay (`record.file`; see Benchmarks/NOTES.md).
  case continuous(since: Int64)
  /// Any other clock: a manual clock gives its virtual time.
  case other(@Sendable () -> Duration)

  /// Starts now on `clock`.
  init(startingOn clock: some Clock<Duration>) {
    if clock is ContinuousClock {
      self = .continuous(since: Self.continuousReading())
    } else {
      let start = clock.now
      self = .other { start.duration(to: clock.now) }
    }
  }

  /// The time since the start, in nanoseconds.
  @usableFromInline
  func nanoseconds() -> Int64 {
    switch self {
    case .continuous(let start): Self.continuousReading() - start
    case .other(let elapsed): elapsed().recordedNanoseconds
    }
  }

  /// The continuous clock's reading now, in nanoseconds since the system's epoch: the system
  /// clock that `ContinuousClock` reads (the Swift runtime's `swift_get_time`).
  static func continuousReading() -> Int64 {
    var time = timespec()
    #if os(Linux) || os(Android)
    clock_gettime(CLOCK_BOOTTIME, &time)
    #elseif canImport(Darwin)
    clock_gettime(CLOCK_MONOTONIC_RAW, &time)
    #else
    clock_gettime(CLOCK_MONOTONIC, &time)
    #endif
    return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
  }
}

extension Duration {
  /// The duration in whole nanoseconds, the unit of a recording's lines; one beyond the
  /// nanoseconds `Int64` holds (292 years) is clamped to them.
  package var recordedNanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let secondsLimit = Int64.max / 1_000_000_000
    guard seconds.magnitude < secondsLimit else { return seconds < 0 ? .min : .max }
    return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
  }
}
