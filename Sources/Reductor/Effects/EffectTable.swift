/// The bookkeeping of one store's effect runtime: the tasks it runs, what each key holds, the
/// pending debounces, the throttle windows and the queues.
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
/// A key holds at most one thing, its ``Slot``: a debounce (waiting for its deadline, or due and
/// about to start), a running task, or a task that finished while actions it delivered wait to
/// be reduced. Putting something under a key replaces
/// what the slot held and cleans that up, so "one per key" holds by construction. Beside its
/// slot, a key may hold any number of running ``EffectLifetime/cancellable(_:)`` tasks, and a
/// queue of ``EffectLifetime/queued(_:_:)`` effects, which cancelling the key, or putting
/// something in its slot, cancels. Each event
/// reads and writes a key's slot in one dictionary operation where it can: every extra lookup
/// hashes the key again, per event and key (`effect.debounce.keys10k`).
struct EffectTable {
  /// What a key holds.
  enum Slot: Equatable {
    /// An entry of the debounce table: waiting until it is due, or due and about to start (the
    /// timer starts it outside the lock; if anything takes the slot over meanwhile, it does not
    /// start). See `Debounce/`.
    case debounce(UInt64)
    /// A task registered under the key: a replaceable effect or a debounce that started.
    case running(task: UInt64)
    /// A task that finished while actions it delivered wait in the store's inbox: replacing it
    /// closes its gate, so that they are dropped. See ``EffectGate``.
    case delivering(EffectGate)

