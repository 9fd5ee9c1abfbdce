/// The runtime's part of debouncing: debounces a reducer returns wait in the effect table's
/// debounce table, and one timer task starts them when they are due.
extension EffectRuntime {
  /// The number of debounced effects waiting for their key to go quiet.
  var pendingDebounceCount: Int {
    state.withLock { $0.effects.pendingDebounceCount }
  }

  /// Schedules a debounce that a reducer returned. It waits in the debounce table, not in a
  /// task of its own, until `key` has been quiet for `interval`; then `child` starts, registered
  /// under `key`. A newer effect for the key replaces it while it waits and cancels it while it
  /// runs. A debounce inside a `concat` or `merge` instead waits in a keyed task of its own (see
  /// `perform`), which the composition awaits.
  func debounce<Action>(
    _ child: Effect<Action>, key: EffectKey, interval: Duration, send: Send<Action>,
    tracker: EffectTracker?
  ) {
    if tracker?.isCancelled == true { return }
    tracker?.begin()
    let pending = DebounceTable.Pending(
      key: key,
      fire: { id in self.startDebounced(child, key: key, id: id, send: send, tracker: tracker) },
      tracker: tracker)
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

  /// Starts the debounced effect of entry `id`, which is due, registered under `key`. It does
  /// not start if something took the key over after the timer took the entry off the table.
  private func startDebounced<Action>(
    _ child: Effect<Action>, key: EffectKey, id: UInt64, send: Send<Action>,
    tracker: EffectTracker?
  ) {
    switch child.operation {
    case .none:
      _ = state.withLock { $0.effects.takeFired(id, key: key) }
    case .send(let action):
      // Its action waits to be reduced like a task's: a newer debounce under the key drops it.
      let gate = EffectGate(parent: send.gate, key: key)
      _ = gate.finish()
      if state.withLock({ $0.effects.takeFired(id, key: key, delivering: gate) }) {
        send.deliver(action, gate)
      }
    default:
      _ = spawn(
        lifetime: EffectLifetime(kind: .replaceable(key)), priority: nil, send: send,
        tracker: tracker, firedDebounce: id
      ) { send in
        await self.execute(child, send: send, tracker: tracker)
      }
    }
  }

  /// A task that sleeps until the earliest pending debounce is due, starts the due ones, and
  /// goes on while any is pending. A debounce due earlier replaces it with a new timer; the
  /// replaced one stops at its next check, whether it is asleep or not.
  private func makeDebounceTimer(id: UInt64, firstDeadline: Duration) -> Task<Void, Never> {
    makeTimer(firstDeadline: firstDeadline) { now in
      let fired = self.state.withLock { $0.effects.fire(timer: id, now: now) }
      for entry in fired.due {
        entry.pending.fire(entry.id)
        entry.pending.tracker?.end()
      }
      return fired.nextDeadline
    } stopped: {
      // Replaced or closed; or the clock failed, and the next debounce makes a new timer.
      self.state.withLock { $0.effects.timerStopped(id) }
    }
  }
}
