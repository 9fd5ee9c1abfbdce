/// The tasks waiting in ``StoreTask/finish()``, by id: a pure data structure driven under the
/// effect runtime's lock.
///
/// A waiter registers before it suspends, so a resume that comes before its continuation exists
/// (its tracker finished, or its task was cancelled) is remembered: the waiter is gone when the
/// continuation attaches, which then resumes at once.
struct TrackerWaiters {
  typealias Continuation = CheckedContinuation<Void, Never>

  private struct Waiter {
    let tracker: ObjectIdentifier
    /// Whether it waits on the store's own actor and reduces what arrives (see
    /// ``EffectRuntime/resumeDrainingWaiter()``).
    let drains: Bool
    var continuation: Continuation?
  }

  private var waiters: [UInt64: Waiter] = [:]
  private var nextID: UInt64 = 0

  /// The number of waiters registered.
  var count: Int {
    waiters.count
  }

  /// Registers a waiter for `tracker`, which drains the store's inbox when woken if `drains`;
  /// returns its id.
  mutating func register(for tracker: EffectTracker, drains: Bool) -> UInt64 {
    let id = nextID
    nextID += 1
    waiters[id] = Waiter(tracker: ObjectIdentifier(tracker), drains: drains)
    return id
  }

  /// Removes a waiter that drains, if one waits; returns whether one did, and its continuation
  /// to resume if it had attached one.
  mutating func removeDrainer() -> (found: Bool, continuation: Continuation?) {
    guard let id = waiters.first(where: { $0.value.drains })?.key else { return (false, nil) }
    return (true, remove(id))
  }

  /// Attaches the continuation of waiter `id`; returns `false` when the waiter was resumed before
  /// it got here, and the caller must resume the continuation itself.
  mutating func attach(_ continuation: Continuation, to id: UInt64) -> Bool {
    guard waiters[id] != nil else { return false }
    waiters[id]?.continuation = continuation
    return true
  }

  /// Removes waiter `id`; returns its continuation to resume, if it had attached one.
  mutating func remove(_ id: UInt64) -> Continuation? {
    waiters.removeValue(forKey: id)?.continuation
  }

  /// Removes every waiter for `tracker`; returns the continuations to resume.
  mutating func removeAll(waitingFor tracker: EffectTracker) -> [Continuation] {
    guard !waiters.isEmpty else { return [] }
    let tracker = ObjectIdentifier(tracker)
    let ids = waiters.filter { $0.value.tracker == tracker }.keys
    return ids.compactMap { remove($0) }
  }
}