    static func == (lhs: Slot, rhs: Slot) -> Bool {
      switch (lhs, rhs) {
      case (.debounce(let lhs), .debounce(let rhs)): lhs == rhs
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
    /// The tasks of queued effects that wait for a resume: their turn may have come, or they
    /// left their queue (see `Queue/`).
    var waitersToResume: [EffectQueues.Waiter] = []

    static let none = Cleanup()

    func perform() {
      for task in tasksToCancel { task.cancel() }
      for tracker in trackersToEnd { tracker.endCancelled() }
      for waiter in waitersToResume { waiter.resume() }
    }

    /// Adds what `other` does.
    mutating func append(_ other: Cleanup) {
      tasksToCancel += other.tasksToCancel
      trackersToEnd += other.trackersToEnd
      waitersToResume += other.waitersToResume
    }
  }

  /// What ``start(_:site:tracker:gate:firedDebounce:now:)`` decided.
  struct Start {
    /// The id of the task registered for the work, which the runtime makes and then attaches
    /// (``attach(_:to:)``); nil when the work may not start.
    let id: UInt64?
    /// For a queued effect, whether its task waits in its queue before it does its work (see
    /// `Queue/`).
    var waitsInQueue = false
    let cleanup: Cleanup
    /// For a queued effect, the policy of the queue it arrived in, when the queue keeps its own
    /// rather than the one the effect named (see `Queue/`).
    var queuePolicy: EffectQueuePolicy? = nil
  }

  private struct Running {
    /// The task, once the runtime made it and attached it (``attach(_:to:)``).
    var task: Task<Void, Never>?
    let lifetime: EffectLifetime
    /// Where the effect was made, when it is one `.run` or `.stream`.
    let site: EffectSite?
    let tracker: EffectTracker?
    let gate: EffectGate

    /// Cancels the task and closes its gate: nothing it delivered is reduced from now on. A
    /// task not attached yet is cancelled as it is attached, since its gate is closed.
    func cancel(into cleanup: inout Cleanup) {
      gate.close()
      if let task { cleanup.tasksToCancel.append(task) }
    }
  }

  private var running: [UInt64: Running] = [:]
  var slots: [EffectKey: Slot] = [:]
  /// The running tasks of ``EffectLifetime/cancellable(_:)`` effects, by key: any number per
  /// key, beside what the key's slot holds.
  private var cancellables: [EffectKey: Set<UInt64>] = [:]
  /// The debounces, the throttle windows and the queues: the tables of the timed operators, each
  /// in its folder with the events that drive it (`Debounce/`, `Throttle/`, `Queue/`).
  var debounces = DebounceTable()
  var windows = ThrottleWindows()
  var queues = EffectQueues()
  private var nextTaskID: UInt64 = 0
  /// Set when the store is gone: from then on only detached work starts.
  private(set) var isClosed = false

  /// The number of tasks that have not finished.
  var runningCount: Int {
    running.count
  }

  /// The number of debounces waiting for their deadline.
  var pendingDebounceCount: Int {
    debounces.waitingCount
  }

  /// The number of open throttle windows.
  var throttleWindowCount: Int {
    windows.count
  }

  /// What `key` holds, if anything.
  subscript(key: EffectKey) -> Slot? {
    slots[key]
  }

  /// The effects that run or wait to start, for a report of work still in flight: running ones,
  /// and queued ones that wait in their queue, in the order they started or arrived, then
  /// pending debounces, then throttled trailing effects. With `send`, the root tracker of one
  /// send, only that send's effects.
  func inFlight(of send: EffectTracker? = nil) -> [InFlightEffect] {
    func belongs(_ tracker: EffectTracker?) -> Bool {
      send == nil || tracker?.root === send
    }
    let running = running.sorted { $0.key < $1.key }.filter { belongs($0.value.tracker) }.map {
      id, effect in
      var stage = InFlightEffect.Stage.running
      if case .queued(let key, _) = effect.lifetime.kind, queues.isWaiting(id, in: key) {
        stage = .queued
      }
      return InFlightEffect(
        stage: stage, lifetime: effect.lifetime, startedBy: Self.origin(of: effect.tracker),
        location: effect.site?.description)
    }
    let debouncing = debounces.waiting.filter { belongs($0.tracker) }.map { pending in
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

  /// Decides whether work with `lifetime` may start and, if so, registers a task for it under a
  /// new id, which the runtime then makes, outside the lock, and attaches (``attach(_:to:)``).
  /// Work whose tracker was cancelled does not start: checked here, under the lock that
  /// ``cancel(trackedBy:)`` takes after setting the flag, so it either sees the flag or has
  /// registered the task for the cancel to find.
  ///
  /// A replaceable lifetime takes its key over (cancelling the task or dropping the debounce
  /// there, and the key's cancellable and queued effects) and holds it while the task runs. A
  /// queued one arrives in its queue at `now`: its task is registered even when it waits there
  /// (`waitsInQueue`), and not at all when the queue discards it (see `Queue/`). A debounce that
  /// fired (`firedDebounce`, its entry's id) starts only if its key is still `firing` that entry.
  /// Once the table is closed, only detached work starts.
  ///
  /// The task is registered before it exists, so it cannot finish, and report ``finish(_:)``,
  /// before the table knows it, nor escape a cancel or a close. `gate` is the task's: cancelling
  /// the task closes it, which tells ``attach(_:to:)`` that a task cancelled before it was made
  /// is to be cancelled.
  mutating func start(
    _ lifetime: EffectLifetime,
    site: EffectSite? = nil,
    tracker: EffectTracker?,
    gate: EffectGate,
    firedDebounce: UInt64? = nil,
    now: Duration = .zero
  ) -> Start {
    guard !isClosed || lifetime == .detached, tracker?.isCancelled != true else {
      return Start(id: nil, cleanup: .none)
    }
    if let firedDebounce {
      guard case .replaceable(let key) = lifetime.kind, slots[key] == .debounce(firedDebounce),
        debounces.takeFiring(firedDebounce)
      else { return Start(id: nil, cleanup: .none) }
    }
    let id = nextTaskID
    var queued = (
      arrival: EffectQueues.Arrival.starts, cleanup: Cleanup.none, kept: EffectQueuePolicy?.none
    )
    if case .queued(let key, let policy) = lifetime.kind {
      queued = arrive(id, in: key, policy: policy, at: now)
      if queued.arrival == .discarded {
        return Start(id: nil, cleanup: .none, queuePolicy: queued.kept)
      }
    }
    nextTaskID += 1
    running[id] = Running(
      task: nil, lifetime: lifetime, site: site, tracker: tracker, gate: gate)
    switch lifetime.kind {
    case .replaceable(let key):
      let replaced = slots.updateValue(.running(task: id), forKey: key)
      var cleanup = cleanUp(replaced, of: key)
      cancelBesideSlot(of: key, into: &cleanup)
      return Start(id: id, cleanup: cleanup)
    case .cancellable(let key):
      cancellables[key, default: []].insert(id)
      return Start(id: id, cleanup: .none)
    case .queued:
      return Start(
        id: id, waitsInQueue: queued.arrival == .waits, cleanup: queued.cleanup,
        queuePolicy: queued.kept)
    case .storeBound, .detached:
      return Start(id: id, cleanup: .none)
    }
  }

  /// Attaches `task`, made for the work ``start(_:site:tracker:gate:firedDebounce:now:)``
  /// registered as `id`, so that a cancel finds it. Returns false when the work was cancelled
  /// while the task was made (its gate is closed): the caller cancels the task.
  mutating func attach(_ task: Task<Void, Never>, to id: UInt64) -> Bool {
    // A task that already finished was removed: nothing cancels it any more.
    guard let registered = running[id] else { return true }
    running[id]?.task = task
    return !registered.gate.isClosed
  }

  /// Cancels what runs under `key` beside its slot: its cancellable tasks, and the effects of
  /// its queue, running or waiting.
  mutating func cancelBesideSlot(of key: EffectKey, into cleanup: inout Cleanup) {
    if let ids = cancellables.removeValue(forKey: key) {
      for id in ids.sorted() { running[id]?.cancel(into: &cleanup) }
    }
    let changes = queues.cancel(key)
    cleanup.append(cleanUp(changes))
  }

  /// Cancels task `id`, if it runs, and closes its gate.
  func cancelTask(_ id: UInt64, into cleanup: inout Cleanup) {
    running[id]?.cancel(into: &cleanup)
  }

  /// Task `id` finished: forgets it, and frees its key if it still holds it, unless actions the
  /// task delivered wait to be reduced: the key then stays held until they are (see
  /// ``release(_:)``). A queued task gives its place up the same way, which may let the next
  /// effect of its queue start.
  mutating func finish(_ id: UInt64) -> Cleanup {
    guard let finished = running.removeValue(forKey: id) else {
      assertionFailure("Task \(id) finished twice or was never registered")
      return .none
    }
    switch finished.lifetime.kind {
    case .cancellable(let key):
      cancellables[key]?.remove(id)
      if cancellables[key]?.isEmpty == true { cancellables.removeValue(forKey: key) }
      return .none
    case .queued(let key, _):
      return finishQueued(id, in: key, gate: finished.gate)
    case .replaceable(let key) where slots[key] == .running(task: id):
      // (A newer task may have replaced it.)
      if finished.gate.finish(), finished.gate.isOpen {
        slots[key] = .delivering(finished.gate)
      } else {
        slots.removeValue(forKey: key)
      }
      return .none
    case .replaceable, .storeBound, .detached:
      return .none
    }
  }

  /// The last action a finished task delivered was reduced or dropped: frees the key it held, or
  /// its place in its queue.
  mutating func release(_ gate: EffectGate) -> Cleanup {
    guard let key = gate.key else { return .none }
    guard slots[key] == .delivering(gate) else { return releaseQueued(gate, in: key) }
    slots.removeValue(forKey: key)
    return .none
  }

  /// Cancels what `key` holds, its cancellable tasks and its queue included, and forgets the
  /// key's throttle window, with its trailing effect.
  mutating func cancel(_ key: EffectKey) -> Cleanup {
    var cleanup = cleanUp(slots.removeValue(forKey: key), of: key)
    cancelBesideSlot(of: key, into: &cleanup)
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
      .union(cancellables.keys.filter(picks)).union(queues.keys.filter(picks))
    for key in keys { cleanup.append(cancel(key)) }
    return cleanup
  }

  /// Cancels the tasks and drops the debounces and trailing throttled effects counted by
  /// `tracker` (``StoreTask/cancel()``); the queued effects among those tasks, running or
  /// waiting, give their places up at once.
  mutating func cancel(trackedBy tracker: EffectTracker) -> Cleanup {
    var cleanup = Cleanup()
    var cancelled: Set<UInt64> = []
    for (id, effect) in running where effect.tracker?.isCounted(in: tracker) == true {
      effect.cancel(into: &cleanup)
      cancelled.insert(id)
    }
    let changes = queues.remove { cancelled.contains($0) }
    cleanup.append(cleanUp(changes))
    cleanup.trackersToEnd += windows.removeTrailing(trackedBy: tracker).compactMap(\.tracker)
    for (key, slot) in slots {
      guard case .debounce(let id) = slot, debounces.tracker(of: id)?.isCounted(in: tracker) == true
      else { continue }
      let dropped = cleanUp(slots.removeValue(forKey: key), of: key)
      cleanup.trackersToEnd += dropped.trackersToEnd
      cleanup.tasksToCancel += dropped.tasksToCancel
    }
    return cleanup
  }

  /// The store is gone: cancels every task that is not detached and the timers, drops every
  /// debounce and trailing throttled effect, forgets every key, window and queue, and refuses
  /// further work that is not detached.
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
    let changes = queues.removeAll()
    cleanup.append(cleanUp(changes))
    debounces = DebounceTable()
    let closed = windows.removeAll()
    cleanup.trackersToEnd += closed.trailing.compactMap(\.tracker)
    cleanup.tasksToCancel += closed.timers
    return cleanup
  }

  // MARK: - Keys

  /// Cleans up what `key`'s slot held before it was replaced or emptied: a running task is
  /// cancelled (it frees nothing when it finishes, since the slot no longer names it), the
  /// actions a finished one delivered are dropped, a debounce is dropped (see
  /// ``DebounceTable/drop(_:)``).
  mutating func cleanUp(_ slot: Slot?, of key: EffectKey) -> Cleanup {
    var cleanup = Cleanup()
    switch slot {
    case .running(let id)?:
      running[id]?.cancel(into: &cleanup)
    case .delivering(let gate)?:
      gate.close()
    case .debounce(let id)?:
      // A waiting debounce's wait ends; with the last one gone, the timer has nothing to wait
      // for. A firing one loses its claim to start.
      let dropped = debounces.drop(id)
      if let tracker = dropped.tracker { cleanup.trackersToEnd.append(tracker) }
      if let timer = dropped.timer { cleanup.tasksToCancel.append(timer) }
    case nil:
      break
    }
    return cleanup
  }
}
