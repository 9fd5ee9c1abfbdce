import Synchronization

/// Runs the effects of one root store: it owns their tasks, their keys, the throttle windows,
/// the pending debounces, the tasks waiting in `StoreTask.finish()` and the store's clock.
///
/// The runtime never references the store, so effects never keep a store alive. When the store
/// is deinitialized it calls ``close()``, which cancels every effect that is not detached.
@usableFromInline
final class EffectRuntime: Sendable {
  /// Everything the runtime's lock protects.
  struct State {
    var effects = EffectTable()
    var waiters = TrackerWaiters()
    var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void = EffectRuntime.writeDiagnostic
  }

  @usableFromInline let clock: any Clock<Duration>
  /// Set when the clock is a ``ManualClock``: effects then run on its executor.
  @usableFromInline let manualClock: ManualClock?
  /// The time since the runtime was created, on `clock`, for the deadlines of debounces and
  /// throttle windows.
  let stopwatch: Stopwatch
  let state = Locked(State())
  /// The number of trackers with work; see ``isQuiet``.
  let openTrackers = Atomic(0)
  /// The number of tasks registered in `state.waiters`, written under the lock.
  let waiterCount = Atomic(0)
  /// Moves whenever `openTrackers` reaches zero.
  let quiet = ActivitySignal()

  init(clock: any Clock<Duration>) {
    self.clock = clock
    self.manualClock = clock as? ManualClock
    self.stopwatch = Stopwatch(startingOn: clock)
  }

  /// The time elapsed on `clock` since the runtime was created.
  func elapsed() -> Duration {
    stopwatch.elapsed()
  }

