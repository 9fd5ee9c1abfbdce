import Synchronization

/// Where the effects of one root store run: it owns their tasks, their keys, the throttle
/// windows, the pending debounces, the tasks waiting in `StoreTask.finish()` and the store's
/// clock. ``EffectRunner`` interprets the effects, and calls on it for tasks, keys and timing.
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
    /// Reduces the actions delivered to the store, on the main actor, which owns it; nil on a
    /// manual clock, whose settle points reduce them.
    var drainOnMainActor: (@MainActor @Sendable () -> Void)?
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

  // MARK: - Running effects

  /// Starts `work` in a task of its own, registered under `lifetime`, behind a gate of its own
  /// that hangs from `parent` (the gate of the task that starts it) unless the work is detached;
  /// returns nil when it may not start (see
  /// ``EffectTable/start(_:site:tracker:gate:firedDebounce:makeTask:)``). `work` gets the gate.
  func spawn(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    site: EffectSite?,
    parent: EffectGate?,
    tracker: EffectTracker?,
    firedDebounce: UInt64?,
    work: @escaping @Sendable (EffectGate) async -> Void
  ) -> Task<Void, Never>? {
    if tracker?.isCancelled == true { return nil }
    tracker?.begin()
    var key: EffectKey?
    if case .replaceable(let replaced) = lifetime.kind { key = replaced }
    // A detached task is not cancelled with the task that started it.
    let gate = EffectGate(parent: lifetime == .detached ? nil : parent, key: key, site: site)
    let started = state.withLock { state in
      state.effects.start(
        lifetime, site: site, tracker: tracker, gate: gate, firedDebounce: firedDebounce
      ) { id in
        Task(executorPreference: manualClock?.executor, priority: priority) {
          await work(gate)
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
