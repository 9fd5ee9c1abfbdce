/// The bookkeeping of one store's effect runtime: the tasks it runs, what each key holds, the
/// pending debounces and the throttle windows.
///
/// A pure value type with one `mutating` method per event, driven under the runtime's lock. A
/// method changes the table and returns what the runtime must do once it has released the lock
/// (a ``Cleanup``: tasks to cancel, trackers to end), so that no task is cancelled and no tracker
/// ended, which resumes the tasks waiting for it, while the lock is held:
///
/// ```swift
/// let cleanup = state.withLock { $0.effects.cancel(key) }
/// cleanup.perform()
/// ```
///
/// A key holds at most one thing, its ``Slot``: a debounce waiting for its deadline, a debounce
/// that is due and about to start, a running task, or a task that finished while actions it
/// delivered wait to be reduced. Putting something under a key replaces
/// what the slot held and cleans that up, so "one per key" holds by construction. Beside its
/// slot, a key may hold any number of running ``EffectLifetime/cancellable(_:)`` tasks, which
/// cancelling the key, or putting something in its slot, cancels. Each event
/// reads and writes a key's slot in one dictionary operation where it can: with ten thousand
/// keys, every extra lookup showed in the debounce benchmark.
struct EffectTable {
  /// What a key holds.
  enum Slot: Equatable {
    /// A debounce waiting in the debounce table until it is due.
    case pending(debounce: UInt64)
    /// A debounce the timer took off because it is due, not started yet. The timer starts it
    /// outside the lock; if anything takes the slot over meanwhile, it does not start.
    case firing(debounce: UInt64, tracker: EffectTracker?)
    /// A task registered under the key: a replaceable effect or a debounce that started.
    case running(task: UInt64)
    /// A task that finished while actions it delivered wait in the store's inbox: replacing it
    /// closes its gate, so that they are dropped. See ``EffectGate``.
    case delivering(EffectGate)

    static func == (lhs: Slot, rhs: Slot) -> Bool {
      switch (lhs, rhs) {
      case (.pending(let lhs), .pending(let rhs)): lhs == rhs
      case (.firing(let lhs, let lhsTracker), .firing(let rhs, let rhsTracker)):
        lhs == rhs && lhsTracker === rhsTracker
      case (.running(let lhs), .running(let rhs)): lhs == rhs
      case (.delivering(let lhs), .delivering(let rhs)): lhs === rhs
      default: false
      }
    }
  }

  /// What the runtime does after an event, outside the lock.
  struct Cleanup {
    var tasksToCancel: [Task<Void, Never>] = []
    /// The trackers of work that was counted and will not run: dropped debounces, refused starts.
    var trackersToEnd: [EffectTracker] = []

    static let none = Cleanup()

    func perform() {
      for task in tasksToCancel { task.cancel() }
      for tracker in trackersToEnd { tracker.endCancelled() }
    }
  }

  /// What ``start(_:tracker:firedDebounce:makeTask:)`` decided.
  struct Start {
    /// The registered task, or nil when the work may not start.
    let task: Task<Void, Never>?
    let cleanup: Cleanup
  }

  /// What ``fire(timer:now:)`` took off the debounce table.
  struct Fire {
    /// The debounces due, earliest first, now `firing` under their keys.
    let due: [(id: UInt64, pending: DebounceTable.Pending)]
    /// When the timer is to wake next, or nil when it is to stop.
    let nextDeadline: Duration?
  }

  private struct Running {
    let task: Task<Void, Never>
    let lifetime: EffectLifetime
    /// Where the effect was made, when it is one `.run` or `.stream`.
    let site: EffectSite?
    let tracker: EffectTracker?
    let gate: EffectGate

    /// Cancels the task and closes its gate: nothing it delivered is reduced from now on.
    func cancel(into cleanup: inout Cleanup) {
      gate.close()
      cleanup.tasksToCancel.append(task)
    }
  }

  private var running: [UInt64: Running] = [:]
  private var slots: [EffectKey: Slot] = [:]
  /// The running tasks of ``EffectLifetime/cancellable(_:)`` effects, by key: any number per
  /// key, beside what the key's slot holds.
  private var cancellables: [EffectKey: Set<UInt64>] = [:]
  private var debounces = DebounceTable()
  private var windows = ThrottleWindows()
  private var nextTaskID: UInt64 = 0
  /// Set when the store is gone: from then on only detached work starts.
  private(set) var isClosed = false

  /// The number of tasks that have not finished.
  var runningCount: Int {
    running.count
  }

  /// The number of debounces waiting for their deadline.
  var pendingDebounceCount: Int {
    debounces.count
  }

  /// The number of open throttle windows.
  var throttleWindowCount: Int {
    windows.count
  }

