/// Runs the effects of one root store: it owns their tasks, their keys, the throttle windows,
/// the pending debounces, the tasks waiting in `StoreTask.finish()` and the store's clock.
///
/// The runtime never references the store, so effects never keep a store alive. When the store
/// is deinitialized it calls ``close()``, which cancels every effect that is not detached.
@usableFromInline
final class EffectRuntime: Sendable {
  private struct Entry {
    let task: Task<Void, Never>
    let lifetime: EffectLifetime
    let tracker: EffectTracker?
  }

  /// The task that sleeps until the earliest pending debounce is due.
  private struct DebounceTimer {
    let id: UInt64
    let task: Task<Void, Never>
    var deadline: Duration
  }

  private struct State {
    var nextID: UInt64 = 0
    var tasks: [UInt64: Entry] = [:]
    var keyed: [EffectKey: UInt64] = [:]
    var throttle = ThrottleWindows()
    var debounces = DebounceTable()
    var debounceTimer: DebounceTimer?
    /// Tasks waiting in `StoreTask.finish()`, by id: their tracker, and their continuation once
    /// they have attached it.
    var waiters:
      [UInt64: (tracker: ObjectIdentifier, continuation: CheckedContinuation<Void, Never>?)] = [:]
    var isClosed = false
    var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void = EffectRuntime.writeDiagnostic
  }

  let clock: any Clock<Duration>
  /// Set when the clock is a ``ManualClock``: effects then run on its executor.
  @usableFromInline let manualClock: ManualClock?
  /// The time elapsed on `clock` since the runtime was created.
  private let elapsed: @Sendable () -> Duration
  /// Sleeps on `clock` until the given time has elapsed since the runtime was created.
  private let sleepUntilElapsed: @Sendable (Duration) async throws -> Void
  private let state = Locked(State())

  init(clock: any Clock<Duration>) {
    self.clock = clock
    self.manualClock = clock as? ManualClock
    (self.elapsed, self.sleepUntilElapsed) = Self.elapsedTime(on: clock)
  }

  private static func elapsedTime<C: Clock<Duration>>(
    on clock: C
  ) -> (@Sendable () -> Duration, @Sendable (Duration) async throws -> Void) {
    let start = clock.now
    return (
      { start.duration(to: clock.now) },
      { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
    )
  }

  static let writeDiagnostic: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
    writeToStandardError(diagnostic.description)
  }