  static let writeDiagnostic: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
    writeToStandardError(diagnostic.description)
  }

  var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { state.withLock { $0.diagnosticHandler } }
    set { state.withLock { $0.diagnosticHandler = newValue } }
  }

  @usableFromInline
  func report(_ diagnostic: StoreDiagnostic) {
    diagnosticHandler(diagnostic)
  }

  /// The number of effect tasks that have not finished yet.
  var runningCount: Int {
    state.withLock { $0.effects.runningCount }
  }

  // MARK: - Starting effects

  /// Starts `effect`, from the main actor or a throttle window's timer. A `.send` it reaches
  /// synchronously (a throttled one, or one in a concatenation or merge of nothing but sends)
  /// goes to `buffer`, the store's buffer, to be reduced before the store's `send` returns. A
  /// deferred effect the store did not build (a throttled one) is built in a task of its own.
  func start<Action>(
    _ effect: Effect<Action>, send: Send<Action>, tracker: EffectTracker?,
    buffer: (Action) -> Void
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      buffer(action)
    case .cancel(let key):
      cancel(key)
    case .cancelScopes(let picks):
      cancelScopes(where: picks)
    case .throttle(let interval, let key, let latest, let child):
      if admitThrottled(
        child, key: key, interval: interval, latest: latest, send: send, tracker: tracker)
      {
        start(child, send: send, tracker: tracker, buffer: buffer)
      }
    case .run(let priority, _):
      spawn(effect, send: send, tracker: tracker, priority: priority)
    case .debounce(let interval, let key, let child):
      debounce(child, key: key, interval: interval, send: send, tracker: tracker)
    case .concat, .merge:
      if let actions = effect.actionsDeliveredAtOnce {
        for action in actions { buffer(action) }
      } else {
        spawn(effect, send: send, tracker: tracker, priority: nil)
      }
    case .deferred:
      spawn(effect, send: send, tracker: tracker, priority: nil)
    }
  }

  /// Runs `effect` inside an effect task, honouring its lifetime: a store-bound effect runs
  /// inline; any other gets a registered task of its own, which this one awaits.
  func execute<Action>(
    _ effect: Effect<Action>, send: Send<Action>, tracker: EffectTracker?
  ) async {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      send(action)
    case .cancel(let key):
      cancel(key)
    case .cancelScopes(let picks):
      cancelScopes(where: picks)
    case .throttle(let interval, let key, let latest, let child):
      if admitThrottled(
        child, key: key, interval: interval, latest: latest, send: send, tracker: tracker)
      {
        await execute(child, send: send, tracker: tracker)
      }
    case .deferred(let build):
      await execute(MainActor.run(body: build), send: send, tracker: tracker)
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
    case .none, .send, .cancel, .cancelScopes, .throttle:
      // Not spawned on their own; handled by `execute` without a task of their own.
      await execute(Effect(operation: operation), send: send, tracker: tracker)
    case .run(_, let body):
      await body(send)
    case .deferred(let build):
      await execute(MainActor.run(body: build), send: send, tracker: tracker)
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
    return spawn(lifetime: lifetime, priority: priority, send: send, tracker: tracker) { send in
      await self.perform(operation, send: send, tracker: tracker)
    }
  }

  /// Starts `work` in a task of its own, registered under `lifetime`, with the dependencies of
  /// `send` in force (the ones of the reduction that returned the effect, whatever task starts
  /// it: a debounce's timer, say); returns nil when it may not start (see
  /// ``EffectTable/start(_:tracker:gate:firedDebounce:makeTask:)``). `work` gets `send` behind
  /// the task's own ``EffectGate``.
  func spawn<Action>(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    send: Send<Action>,
    tracker: EffectTracker?,
    firedDebounce: UInt64? = nil,
    work: @escaping @Sendable (Send<Action>) async -> Void
  ) -> Task<Void, Never>? {
    if tracker?.isCancelled == true { return nil }
    tracker?.begin()
    var key: EffectKey?
    if case .replaceable(let replaced) = lifetime.kind { key = replaced }
    // A detached task is not cancelled with the task that started it.
    let gate = EffectGate(parent: lifetime == .detached ? nil : send.gate, key: key)
    let gated = send.gated(by: gate)
    let started = state.withLock { state in
      state.effects.start(lifetime, tracker: tracker, gate: gate, firedDebounce: firedDebounce) {
        id in
        Task(executorPreference: manualClock?.executor, priority: priority) {
          await DependencyValues.$current.withValue(gated.dependencies) {
            await work(gated)
          }
          self.state.withLock { $0.effects.finish(id) }
          if Task.isCancelled { tracker?.noteCancellation() }
          tracker?.end()
        }
      }
    }
    if started.task == nil { tracker?.endCancelled() }
    started.cleanup.perform()
    return started.task
  }

  /// A task on the store's clock that sleeps until `firstDeadline`, calls `wake` with the time
  /// since the runtime started, and sleeps again until the deadline `wake` returns, until it
  /// returns nil. If a sleep throws (the timer was cancelled, or the clock failed), it calls
  /// `stopped` and ends. The debounce timer and the throttle windows' timers are such tasks.
  func makeTimer(
    firstDeadline: Duration,
    wake: @escaping @Sendable (_ now: Duration) -> Duration?,
    stopped: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    Task(executorPreference: manualClock?.executor) {
      var deadline = firstDeadline
      while true {
        do {
          try await self.stopwatch.sleepUntilElapsed(deadline)
        } catch {
          stopped()
          return
        }
        guard let next = wake(max(self.elapsed(), deadline)) else { return }
        deadline = next
      }
    }
  }

  // MARK: - Cancelling

  /// Cancels what runs or waits under `key` and forgets the key's throttle window.
  func cancel(_ key: EffectKey) {
    state.withLock { $0.effects.cancel(key) }.perform()
  }

  /// Cancels what runs or waits under the keys `picks` picks.
  func cancelScopes(where picks: @Sendable (EffectKey) -> Bool) {
    state.withLock { $0.effects.cancelScopes(where: picks) }.perform()
  }

  /// The last action `gate`'s finished task delivered was reduced or dropped: frees its key.
  func release(_ gate: EffectGate) {
    state.withLock { $0.effects.release(gate) }
  }

  /// Cancels the effects counted by `tracker`, for ``StoreTask/cancel()``.
  func cancelTasks(trackedBy tracker: EffectTracker) {
    state.withLock { $0.effects.cancel(trackedBy: tracker) }.perform()
  }

  /// Called when the store is deinitialized: cancels every effect that is not detached.
  func close() {
    state.withLock { $0.effects.close() }.perform()
  }
}

extension Effect {
  var isDebounce: Bool {
    if case .debounce = operation { return true }
    return false
  }
}