  /// What `key` holds, if anything.
  subscript(key: EffectKey) -> Slot? {
    slots[key]
  }

  /// The effects that run or wait to start, for a report of work still in flight: running ones
  /// in the order they started, then pending debounces, then throttled trailing effects. With
  /// `send`, the root tracker of one send, only that send's effects.
  func inFlight(of send: EffectTracker? = nil) -> [InFlightEffect] {
    func belongs(_ tracker: EffectTracker?) -> Bool {
      send == nil || tracker?.root === send
    }
    let running = running.sorted { $0.key < $1.key }.filter { belongs($0.value.tracker) }.map {
      _, effect in
      InFlightEffect(
        stage: .running, lifetime: effect.lifetime, startedBy: Self.origin(of: effect.tracker),
        location: effect.site?.description)
    }
    let debouncing = debounces.pending.filter { belongs($0.tracker) }.map { pending in
      InFlightEffect(
        stage: .debouncing, lifetime: EffectLifetime(kind: .replaceable(pending.key)),
        startedBy: Self.origin(of: pending.tracker))
    }
    let throttling = windows.trailing.filter { belongs($0.trailing.tracker) }.map { key, trailing in
      InFlightEffect(
        stage: .throttling, lifetime: EffectLifetime(kind: .replaceable(key)),
        startedBy: Self.origin(of: trailing.tracker))
    }
    return running + debouncing + throttling
  }

  private static func origin(of tracker: EffectTracker?) -> String {
    tracker.map { String(describing: $0.root.action) } ?? "(unknown)"
  }

  // MARK: - Events

  /// Decides whether work with `lifetime` may start and, if so, registers the task `makeTask`
  /// creates for the given id. Work whose tracker was cancelled does not start: checked here,
  /// under the lock that ``cancel(trackedBy:)`` takes after setting the flag, so it either sees
  /// the flag or has registered the task for the cancel to find.
  ///
  /// A replaceable lifetime takes its key over (cancelling the task or dropping the debounce
  /// there) and holds it while the task runs. A debounce that fired (`firedDebounce`, its
  /// entry's id) starts only if its key is still `firing` that entry. Once the table is closed,
  /// only detached work starts.
  ///
  /// `makeTask` runs inside the lock: a task registered before it can run cannot finish, and
  /// report ``finish(_:)``, before the table knows it, nor escape a cancel or a close. `gate` is
  /// the task's: cancelling the task closes it.
  mutating func start(
    _ lifetime: EffectLifetime,
    site: EffectSite? = nil,
    tracker: EffectTracker?,
    gate: EffectGate,
    firedDebounce: UInt64? = nil,
    makeTask: (_ id: UInt64) -> Task<Void, Never>
  ) -> Start {
    guard !isClosed || lifetime == .detached, tracker?.isCancelled != true else {
      return Start(task: nil, cleanup: .none)
    }
    if let firedDebounce {
      guard case .replaceable(let key) = lifetime.kind,
        case .firing(firedDebounce, _)? = slots[key]
      else { return Start(task: nil, cleanup: .none) }
    }
    let id = nextTaskID
    nextTaskID += 1
    let task = makeTask(id)
    running[id] = Running(
      task: task, lifetime: lifetime, site: site, tracker: tracker, gate: gate)
    switch lifetime.kind {
    case .replaceable(let key):
      let replaced = slots.updateValue(.running(task: id), forKey: key)
      var cleanup = cleanUp(replaced, of: key)
      cancelCancellables(of: key, into: &cleanup)
      return Start(task: task, cleanup: cleanup)
    case .cancellable(let key):
      cancellables[key, default: []].insert(id)
      return Start(task: task, cleanup: .none)
    case .storeBound, .detached:
      return Start(task: task, cleanup: .none)
    }
  }

  /// Cancels the cancellable tasks under `key`.
  private mutating func cancelCancellables(of key: EffectKey, into cleanup: inout Cleanup) {
    guard let ids = cancellables.removeValue(forKey: key) else { return }
    for id in ids.sorted() { running[id]?.cancel(into: &cleanup) }
  }

  /// Task `id` finished: forgets it, and frees its key if it still holds it, unless actions the
  /// task delivered wait to be reduced: the key then stays held until they are (see
  /// ``release(_:)``).
  mutating func finish(_ id: UInt64) {
    guard let finished = running.removeValue(forKey: id) else {
      assertionFailure("Task \(id) finished twice or was never registered")
      return
    }
    if case .cancellable(let key) = finished.lifetime.kind {
      cancellables[key]?.remove(id)
      if cancellables[key]?.isEmpty == true { cancellables.removeValue(forKey: key) }
      return
    }
    guard case .replaceable(let key) = finished.lifetime.kind,
      slots[key] == .running(task: id)  // a newer task may have replaced it
    else { return }
    if finished.gate.finish(), finished.gate.isOpen {
      slots[key] = .delivering(finished.gate)
    } else {
      slots.removeValue(forKey: key)
    }
  }

