/// When an entry of a timed queue is due, for a ``Heap``: its time, and its id, which orders the
/// entries due at one instant in the order they were added (ids grow as entries are added).
///
/// The manual clock's sleepers, the debounce table and the throttle windows keep their deadlines
/// this way.
struct Deadline: Comparable {
  /// The time, as a duration since the start of the clock or runtime that keeps the queue.
  let time: Duration
  let id: UInt64

  static func < (lhs: Deadline, rhs: Deadline) -> Bool {
    (lhs.time, lhs.id) < (rhs.time, rhs.id)
  }
}
