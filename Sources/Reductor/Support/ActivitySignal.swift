import Synchronization

/// A count that moves whenever something happens, and the tasks waiting for it to move.
///
/// A waiter reads ``count``, looks for what it waits for, and if it is not there waits for the
/// count to move past what it read: whatever happens after the read wakes it, even if it happens
/// before the waiter suspends. The manual clock's executor signals jobs and delivered actions
/// with it.
final class ActivitySignal: Sendable {
  private let state = Locked<(waiters: [UInt64: CheckedContinuation<Void, Never>], nextID: UInt64)>(
    ([:], 0))
  private let moves = Atomic<UInt64>(0)
  /// The number of waiters in `state`, written under the lock: a notify with none takes no lock.
  private let waiterCount = Atomic(0)

  init() {}

  /// How often ``notify()`` was called.
  var count: UInt64 {
    moves.load(ordering: .sequentiallyConsistent)
  }

  /// Moves the count and wakes every waiter. Inlined where it is called: most calls find no
  /// waiter.
  @inline(__always)
  func notify() {
    // Sequentially consistent with a waiter's registration: either this sees the waiter, or the
    // waiter sees the count moved and does not wait.
    moves.wrappingAdd(1, ordering: .sequentiallyConsistent)
    guard waiterCount.load(ordering: .sequentiallyConsistent) > 0 else { return }
    wakeWaiters()
  }

  /// Wakes every waiter.
  private func wakeWaiters() {
    let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      defer {
        state.waiters.removeAll()
        waiterCount.store(0, ordering: .sequentiallyConsistent)
      }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Waits until the count differs from `seen`, or the task is cancelled; returns at once when
  /// it already differs.
  func wait(after seen: UInt64) async {
    let id = state.withLock { state -> UInt64 in
      defer { state.nextID += 1 }
      return state.nextID
    }
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        // `Task.isCancelled` is read under the lock that `onCancel` takes: a cancellation
        // either comes before and is seen here, or after and finds the waiter to resume.
        let waits = state.withLock { state in
          state.waiters[id] = continuation
          waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
          guard moves.load(ordering: .sequentiallyConsistent) == seen, !Task.isCancelled else {
            state.waiters[id] = nil
            waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
            return false
          }
          return true
        }
        if !waits { continuation.resume() }
      }
    } onCancel: {
      state.withLock { state in
        defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
        return state.waiters.removeValue(forKey: id)
      }?.resume()
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
