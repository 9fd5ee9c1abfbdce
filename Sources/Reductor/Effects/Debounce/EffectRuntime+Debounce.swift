/// The runtime's part of debouncing: a debounce waits in the effect table's debounce table, not
/// in a task of its own, wherever it sits — returned by a reducer, or inside a concatenation or
/// a merge, whose task awaits it — and one timer task starts the debounced effects when they are
/// due.
extension EffectRuntime {
  /// The number of debounced effects waiting for their key to go quiet.
  var pendingDebounceCount: Int {
    state.withLock { $0.effects.pendingDebounceCount }
  }

  /// Schedules a debounce under `key`, due after `interval`, counted in `tracker` while it
  /// waits; when it is due, the timer calls `fire` with its entry's id. A newer effect for the key
  /// replaces it while it waits.
  func debounce(
    key: EffectKey, interval: Duration, tracker: EffectTracker?,
    fire: @escaping @Sendable (_ id: UInt64) -> Void
  ) {
    if tracker?.isCancelled == true { return }
    tracker?.begin()
    let pending = DebounceTable.Pending(key: key, fire: fire, tracker: tracker)
    let deadline = elapsed() + max(interval, .zero)
    let cleanup = state.withLock { state in
      state.effects.debounce(pending, at: deadline) { timer in
        makeDebounceTimer(id: timer, firstDeadline: deadline)
      }
    }
    guard let cleanup else {
      tracker?.endCancelled()
      return
    }
    cleanup.perform()
  }

  /// A task that sleeps until the earliest pending debounce is due, starts the due ones, and
  /// goes on while any is pending. A debounce due earlier replaces it with a new timer; the
  /// replaced one stops at its next check, whether it is asleep or not.
  private func makeDebounceTimer(id: UInt64, firstDeadline: Duration) -> Task<Void, Never> {
    makeTimer(firstDeadline: firstDeadline) { now in
      let fired = self.state.withLock { $0.effects.fireDebounces(timer: id, now: now) }
      for entry in fired.due {
        entry.pending.fire(entry.id)
        entry.pending.tracker?.end()
      }
      return fired.nextDeadline
    } stopped: {
      // Replaced or closed; or the clock failed, and the next debounce makes a new timer.
      self.state.withLock { $0.effects.debounceTimerStopped(id) }
    }
  }
}

extension EffectRunner {
  /// Schedules `effect` to start once `key` has been quiet for `interval`, registered under the
  /// key. A newer effect for the key replaces it while it waits and cancels it while it runs.
  func debounce(_ effect: Effect<Action>, key: EffectKey, interval: Duration) {
    guard let runtime else { return }
    let scopedKey = scoped(key)
    runtime.debounce(key: scopedKey, interval: interval, tracker: tracker) { id in
      startDebounced(effect, key: key, scopedKey: scopedKey, id: id)
    }
  }

  /// Debounces `effect` as ``debounce(_:key:interval:)`` does, inside an effect task, and waits
  /// until it has run, or was replaced or cancelled; returns whether it ran to its end. Its work
  /// is counted in a tracker of its own, whose end says so; cancelling the waiting task cancels
  /// what that tracker counts. Without a runtime, it executes `effect` at once.
  func debounceAndWait(_ effect: Effect<Action>, key: EffectKey, interval: Duration) async -> Bool {
    guard let runtime else { return await execute(effect) }
    let completion = EffectCompletion()
    let debounced = EffectTracker(
      runtime: runtime, action: tracker?.action ?? "debounce", reduction: tracker?.reduction ?? 0,
      parent: tracker, mark: tracker?.mark
    ) { cancelled in completion.finish(ranToEnd: !cancelled) }
    debounced.begin()
    with(tracker: debounced).debounce(effect, key: key, interval: interval)
    debounced.end()
    return await withTaskCancellationHandler {
      await completion.ranToEnd
    } onCancel: {
      debounced.cancel()
    }
  }

  /// Starts the debounced `effect` of entry `id`, which is due, registered under `key` (in this
  /// runner's namespaces, `scopedKey`). It does not start if something took the key over after
  /// the timer took the entry off the table.
  private func startDebounced(
    _ effect: Effect<Action>, key: EffectKey, scopedKey: EffectKey, id: UInt64
  ) {
    guard let runtime else { return }
    guard let actions = effect.actionsDeliveredAtOnce else {
      spawn(
        .executing(effect), lifetime: EffectLifetime(kind: .replaceable(key)), isTopLevel: false,
        firedDebounce: id)
      return
    }
    guard !actions.isEmpty else {
      _ = runtime.state.withLock { $0.effects.takeFired(id, key: scopedKey) }
      return
    }
    // Its actions wait to be reduced like a task's: a newer debounce under the key drops them.
    let gate = EffectGate(parent: gate, key: scopedKey)
    _ = gate.finish()
    if runtime.state.withLock({ $0.effects.takeFired(id, key: scopedKey, delivering: gate) }) {
      for action in actions { deliver(action, gate) }
    }
  }
}

/// Whether a debounced effect a task awaits ran to its end: set once, by the end of the work
/// its tracker counts.
final class EffectCompletion: Sendable {
  private struct State {
    var ranToEnd: Bool?
    var waiter: CheckedContinuation<Bool, Never>?
  }

  private let state = Locked(State())

  /// Sets the outcome and resumes the waiting task; only the first call counts.
  func finish(ranToEnd: Bool) {
    let waiter = state.withLock { state -> CheckedContinuation<Bool, Never>? in
      guard state.ranToEnd == nil else { return nil }
      state.ranToEnd = ranToEnd
      defer { state.waiter = nil }
      return state.waiter
    }
    waiter?.resume(returning: ranToEnd)
  }

  /// The outcome, once it is set.
  var ranToEnd: Bool {
    get async {
      await withCheckedContinuation { continuation in
        let outcome = state.withLock { state -> Bool? in
          if let outcome = state.ranToEnd { return outcome }
          state.waiter = continuation
          return nil
        }
        if let outcome { continuation.resume(returning: outcome) }
      }
    }
  }
}