  /// The last action a finished task delivered was reduced or dropped: frees the key it held.
  mutating func release(_ gate: EffectGate) {
    guard let key = gate.key, slots[key] == .delivering(gate) else { return }
    slots.removeValue(forKey: key)
  }

  /// Cancels what `key` holds, its cancellable tasks included, and forgets the key's throttle
  /// window, with its trailing effect.
  mutating func cancel(_ key: EffectKey) -> Cleanup {
    var cleanup = cleanUp(slots.removeValue(forKey: key), of: key)
    cancelCancellables(of: key, into: &cleanup)
    let window = windows.remove(key)
    if let tracker = window.trailing?.tracker { cleanup.trackersToEnd.append(tracker) }
    if let timer = window.timer { cleanup.tasksToCancel.append(timer) }
    return cleanup
  }

  /// Cancels what every key `picks` picks holds, with the keys' throttle windows: the effects of
  /// children that went. It looks at every key: a child goes far less often than an action
  /// arrives.
  mutating func cancelScopes(where picks: (EffectKey) -> Bool) -> Cleanup {
    var cleanup = Cleanup()
    let keys = Set(slots.keys.filter(picks)).union(windows.keys.filter(picks))
      .union(cancellables.keys.filter(picks))
    for key in keys {
      let cancelled = cancel(key)
      cleanup.tasksToCancel += cancelled.tasksToCancel
      cleanup.trackersToEnd += cancelled.trackersToEnd
    }
    return cleanup
  }

  /// Cancels the tasks and drops the debounces and trailing throttled effects counted by
  /// `tracker` (``StoreTask/cancel()``).
  mutating func cancel(trackedBy tracker: EffectTracker) -> Cleanup {
    var cleanup = Cleanup()
    for effect in running.values where effect.tracker?.isCounted(in: tracker) == true {
      effect.cancel(into: &cleanup)
    }
    cleanup.trackersToEnd = windows.removeTrailing(trackedBy: tracker).compactMap(\.tracker)
    for (key, slot) in slots {
      switch slot {
      case .pending(let id) where debounces[id]?.tracker?.isCounted(in: tracker) == true:
        cleanup.trackersToEnd += cleanUp(slots.removeValue(forKey: key), of: key).trackersToEnd
      case .firing(_, let firingTracker) where firingTracker?.isCounted(in: tracker) == true:
        slots.removeValue(forKey: key)
      default:
        break
      }
    }
    return cleanup
  }

  /// Schedules a debounce under `pending.key`, due at `deadline`, taking the key over: an older
  /// debounce is dropped, a running task cancelled, and so are the key's cancellable tasks.
  ///
  /// Returns nil when the table is closed or the tracker cancelled. A timer is made with `makeTimer` when none sleeps
  /// until `deadline` or earlier; it runs inside the lock so that the timer is known before it
  /// can wake and report ``fire(timer:now:)``.
  mutating func debounce(
    _ pending: DebounceTable.Pending,
    at deadline: Duration,
    makeTimer: (_ id: UInt64) -> Task<Void, Never>
  ) -> Cleanup? {
    guard !isClosed, pending.tracker?.isCancelled != true else { return nil }
    let id = debounces.schedule(pending, at: deadline)
    let replaced = slots.updateValue(.pending(debounce: id), forKey: pending.key)
    var cleanup = cleanUp(replaced, of: pending.key)
    cancelCancellables(of: pending.key, into: &cleanup)
    if let timer = debounces.timer, timer.deadline <= deadline { return cleanup }
    if let replaced = debounces.timer { cleanup.tasksToCancel.append(replaced.task) }
    debounces.timer = DebounceTable.Timer(id: id, task: makeTimer(id), deadline: deadline)
    return cleanup
  }

  /// The debounce timer `timer` woke at `now`: takes off the debounces due, marking their keys
  /// `firing`, and says when to wake next. A replaced timer gets nothing and stops.
  mutating func fire(timer: UInt64, now: Duration) -> Fire {
    guard debounces.timer?.id == timer else { return Fire(due: [], nextDeadline: nil) }
    var due: [(id: UInt64, pending: DebounceTable.Pending)] = []
    while let entry = debounces.popDue(notAfter: now) {
      let key = entry.pending.key
      let firing = Slot.firing(debounce: entry.id, tracker: entry.pending.tracker)
      let replaced = slots.updateValue(firing, forKey: key)
      // The debounce table holds an entry exactly while its key's slot names it.
      assert(
        replaced == .pending(debounce: entry.id),
        "Debounce \(entry.id) was due under \(key), which held \(String(describing: replaced))")
      due.append(entry)
    }
    let next = debounces.earliestDeadline()
    if let next { debounces.timer?.deadline = next } else { debounces.timer = nil }
    return Fire(due: due, nextDeadline: next)
  }

