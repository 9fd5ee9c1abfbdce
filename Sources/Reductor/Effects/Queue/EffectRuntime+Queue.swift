/// The runtime's part of queues: the task of a queued effect exists from its arrival, registered
/// and counted like any effect task; unless it starts at once, it waits in ``takeTurn(_:in:)``
/// until its queue lets it start. A task that waits for a place, or for the members due before
/// it, waits for a resume;
/// the next to start sleeps on the store's clock until its turn, so that a manual clock starts
/// it at the exact instant. No timer task: the waiting tasks are the queue's timers.
extension EffectRuntime {
  /// The number of queues the store keeps: those with effects, and empty ones whose latest
  /// start's delay has not passed.
  var queueCount: Int {
    state.withLock { $0.effects.queues.count }
  }

  /// Waits until queued task `id` may start in `key`'s queue. Returns true when it may, and
  /// false when it left the queue first — displaced, cancelled while it waited, its queue
  /// cancelled, its store gone — and so never starts.
  func takeTurn(_ id: UInt64, in key: EffectKey) async -> Bool {
    while true {
      if Task.isCancelled {
        leaveQueue(id, in: key)
        return false
      }
      let now = elapsed()
      let asked = state.withLock { $0.effects.queueTurn(of: id, in: key, at: now) }
      asked.cleanup.perform()
      switch asked.turn {
      case .start:
        return true
      case .gone:
        return false
      case .sleep(let deadline):
        do {
          try await stopwatch.sleepUntilElapsed(deadline)
        } catch {
          leaveQueue(id, in: key)
          return false
        }
      case .wait:
        await withTaskCancellationHandler {
          await withCheckedContinuation { continuation in
            let waiter = EffectQueues.Waiter(continuation)
            let waits = state.withLock { $0.effects.waitInQueue(id, in: key, with: waiter) }
            if !waits { waiter.resume() }
          }
        } onCancel: {
          leaveQueue(id, in: key)
        }
      }
    }
  }

  /// Queued task `id` leaves `key`'s queue before it started.
  private func leaveQueue(_ id: UInt64, in key: EffectKey) {
    state.withLock { $0.effects.leaveQueue(id, in: key) }.perform()
  }

  /// Reports what is wrong with the policy `named` by an effect of `key`'s queue: a count below
  /// one, or a negative delay (the effect runs as a count of one, or no delay); and `holding`,
  /// the policy of the effects the queue holds, which the queue kept instead of the effect's.
  /// Each diagnostic names the queue, the policies and the place of the effect.
  func reportMisuse(
    ofQueue key: EffectKey, named policy: EffectQueuePolicy, holding: EffectQueuePolicy?,
    site: EffectSite?
  ) {
    let checked = policy.checked
    if let problem = checked.problem {
      reportMisuse("An effect's queue \(key) has the policy \(policy): \(problem).", site: site)
    }
    if let holding {
      reportMisuse(
        "An effect names its queue \(key) with the policy \(policy), while the queue holds "
          + "effects of the policy \(holding): it runs in the queue by \(holding). Give each "
          + "policy a key of its own.", site: site)
    }
  }

  private func reportMisuse(_ message: String, site: EffectSite?) {
    report(
      StoreDiagnostic(
        kind: .invalidEffectQueuePolicy, message: message, error: nil,
        fileID: site?.fileID ?? "", line: site?.line ?? 0))
  }
}
