/// The debounced effects of one store that wait for their key to go quiet: a pure state machine
/// driven under the runtime's lock, with times given as durations since the runtime started.
///
/// A debounce waits here, not in a sleeping task of its own, so ten thousand pending keys cost
/// ten thousand entries and one timer. Entries replaced or removed before they are due stay in
/// the deadline heap and are skipped when they reach its top.
///
/// An entry taken off because it is due is *firing* until the runtime starts it, which happens
/// outside the lock: a newer debounce, `.cancel(key)`, a replaceable effect for the key or
/// `StoreTask.cancel()` arriving meanwhile clears the mark, and the entry then does not start.
struct DebounceTable {
  /// A debounced effect waiting for its deadline.
  struct Pending {
    /// Starts the debounced effect, given the entry's id; see `finishFiring`.
    let fire: @Sendable (_ id: UInt64) -> Void
    /// The work of the send that started it, which counts the wait.
    let tracker: EffectTracker?
  }

  /// A deadline in the heap; the id orders entries due at one instant as they were scheduled.
  private struct Due: Comparable {
    let deadline: Duration
    let id: UInt64

    static func < (lhs: Due, rhs: Due) -> Bool {
      (lhs.deadline, lhs.id) < (rhs.deadline, rhs.id)
    }
  }

  /// The id of each key's pending entry.
  private var ids: [EffectKey: UInt64] = [:]
  /// The pending entries by id.
  private var entries: [UInt64: (key: EffectKey, pending: Pending)] = [:]
  private var deadlines = Heap<Due>()
  private var nextID: UInt64 = 0
  /// The entries taken off because they are due and not started yet, by key.
  private var firing: [EffectKey: (id: UInt64, tracker: EffectTracker?)] = [:]

  var count: Int {
    entries.count
  }

  /// The deadline of the next entry due; drops replaced entries from the heap's top.
  mutating func earliestDeadline() -> Duration? {
    while let first = deadlines.min {
      if entries[first.id] != nil { return first.deadline }
      deadlines.popMin()
    }
    return nil
  }

  /// Schedules `pending` for `key` at `deadline`; returns the entry it replaces.
  mutating func schedule(_ pending: Pending, for key: EffectKey, at deadline: Duration) -> Pending?
  {
    let id = nextID
    nextID += 1
    deadlines.push(Due(deadline: deadline, id: id))
    entries[id] = (key, pending)
    firing.removeValue(forKey: key)
    guard let replaced = ids.updateValue(id, forKey: key) else { return nil }
    return entries.removeValue(forKey: replaced)?.pending
  }

  /// Removes the entry for `key`, and the mark of one firing for it.
  mutating func remove(_ key: EffectKey) -> Pending? {
    firing.removeValue(forKey: key)
    guard let id = ids.removeValue(forKey: key) else { return nil }
    return entries.removeValue(forKey: id)?.pending
  }

  /// Removes and returns the entries due at or before `now`, earliest first, marking each as
  /// firing.
  mutating func removeDue(notAfter now: Duration) -> [(id: UInt64, pending: Pending)] {
    var due: [(id: UInt64, pending: Pending)] = []
    while let first = deadlines.min, first.deadline <= now {
      deadlines.popMin()
      guard let entry = entries.removeValue(forKey: first.id) else { continue }
      ids.removeValue(forKey: entry.key)
      firing[entry.key] = (first.id, entry.pending.tracker)
      due.append((first.id, entry.pending))
    }
    return due
  }

  /// Clears the firing mark of entry `id` under `key`; returns whether it was still there, that
  /// is, whether the entry may start.
  mutating func finishFiring(_ key: EffectKey, id: UInt64) -> Bool {
    guard firing[key]?.id == id else { return false }
    firing.removeValue(forKey: key)
    return true
  }

  /// Removes the entries counted by `tracker`, and the marks of those firing.
  mutating func remove(trackedBy tracker: EffectTracker) -> [Pending] {
    firing = firing.filter { $0.value.tracker !== tracker }
    let keys = entries.values.filter { $0.pending.tracker === tracker }.map(\.key)
    return keys.compactMap { remove($0) }
  }

  /// Removes every entry.
  mutating func removeAll() -> [Pending] {
    defer { self = DebounceTable() }
    return entries.values.map(\.pending)
  }
}
