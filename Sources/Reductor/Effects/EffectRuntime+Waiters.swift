import Synchronization

/// The runtime's part of ``StoreTask/finish()``, where tasks wait for a tracker's count to reach
/// zero, and of ``ReducerStore/finishEffects(timeout:fileID:line:)``, which waits for every
/// tracker's.
extension EffectRuntime {
  /// Registers a task that waits for `tracker`; returns its id, or nil when the tracker is
  /// finished. The waiter is counted before the tracker's count is read, and
  /// `trackerFinished(_:)` reads the number of waiters after the count reached zero, both
  /// sequentially consistent: either the waiter sees zero, or `trackerFinished(_:)` sees the
  /// waiter and resumes it under the lock.
  func registerWaiter(for tracker: EffectTracker, drains: Bool = false) -> UInt64? {
    if tracker.isFinished { return nil }
    return state.withLock { state in
      let id = state.waiters.register(for: tracker, drains: drains)
      waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
      guard tracker.isFinished else { return id }
      _ = state.waiters.remove(id)
      waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
      return nil
    }
  }

  /// Attaches the continuation of waiter `id`, or resumes it at once if it was resumed (its
  /// tracker finished, or its task was cancelled) before it got here.
  func attach(_ continuation: CheckedContinuation<Void, Never>, toWaiter id: UInt64) {
    if !state.withLock({ $0.waiters.attach(continuation, to: id) }) { continuation.resume() }
  }

  /// Resumes waiter `id`, if it still waits.
  func resumeWaiter(_ id: UInt64) {
    state.withLock { state in
      defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
      return state.waiters.remove(id)
    }?.resume()
  }

  /// Resumes every task waiting for `tracker`; called when its count reaches zero. On a manual
  /// clock, it tells the clock's settle points that wait for activity.
  func trackerFinished(_ tracker: EffectTracker) {
    // Most trackers finish with nobody waiting: no lock then.
    if waiterCount.load(ordering: .sequentiallyConsistent) > 0 {
      let waiters = state.withLock { state in
        defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
        return state.waiters.removeAll(waitingFor: tracker)
      }
      for continuation in waiters { continuation.resume() }
    }
    if openTrackers.wrappingSubtract(1, ordering: .acquiringAndReleasing).newValue == 0 {
      quiet.notify()
    }
    manualClock?.signalActivity()
  }

  /// Wakes a task that waits for a send's work on the store's own actor, when one does, to
  /// reduce the actions that arrived: it does in its own turn of that actor what a drain
  /// scheduled for them would do in another. Returns whether one was woken; the inbox
  /// schedules a drain otherwise.
  @usableFromInline
  func resumeDrainingWaiter() -> Bool {
    guard waiterCount.load(ordering: .sequentiallyConsistent) > 0 else { return false }
    let (found, continuation) = state.withLock { state in
      defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
      return state.waiters.removeDrainer()
    }
    continuation?.resume()
    return found
  }

  /// Sets how the store reduces the actions delivered to it on the main actor, which owns it.
  @usableFromInline
  func setDrainOnMainActor(_ drain: @escaping @MainActor @Sendable () -> Void) {
    state.withLock { $0.drainOnMainActor = drain }
  }

  /// Counts a tracker that got its first work; called by its first `begin`.
  func trackerOpened() {
    openTrackers.wrappingAdd(1, ordering: .acquiringAndReleasing)
  }

  /// Whether no tracker has work: no effect runs or waits, and every action effects delivered
  /// has been reduced.
  var isQuiet: Bool {
    openTrackers.load(ordering: .acquiring) == 0
  }
}
