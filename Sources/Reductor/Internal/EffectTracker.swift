/// Counts the work one sent action caused — the effect tasks it started and the actions those
/// effects delivered that are not reduced yet — so that ``StoreTask/finish()`` can wait for it.
///
/// The count only grows while it is above zero: once it reaches zero nothing holds the tracker
/// to add work, so zero means finished for good.
@usableFromInline
final class EffectTracker: Sendable {
  private struct State {
    var pending = 0
    var isCancelled = false
    var nextWaiter: UInt64 = 0
    /// Waiters by id; `nil` until the waiter has registered its continuation.
    var waiters: [UInt64: CheckedContinuation<Void, Never>?] = [:]
  }

  private let state = Locked(State())
  private let runtime: EffectRuntime

  init(runtime: EffectRuntime) {
    self.runtime = runtime
  }

  var isCancelled: Bool {
    state.withLock { $0.isCancelled }
  }

  /// Whether all tracked work is done.
  var isFinished: Bool {
    state.withLock { $0.pending == 0 }
  }

  @usableFromInline
  func begin() {
    state.withLock { $0.pending += 1 }
  }

  @usableFromInline
  func end() {
    let finished = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.pending -= 1
      guard state.pending == 0 else { return [] }
      let ready = state.waiters.values.compactMap { $0 }
      state.waiters.removeAll()
      return ready
    }
    for continuation in finished { continuation.resume() }
  }

  /// Cancels the tracked effects, and the ones tracked work would start later.
  func cancel() {
    state.withLock { $0.isCancelled = true }
    runtime.cancelTasks(trackedBy: self)
  }

  /// Waits until the pending count is zero. Cancelling the waiting task returns at once, and
  /// cancels the tracked effects too unless told otherwise.
  func wait(cancellingEffectsIfCancelled cancelsEffects: Bool = true) async {
    let id = state.withLock { state -> UInt64? in
      guard state.pending > 0 else { return nil }
      defer { state.nextWaiter += 1 }
      state.waiters[state.nextWaiter] = .some(nil)
      return state.nextWaiter
    }
    guard let id else { return }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        let resumeNow = state.withLock { state in
          // Gone means it was finished or cancelled before we got here.
          guard state.waiters[id] != nil else { return true }
          state.waiters[id] = continuation
          return false
        }
        if resumeNow { continuation.resume() }
      }
    } onCancel: {
      if cancelsEffects { cancel() }
      let continuation = state.withLock { $0.waiters.removeValue(forKey: id) }
      continuation??.resume()
    }
  }
}
