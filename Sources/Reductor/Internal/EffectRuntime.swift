/// Runs the effects of one root store: it owns their tasks, their keys, the throttle windows and
/// the store's clock.
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

  private struct State {
    var nextID: UInt64 = 0
    var tasks: [UInt64: Entry] = [:]
    var keyed: [EffectKey: UInt64] = [:]
    var throttle = ThrottleWindows()
    var isClosed = false
    var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void = EffectRuntime.writeDiagnostic
  }

  let clock: any Clock<Duration>
  /// Set when the clock is a ``ManualClock``: effects then run on its executor.
  @usableFromInline let manualClock: ManualClock?
  /// The time elapsed on `clock` since the runtime was created.
  private let elapsed: @Sendable () -> Duration
  private let state = Locked(State())

  init(clock: any Clock<Duration>) {
    self.clock = clock
    self.manualClock = clock as? ManualClock
    self.elapsed = Self.elapsedTime(on: clock)
  }

  private static func elapsedTime<C: Clock<Duration>>(on clock: C) -> @Sendable () -> Duration {
    let start = clock.now
    return { start.duration(to: clock.now) }
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
    case .concat, .merge, .debounce:
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

  /// Starts a registered task that performs `effect`. A debounce is registered under its key,
  /// like a replaceable effect. Returns nil when the work may not start (the store is gone or
  /// the tracker was cancelled).
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
  /// A replaceable effect cancels the task already registered under its key. After the store is
  /// gone, only detached work still starts.
  private func spawn(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    tracker: EffectTracker?,
    work: @escaping @Sendable () async -> Void
  ) -> Task<Void, Never>? {
    if tracker?.isCancelled == true { return nil }
    tracker?.begin()
    let (task, replaced) = state.withLock { state -> (Task<Void, Never>?, Task<Void, Never>?) in
      guard !state.isClosed || lifetime == .detached else { return (nil, nil) }
      let id = state.nextID
      state.nextID += 1
      var replaced: Task<Void, Never>?
      if case .replaceable(let key) = lifetime.kind,
        let old = state.keyed.updateValue(id, forKey: key)
      {
        replaced = state.tasks[old]?.task
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
    return task
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

  // MARK: - Cancelling

  /// Cancels the effect registered under `key` and forgets the key's throttle window.
  func cancel(_ key: EffectKey) {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.throttle.remove(key)
      guard let id = state.keyed.removeValue(forKey: key) else { return nil }
      return state.tasks[id]?.task
    }
    task?.cancel()
  }

  func cancelTasks(trackedBy tracker: EffectTracker) {
    let tasks = state.withLock { state in
      state.tasks.values.filter { $0.tracker === tracker }.map(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Called when the store is deinitialized: cancels every effect that is not detached.
  func close() {
    let tasks = state.withLock { state in
      state.isClosed = true
      state.keyed.removeAll()
      state.throttle = ThrottleWindows()
      return state.tasks.values.filter { $0.lifetime != .detached }.map(\.task)
    }
    for task in tasks { task.cancel() }
  }
}

extension Effect {
  var isDebounce: Bool {
    if case .debounce = operation { return true }
    return false
  }
}
