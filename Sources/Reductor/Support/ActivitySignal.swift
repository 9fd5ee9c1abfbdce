/// A count that moves whenever something happens, and the tasks waiting for it to move.
///
/// A waiter reads ``count``, looks for what it waits for, and if it is not there waits for the
/// count to move past what it read: whatever happens after the read wakes it, even if it happens
/// before the waiter suspends. The manual clock's executor signals jobs and delivered actions
/// with it.
final class ActivitySignal: Sendable {
  private struct State {
    var count: UInt64 = 0
    var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    var nextWaiterID: UInt64 = 0
  }

  private let state = Locked(State())

  init() {}

  /// How often ``notify()`` was called.
  var count: UInt64 {
    state.withLock { $0.count }
  }

  /// Moves the count and wakes every waiter.
  func notify() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.count &+= 1
      guard !state.waiters.isEmpty else { return [] }
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the count differs from `seen`, or the task is cancelled; returns at once when
  /// it already differs.
  func wait(after seen: UInt64) async {
    let id = state.withLock { state -> UInt64 in
      defer { state.nextWaiterID += 1 }
      return state.nextWaiterID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // `Task.isCancelled` is read under the lock that `onCancel` takes: a cancellation
        // either comes before and is seen here, or after and finds the waiter to resume.
        let waits = state.withLock { state in
          guard state.count == seen, !Task.isCancelled else { return false }
          state.waiters[id] = continuation
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }
  }

  /// Waits like ``wait(after:)``, but at most until `deadline` on the continuous clock.
  func wait(after seen: UInt64, until deadline: ContinuousClock.Instant) async {
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.wait(after: seen) }
      group.addTask { try? await ContinuousClock().sleep(until: deadline) }
      await group.next()
      group.cancelAll()
    }
  }
}
