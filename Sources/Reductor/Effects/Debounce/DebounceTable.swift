/// The debounced effects of one store that wait for their deadline, and the one timer that sleeps
/// until the earliest of them: a pure data structure inside ``EffectTable``, with times given as
/// durations since the runtime started.
///
/// A debounce waits here, not in a sleeping task of its own, so ten thousand pending keys cost
/// ten thousand entries and one timer. Which debounce a key holds is the effect table's business
/// (its slot says `pending` with the entry's id); this table only keeps the entries by id, in
/// deadline order. Entries removed before they are due stay in the deadline heap and are skipped
/// when they reach its top.
struct DebounceTable {
  /// A debounced effect waiting for its deadline.
  struct Pending {
    /// The key the debounce waits under.
    let key: EffectKey
    /// Starts the debounced effect, given the entry's id; see ``EffectTable/takeFired(_:key:)``.
    let fire: @Sendable (_ id: UInt64) -> Void
    /// The work of the send that started it, which counts the wait.
    let tracker: EffectTracker?
  }

  /// The task that sleeps until the earliest pending debounce is due.
  struct Timer {
    let id: UInt64
    let task: Task<Void, Never>
    /// The deadline it sleeps until.
    var deadline: Duration
  }

  private var entries: [UInt64: Pending] = [:]
  /// The entries' deadlines, by entry id; those of removed entries are skipped.
  private var deadlines = Heap<Deadline>()
  private var nextID: UInt64 = 0
  /// The timer, while any entry is pending.
  var timer: Timer?

  /// The number of pending entries.
  var count: Int {
    entries.count
  }

  /// The pending entries, in the order they were scheduled.
  var pending: [Pending] {
    entries.sorted { $0.key < $1.key }.map(\.value)
  }

  /// The pending entry `id`, if it is still pending.
  subscript(id: UInt64) -> Pending? {
    entries[id]
  }

  /// Adds `pending`, due at `deadline`; returns its id.
  mutating func schedule(_ pending: Pending, at deadline: Duration) -> UInt64 {
    let id = nextID
    nextID += 1
    deadlines.push(Deadline(time: deadline, id: id))
    entries[id] = pending
    return id
  }

  /// Removes entry `id` before it is due.
  mutating func remove(_ id: UInt64) -> Pending? {
    entries.removeValue(forKey: id)
  }

  /// Removes and returns the earliest entry due at or before `now`.
  mutating func popDue(notAfter now: Duration) -> (id: UInt64, pending: Pending)? {
    while let first = deadlines.min, first.time <= now {
      deadlines.popMin()
      if let pending = entries.removeValue(forKey: first.id) { return (first.id, pending) }
    }
    return nil
  }

  /// The deadline of the next entry due; drops removed entries from the heap's top.
  mutating func earliestDeadline() -> Duration? {
    while let first = deadlines.min {
      if entries[first.id] != nil { return first.time }
      deadlines.popMin()
    }
    return nil
  }
}
