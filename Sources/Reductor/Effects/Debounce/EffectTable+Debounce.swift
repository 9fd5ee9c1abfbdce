/// The effect table's events of debouncing: a debounce holds its key in the table's slots while
/// its entry of the ``DebounceTable`` waits or fires.
extension EffectTable {
  /// Schedules a debounce under `pending.key`, due at `deadline`, taking the key over: an older
  /// debounce is dropped, a running task cancelled, and so are the key's cancellable and queued
  /// effects.
  ///
  /// Returns nil when the table is closed or the tracker cancelled. A timer is made with
  /// `makeTimer` when none sleeps until `deadline` or earlier; it runs inside the lock so that the
  /// timer is known before it can wake and report ``fireDebounces(timer:now:)``.
  mutating func debounce(
    _ pending: DebounceTable.Pending,
    at deadline: Duration,
    makeTimer: (_ id: UInt64) -> Task<Void, Never>
  ) -> Cleanup? {
    guard !isClosed, pending.tracker?.isCancelled != true else { return nil }
    let id = debounces.schedule(pending, at: deadline)
    let replaced = slots.updateValue(.debounce(id), forKey: pending.key)
    var cleanup = cleanUp(replaced, of: pending.key)
    cancelBesideSlot(of: pending.key, into: &cleanup)
    if let timer = debounces.timer, timer.deadline <= deadline { return cleanup }
    if let replaced = debounces.timer { cleanup.tasksToCancel.append(replaced.task) }
    debounces.timer = DebounceTable.Timer(id: id, task: makeTimer(id), deadline: deadline)
    return cleanup
  }

  /// The debounce timer `timer` woke at `now`: the debounces due fire, their keys still held by
  /// them; see ``DebounceTable/fire(timer:now:)``.
  mutating func fireDebounces(timer: UInt64, now: Duration) -> DebounceTable.Fire {
    let fired = debounces.fire(timer: timer, now: now)
    // The debounce table holds an entry exactly while its key's slot names it.
    assert(
      fired.due.allSatisfy { slots[$0.pending.key] == .debounce($0.id) },
      "A debounce was due under a key that held something else")
    return fired
  }

  /// The debounce timer `timer` stopped early (cancelled, or its clock failed).
  mutating func debounceTimerStopped(_ timer: UInt64) {
    debounces.timerStopped(timer)
  }

  /// A fired debounce under `key` whose effect starts without a task (one that delivers its
  /// actions at once): frees the key, or holds it for `gate` until the actions it delivers are
  /// reduced; returns whether the key still held entry `id`, firing, that is, whether it may
  /// deliver.
  mutating func takeFired(_ id: UInt64, key: EffectKey, delivering gate: EffectGate? = nil) -> Bool
  {
    guard slots[key] == .debounce(id), debounces.takeFiring(id) else { return false }
    slots[key] = gate.map { .delivering($0) }
    return true
  }
}
