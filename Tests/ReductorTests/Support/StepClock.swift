import Reductor

/// A clock whose time a test moves synchronously, from inside a reducer: the time source of an
/// instrumentation whose reduces "take" a given duration. It counts how often its time is read.
///
/// It never sleeps: a sleep until a deadline not reached yet traps, since nothing would move it.
final class StepClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    let offset: Duration

    func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }
  }

  private let state = Locked((now: Duration.zero, reads: 0))

  var now: Instant {
    state.withLock { state in
      state.reads += 1
      return Instant(offset: state.now)
    }
  }

  var minimumResolution: Duration {
    .zero
  }

  /// How many times the time was read.
  var reads: Int {
    state.withLock { $0.reads }
  }

  func step(by duration: Duration) {
    state.withLock { $0.now += duration }
  }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    precondition(deadline.offset <= state.withLock { $0.now }, "a StepClock never sleeps")
  }
}