  /// The timer `timer` stopped early (cancelled, or its clock failed): forgets it, so that the
  /// next debounce makes a new one.
  mutating func timerStopped(_ timer: UInt64) {
    if debounces.timer?.id == timer { debounces.timer = nil }
  }

  /// A fired debounce under `key` whose effect starts without a task (`.none`, `.send`): frees
  /// the key, or holds it for `gate` until the action it delivers is reduced; returns whether
  /// the key was still `firing` entry `id`, that is, whether it may deliver.
  mutating func takeFired(_ id: UInt64, key: EffectKey, delivering gate: EffectGate? = nil) -> Bool
  {
    let slot = slots.removeValue(forKey: key)
    guard case .firing(id, _)? = slot else {
      if let slot { slots[key] = slot }  // not this entry's: it goes back
      return false
    }
    if let gate { slots[key] = .delivering(gate) }
    return true
  }

  /// Throttles an effect for `key` at `now`; see
  /// ``ThrottleWindows/admit(_:at:interval:trailing:makeTimer:)``. Once the table is closed, or
  /// the trailing effect's tracker is cancelled, no effect waits as a trailing one.
  mutating func throttle(
    _ key: EffectKey, at now: Duration, interval: Duration, trailing: ThrottleWindows.Trailing?,
    makeTimer: (_ id: UInt64, _ end: Duration) -> Task<Void, Never>
  ) -> ThrottleWindows.Admission {
    let keeps = !isClosed && trailing?.tracker?.isCancelled != true
    return windows.admit(
      key, at: now, interval: interval, trailing: keeps ? trailing : nil, makeTimer: makeTimer)
  }

  /// The timer of `key`'s throttle window woke at `now`; see
  /// ``ThrottleWindows/windowEnded(_:timer:at:)``.
  mutating func throttleWindowEnded(
    _ key: EffectKey, timer: UInt64, at now: Duration
  ) -> ThrottleWindows.WindowEnd {
    windows.windowEnded(key, timer: timer, at: now)
  }

  /// The timer of `key`'s throttle window stopped early; returns the trailing effect it dropped.
  mutating func throttleTimerStopped(
    _ key: EffectKey, timer: UInt64
  ) -> ThrottleWindows.Trailing? {
    windows.timerStopped(key, timer: timer)
  }

  /// The store is gone: cancels every task that is not detached and the timers, drops every
  /// debounce and trailing throttled effect, forgets every key and window, and refuses further
  /// work that is not detached.
  mutating func close() -> Cleanup {
    isClosed = true
    var cleanup = Cleanup()
    for effect in running.values where effect.lifetime != .detached {
      effect.cancel(into: &cleanup)
    }
    if let timer = debounces.timer { cleanup.tasksToCancel.append(timer.task) }
    for (key, slot) in slots { cleanup.trackersToEnd += cleanUp(slot, of: key).trackersToEnd }
    slots.removeAll()
    cancellables.removeAll()
    debounces = DebounceTable()
    let closed = windows.removeAll()
    cleanup.trackersToEnd += closed.trailing.compactMap(\.tracker)
    cleanup.tasksToCancel += closed.timers
    return cleanup
  }

  // MARK: - Keys

  /// Cleans up what `key`'s slot held before it was replaced or emptied: a running task is
  /// cancelled (it frees nothing when it finishes, since the slot no longer names it), the
  /// actions a finished one delivered are dropped, a pending debounce is dropped and its tracker
  /// ended, a firing one has lost its claim to start.
  private mutating func cleanUp(_ slot: Slot?, of key: EffectKey) -> Cleanup {
    var cleanup = Cleanup()
    switch slot {
    case .running(let id)?:
      running[id]?.cancel(into: &cleanup)
    case .delivering(let gate)?:
      gate.close()
    case .pending(let id)?:
      guard let dropped = debounces.remove(id) else {
        assertionFailure("Key \(key) held debounce \(id), which the debounce table does not have")
        break
      }
      if let tracker = dropped.tracker { cleanup.trackersToEnd.append(tracker) }
      // With its last entry gone, the timer has nothing to wait for.
      if debounces.count == 0, let timer = debounces.timer {
        debounces.timer = nil
        cleanup.tasksToCancel.append(timer.task)
      }
    case .firing?, nil:
      break
    }
    return cleanup
  }
}