  var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { state.withLock { $0.diagnosticHandler } }
    set { state.withLock { $0.diagnosticHandler = newValue } }
  }

  func report(_ diagnostic: StoreDiagnostic) {
    diagnosticHandler(diagnostic)
  }

  /// The number of effect tasks that have not finished yet.
  var runningCount: Int {
    state.withLock { $0.tasks.count }
  }

  /// The number of throttle windows kept in memory.
  var throttleWindowCount: Int {
    state.withLock { $0.throttle.count }
  }

  /// The number of debounced effects waiting for their key to go quiet.
  var pendingDebounceCount: Int {
    state.withLock { $0.debounces.count }
  }

  // MARK: - Starting effects

  /// Starts `effect` from the main actor. A top-level `.send` is handled by the store, which
  /// appends it to its buffer; one reached here (a throttled send) goes through the inbox.
  func start<Action>(_ effect: Effect<Action>, send: Send<Action>, tracker: EffectTracker?) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      send.deliver(action)
    case .cancel(let key):
      cancel(key)
    case .throttle(let interval, let key, let child):
      if opensThrottleWindow(key, interval: interval) {
        start(child, send: send, tracker: tracker)
      }
    case .run(let priority, _):
      spawn(effect, send: send, tracker: tracker, priority: priority)
    case .debounce(let interval, let key, let child):
      debounce(child, key: key, interval: interval, send: send, tracker: tracker)
    case .concat, .merge:
      spawn(effect, send: send, tracker: tracker, priority: nil)
    }
  }

  /// Runs `effect` inside an effect task, honouring its lifetime: a store-bound effect runs
  /// inline; any other gets a registered task of its own, which this one awaits.
  private func execute<Action>(
    _ effect: Effect<Action>, send: Send<Action>, tracker: EffectTracker?
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      send(action)
    case .cancel(let key):
      cancel(key)
    case .throttle(let interval, let key, let child):
      if opensThrottleWindow(key, interval: interval) {
        await execute(child, send: send, tracker: tracker)
      }
    case .run, .concat, .merge, .debounce:
      if effect.lifetime == .storeBound, !effect.isDebounce {
        await perform(effect.operation, send: send, tracker: tracker)
        return
      }
      let task = spawn(effect, send: send, tracker: tracker, priority: nil)
      let forwardsCancellation = effect.lifetime != .detached
      await withTaskCancellationHandler {
        await task?.value
      } onCancel: {
        if forwardsCancellation { task?.cancel() }
      }
    }
  }

  /// Runs the work of an operation in the current task.
  private func perform<Action>(
    _ operation: Effect<Action>.Operation, send: Send<Action>, tracker: EffectTracker?
  ) async {
    switch operation {
    case .none, .send, .cancel, .throttle:
      // Not spawned on their own; handled by `execute` without a task of their own.
      await execute(Effect(operation: operation), send: send, tracker: tracker)
    case .run(_, let body):
      await body(send)
    case .concat(let effects):
      for effect in effects {
        if Task.isCancelled { return }
        await execute(effect, send: send, tracker: tracker)
      }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await self.execute(effect, send: send, tracker: tracker) }
        }
      }
    case .debounce(let interval, _, let effect):
      if interval > .zero {
        do {
          try await clock.sleep(for: interval)
        } catch {
          return
        }
      }
      await execute(effect, send: send, tracker: tracker)
    }
  }

  /// Starts a registered task that performs `effect`. A debounce (one inside a composition) is
  /// registered under its key, like a replaceable effect. Returns nil when the work may not
  /// start (the store is gone or the tracker was cancelled).
  @discardableResult
  private func spawn<Action>(
    _ effect: Effect<Action>, send: Send<Action>, tracker: EffectTracker?,
    priority: TaskPriority?
  ) -> Task<Void, Never>? {
    var lifetime = effect.lifetime
    if case .debounce(_, let key, _) = effect.operation {
      lifetime = EffectLifetime(kind: .replaceable(key))
    }
    let operation = effect.operation
    return spawn(lifetime: lifetime, priority: priority, tracker: tracker) {
      await self.perform(operation, send: send, tracker: tracker)
    }
  }

  /// Starts `work` in a task of its own, registered under `lifetime`.
  ///
  /// A replaceable effect cancels the task already registered under its key and drops a
  /// debounce pending or firing under it. A debounce that fired (`firedDebounce`, its entry's
  /// id) starts only if nothing cleared its firing mark meanwhile (see `DebounceTable`).
  /// After the store is gone, only detached work still starts.
  private func spawn(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    tracker: EffectTracker?,
    firedDebounce: UInt64? = nil,
    work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never>? {
    if tracker?.isCancelled == true { return nil }
    tracker?.begin()
    var droppedDebounce: DebounceTable.Pending?
    let (task, replaced) = state.withLock { state -> (Task<Void, Never>?, Task<Void, Never>?) in
      guard !state.isClosed || lifetime == .detached else { return (nil, nil) }
      if case .replaceable(let key) = lifetime.kind, let id = firedDebounce,
        !state.debounces.finishFiring(key, id: id)
      {
        return (nil, nil)
      }
      let id = state.nextID
      state.nextID += 1
      var replaced: Task<Void, Never>?
      if case .replaceable(let key) = lifetime.kind {
        if let old = state.keyed.updateValue(id, forKey: key) { replaced = state.tasks[old]?.task }
        droppedDebounce = state.debounces.remove(key)
      }
      let task = Task(executorPreference: manualClock?.executor, priority: priority) {
        [clock] in
        await EffectContext.$clock.withValue(clock) {
          await work()
        }
        self.remove(id)
        tracker?.end()
      }
      state.tasks[id] = Entry(task: task, lifetime: lifetime, tracker: tracker)
      return (task, replaced)
    }
    if task == nil { tracker?.end() }
    replaced?.cancel()
    droppedDebounce?.tracker?.end()
    return task
  }

  // MARK: - Debouncing

  /// Schedules a debounce that a reducer returned. It waits in the debounce table, not in a
  /// task of its own, until `key` has been quiet for `interval`; then `child` starts, registered
  /// under `key`. A debounce inside a `concat` or `merge` instead waits in a keyed task of its
  /// own (see `perform`), which the composition awaits.
  private func debounce<Action>(
    _ child: Effect<Action>, key: EffectKey, interval: Duration, send: Send<Action>,
    tracker: EffectTracker?
  ) {
    if tracker?.isCancelled == true { return }
    tracker?.begin()
    let entry = DebounceTable.Pending(
      fire: { id in self.startDebounced(child, key: key, id: id, send: send, tracker: tracker) },
      tracker: tracker)
    let deadline = elapsed() + max(interval, .zero)
    var replaced: DebounceTable.Pending?
    var running: Task<Void, Never>?
    var replacedTimer: Task<Void, Never>?
    let accepted = state.withLock { state in
      guard !state.isClosed else { return false }
      replaced = state.debounces.schedule(entry, for: key, at: deadline)
      // A newer effect for the key also cancels an older one that is already running.
      if let id = state.keyed.removeValue(forKey: key) { running = state.tasks[id]?.task }
      if let timer = state.debounceTimer, timer.deadline <= deadline { return true }
      replacedTimer = state.debounceTimer?.task
      let id = state.nextID
      state.nextID += 1
      state.debounceTimer = DebounceTimer(
        id: id, task: makeDebounceTimer(id: id, firstDeadline: deadline), deadline: deadline)
      return true
    }
    if !accepted { tracker?.end() }
    replaced?.tracker?.end()
    running?.cancel()
    replacedTimer?.cancel()
  }

  /// Starts the debounced effect of entry `id`, which is due, registered under `key` so that a
  /// newer debounce or `.cancel(key)` cancels it while it runs. It does not start if something
  /// replaced or cancelled it after the timer took it off the table (its firing mark is gone).
  private func startDebounced<Action>(
    _ child: Effect<Action>, key: EffectKey, id: UInt64, send: Send<Action>,
    tracker: EffectTracker?
  ) {
    switch child.operation {
    case .none:
      _ = state.withLock { $0.debounces.finishFiring(key, id: id) }
    case .send(let action):
      if state.withLock({ $0.debounces.finishFiring(key, id: id) }) { send.deliver(action) }
    default:
      _ = spawn(
        lifetime: EffectLifetime(kind: .replaceable(key)), priority: nil, tracker: tracker,
        firedDebounce: id
      ) {
        await self.execute(child, send: send, tracker: tracker)
      }
    }
  }

  /// A task that sleeps until the earliest pending debounce is due, starts the due ones, and
  /// goes on while any is pending. A debounce due earlier replaces it with a new timer; the
  /// replaced one stops at its next check, whether it is asleep or not.
  private func makeDebounceTimer(id: UInt64, firstDeadline: Duration) -> Task<Void, Never> {
    Task(executorPreference: manualClock?.executor) {
      var deadline = firstDeadline
      while true {
        do {
          try await self.sleepUntilElapsed(deadline)
        } catch {
          // Replaced or closed; or the clock failed, and the next debounce makes a new timer.
          self.state.withLock { state in
            if state.debounceTimer?.id == id { state.debounceTimer = nil }
          }
          return
        }
        let now = max(self.elapsed(), deadline)
        let (due, next) = self.state.withLock {
          state -> ([(id: UInt64, pending: DebounceTable.Pending)], Duration?) in
          guard state.debounceTimer?.id == id else { return ([], nil) }
          let due = state.debounces.removeDue(notAfter: now)
          let next = state.debounces.earliestDeadline()
          if let next { state.debounceTimer?.deadline = next } else { state.debounceTimer = nil }
          return (due, next)
        }
        for entry in due {
          entry.pending.fire(entry.id)
          entry.pending.tracker?.end()
        }
        guard let next else { return }
        deadline = next
      }
    }
  }

  private func remove(_ id: UInt64) {
    state.withLock { state in
      let entry = state.tasks.removeValue(forKey: id)
      if case .replaceable(let key) = entry?.lifetime.kind, state.keyed[key] == id {
        state.keyed.removeValue(forKey: key)
      }
    }
  }

  private func opensThrottleWindow(_ key: EffectKey, interval: Duration) -> Bool {
    let now = elapsed()
    return state.withLock { $0.throttle.opensWindow(for: key, at: now, interval: interval) }
  }

  // MARK: - Waiting for trackers

  /// Registers a task that waits for `tracker`; returns its id, or nil when the tracker is
  /// finished. Checked under the lock that `resumeWaiters(of:)` takes once the count is zero,
  /// so a waiter either sees zero or is resumed.
  func registerWaiter(for tracker: EffectTracker) -> UInt64? {
    state.withLock { state in
      guard !tracker.isFinished else { return nil }
      let id = state.nextID
      state.nextID += 1
      state.waiters[id] = (ObjectIdentifier(tracker), nil)
      return id
    }
  }

  /// Attaches the continuation of waiter `id`, or resumes it at once if it was resumed (its
  /// tracker finished, or its task was cancelled) before it got here.
  func attach(_ continuation: CheckedContinuation<Void, Never>, toWaiter id: UInt64) {
    let isWaiting = state.withLock { state in
      guard state.waiters[id] != nil else { return false }
      state.waiters[id]?.continuation = continuation
      return true
    }
    if !isWaiting { continuation.resume() }
  }

  /// Resumes waiter `id`, if it still waits.
  func resumeWaiter(_ id: UInt64) {
    state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation?.resume()
  }

  /// Resumes every task waiting for `tracker`; called when its count reaches zero.
  func resumeWaiters(of tracker: EffectTracker) {
    let tracker = ObjectIdentifier(tracker)
    let resumed = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      guard !state.waiters.isEmpty else { return [] }
      let ids = state.waiters.filter { $0.value.tracker == tracker }.keys
      return ids.compactMap { state.waiters.removeValue(forKey: $0)?.continuation }
    }
    for continuation in resumed { continuation.resume() }
  }

  // MARK: - Cancelling

  /// Cancels the effect registered under `key` and forgets the key's throttle window.
  func cancel(_ key: EffectKey) {
    let (task, debounce) = state.withLock { state in
      state.throttle.remove(key)
      let task = state.keyed.removeValue(forKey: key).flatMap { state.tasks[$0]?.task }
      return (task, state.debounces.remove(key))
    }
    task?.cancel()
    debounce?.tracker?.end()
  }

  func cancelTasks(trackedBy tracker: EffectTracker) {
    let (tasks, debounces) = state.withLock { state in
      let tasks = state.tasks.values.filter { $0.tracker === tracker }.map(\.task)
      return (tasks, state.debounces.remove(trackedBy: tracker))
    }
    for task in tasks { task.cancel() }
    for debounce in debounces { debounce.tracker?.end() }
  }

  /// Called when the store is deinitialized: cancels every effect that is not detached.
  func close() {
    let (tasks, debounces) = state.withLock { state in
      state.isClosed = true
      state.keyed.removeAll()
      state.throttle = ThrottleWindows()
      var tasks = state.tasks.values.filter { $0.lifetime != .detached }.map(\.task)
      if let timer = state.debounceTimer { tasks.append(timer.task) }
      state.debounceTimer = nil
      return (tasks, state.debounces.removeAll())
    }
    for task in tasks { task.cancel() }
    for debounce in debounces { debounce.tracker?.end() }
  }
}

extension Effect {
  var isDebounce: Bool {
    if case .debounce = operation { return true }
    return false
  }
}
