/// The effect table's events of queues: the ``EffectQueues`` keep a queue per key, beside what
/// the key's slot holds; the table carries out what they decide on its tasks.
extension EffectTable {
  /// The effect of task `id` arrives in `key`'s queue at `now`; see
  /// ``EffectQueues/arrive(_:in:policy:at:)``. Returns whether it starts, waits to start, or is
  /// discarded; what to clean up: the members it displaced; and the queue's policy when the
  /// queue keeps its own.
  mutating func arrive(
    _ id: UInt64, in key: EffectKey, policy: EffectQueuePolicy, at now: Duration
  ) -> (arrival: EffectQueues.Arrival, cleanup: Cleanup, kept: EffectQueuePolicy?) {
    let arrived = queues.arrive(id, in: key, policy: policy, at: now)
    return (arrived.arrival, cleanUp(arrived.changes), arrived.kept)
  }

  /// Queued task `id` asks, at `now`, whether it may start; see
  /// ``EffectQueues/turn(of:in:at:)``.
  mutating func queueTurn(
    of id: UInt64, in key: EffectKey, at now: Duration
  ) -> (turn: EffectQueues.Turn, cleanup: Cleanup) {
    let turn = queues.turn(of: id, in: key, at: now)
    return (turn.turn, cleanUp(turn.changes))
  }

  /// Queued task `id` waits for a resume; see ``EffectQueues/wait(_:in:with:)``.
  mutating func waitInQueue(
    _ id: UInt64, in key: EffectKey, with waiter: EffectQueues.Waiter
  ) -> Bool {
    queues.wait(id, in: key, with: waiter)
  }

  /// Queued task `id` leaves its queue before it started; see ``EffectQueues/leave(_:in:)``.
  mutating func leaveQueue(_ id: UInt64, in key: EffectKey) -> Cleanup {
    let changes = queues.leave(id, in: key)
    return cleanUp(changes)
  }

  /// Queued task `id`, whose gate is `gate`, finished: its place stays held while actions it
  /// delivered wait to be reduced, and goes to the next member otherwise.
  mutating func finishQueued(_ id: UInt64, in key: EffectKey, gate: EffectGate) -> Cleanup {
    let delivering = gate.finish() && gate.isOpen ? gate : nil
    let changes = queues.finish(id, in: key, delivering: delivering)
    return cleanUp(changes)
  }

  /// The last action of the finished queued task behind `gate` was reduced or dropped.
  mutating func releaseQueued(_ gate: EffectGate, in key: EffectKey) -> Cleanup {
    let changes = queues.release(gate, in: key)
    return cleanUp(changes)
  }

  /// What the table does about what the queues decided: cancels the tasks of the members that
  /// left, closes the gates of the delivering ones, resumes the waiting tasks. Give it changes
  /// decided beforehand, not an event's call: the table is copied for this call before its
  /// argument is evaluated, so an event there would change a shared copy of every queue.
  func cleanUp(_ changes: EffectQueues.Changes) -> Cleanup {
    var cleanup = Cleanup()
    for id in changes.cancelled { cancelTask(id, into: &cleanup) }
    for gate in changes.closed { gate.close() }
    cleanup.waitersToResume = changes.resumed
    return cleanup
  }
}
