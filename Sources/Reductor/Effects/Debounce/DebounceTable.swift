/// The debounced effects of one store, from when they are scheduled until they start or are
/// dropped, and the one timer that sleeps until the earliest of them is due: a pure state machine
/// inside ``EffectTable``, with times given as durations since the runtime started.
///
/// A debounce waits here, not in a sleeping task of its own, so ten thousand pending keys cost
/// ten thousand entries and one timer. An entry is *waiting* until its deadline, then *firing*
/// from when the timer takes it off the deadlines until its effect starts (outside the lock)
/// or it is dropped. Which entry a key holds is the effect table's business (its slot names the
/// entry's id); a newer effect for the key drops the entry in either phase. Entries dropped
/// before they are due stay in the deadline heap and are skipped when they reach its top.
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

  /// The task that sleeps until the earliest waiting debounce is due.
  struct Timer {
    let id: UInt64
    let task: Task<Void, Never>
    /// The deadline it sleeps until.
    var deadline: Duration
  }

  /// What ``fire(timer:now:)`` took to `firing`.
  struct Fire {
    /// The debounces due, earliest first.
    let due: [(id: UInt64, pending: Pending)]
    /// When the timer is to wake next, or nil when it is to stop.
    let nextDeadline: Duration?
  }

  private struct Entry {
    let pending: Pending
    var isFiring = false
  }

  private var entries: [UInt64: Entry] = [:]
  /// The waiting entries' deadlines, by entry id; those of dropped entries are skipped.
  private var deadlines = Heap<Deadline>()
  private var nextID: UInt64 = 0
  /// The number of waiting entries.
  private(set) var waitingCount = 0
  /// The timer, while any entry waits.
  var timer: Timer?

  /// The waiting entries, in the order they were scheduled.
  var waiting: [Pending] {
    entries.filter { !$0.value.isFiring }.sorted { $0.key < $1.key }.map(\.value.pending)
  }

  /// The tracker of entry `id`, if it is there.
  func tracker(of id: UInt64) -> EffectTracker? {
    entries[id]?.pending.tracker
  }

  /// Adds `pending`, waiting until `deadline`; returns its id.
  mutating func schedule(_ pending: Pending, at deadline: Duration) -> UInt64 {
    let id = nextID
    nextID += 1
    deadlines.push(Deadline(time: deadline, id: id))
    entries[id] = Entry(pending: pending)
    waitingCount += 1
    return id
  }

  /// The timer `timer` woke at `now`: takes the entries due to `firing` and says when to wake
  /// next. A replaced timer gets nothing and stops.
  mutating func fire(timer: UInt64, now: Duration) -> Fire {
    guard self.timer?.id == timer else { return Fire(due: [], nextDeadline: nil) }
    var due: [(id: UInt64, pending: Pending)] = []
    while let first = deadlines.min, first.time <= now {
      deadlines.popMin()
      guard let entry = entries[first.id], !entry.isFiring else { continue }
      entries[first.id]?.isFiring = true
      waitingCount -= 1
      due.append((first.id, entry.pending))
    }
    let next = earliestDeadline()
    if let next { self.timer?.deadline = next } else { self.timer = nil }
    return Fire(due: due, nextDeadline: next)
  }

  /// Drops entry `id`, waiting or firing. Returns the tracker of a waiting one, whose wait ends,
  /// and the timer once no entry waits for it.
  mutating func drop(_ id: UInt64) -> (tracker: EffectTracker?, timer: Task<Void, Never>?) {
    guard let entry = entries.removeValue(forKey: id), !entry.isFiring else { return (nil, nil) }
    waitingCount -= 1
    guard waitingCount == 0, let timer else { return (entry.pending.tracker, nil) }
    self.timer = nil
    return (entry.pending.tracker, timer.task)
  }

  /// Takes entry `id` if it is firing: it is about to start. Returns whether it was.
  mutating func takeFiring(_ id: UInt64) -> Bool {
    guard entries[id]?.isFiring == true else { return false }
    entries.removeValue(forKey: id)
    return true
  }

  /// The timer stopped early (cancelled, or its clock failed): forgets it, so that the next
  /// debounce makes a new one.
  mutating func timerStopped(_ timer: UInt64) {
    if self.timer?.id == timer { self.timer = nil }
  }

  /// The deadline of the next waiting entry; drops dropped or firing entries from the heap's top.
  private mutating func earliestDeadline() -> Duration? {
    while let first = deadlines.min {
      if entries[first.id]?.isFiring == false { return first.time }
      deadlines.popMin()
    }
    return nil
  }
}
