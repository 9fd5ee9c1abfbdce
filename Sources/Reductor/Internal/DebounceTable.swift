/// The debounced effects of one store that wait for their key to go quiet: a pure state machine
/// driven under the runtime's lock, with times given as durations since the runtime started.
///
/// A debounce waits here, not in a sleeping task of its own, so ten thousand pending keys cost
/// ten thousand entries and one timer. Entries replaced or removed before they are due stay in
/// the deadline heap and are skipped when they reach its top.
struct DebounceTable {
  /// A debounced effect waiting for its deadline.
  struct Pending {
    /// Starts the debounced effect.
    let fire: @Sendable () -> Void
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

  /// Whether a debounce for `key` is pending.
  func contains(_ key: EffectKey) -> Bool {
    ids[key] != nil
  }

  /// Schedules `pending` for `key` at `deadline`; returns the entry it replaces.
  mutating func schedule(_ pending: Pending, for key: EffectKey, at deadline: Duration) -> Pending?
  {
    let id = nextID
    nextID += 1
    deadlines.push(Due(deadline: deadline, id: id))
    entries[id] = (key, pending)
    guard let replaced = ids.updateValue(id, forKey: key) else { return nil }
    return entries.removeValue(forKey: replaced)?.pending
  }

  /// Removes the entry for `key`.
  mutating func remove(_ key: EffectKey) -> Pending? {
    guard let id = ids.removeValue(forKey: key) else { return nil }
    return entries.removeValue(forKey: id)?.pending
  }

  /// Removes and returns the entries due at or before `now`, earliest first.
  mutating func removeDue(notAfter now: Duration) -> [Pending] {
    var due: [Pending] = []
    while let first = deadlines.min, first.deadline <= now {
      deadlines.popMin()
      guard let entry = entries.removeValue(forKey: first.id) else { continue }
      ids.removeValue(forKey: entry.key)
      due.append(entry.pending)
    }
    return due
  }

  /// Removes the entries counted by `tracker`.
  mutating func remove(trackedBy tracker: EffectTracker) -> [Pending] {
    let keys = entries.values.filter { $0.pending.tracker === tracker }.map(\.key)
    return keys.compactMap { remove($0) }
  }

  /// Removes every entry.
  mutating func removeAll() -> [Pending] {
    defer { self = DebounceTable() }
    return entries.values.map(\.pending)
  }
}
