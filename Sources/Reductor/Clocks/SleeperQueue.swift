/// The sleepers of a ``ManualClock``, ordered by deadline and, for equal deadlines, by the order
/// in which they went to sleep. A pure data structure, driven under the clock's lock.
///
/// A sleeper is registered before its continuation exists, so a wake-up or a cancellation that
/// arrives first is remembered in its slot and honoured when the continuation attaches.
struct SleeperQueue {
  typealias Continuation = CheckedContinuation<Void, any Error>

  enum Slot {
    case waiting(Continuation?)
    case woken
    case cancelled
  }

  enum Attachment {
    case attached, woken, cancelled
  }

  private var heap = Heap<Deadline>()
  private var slots: [UInt64: Slot] = [:]
  private var nextID: UInt64 = 0

  mutating func insert(deadline: Duration) -> UInt64 {
    let id = nextID
    nextID += 1
    slots[id] = .waiting(nil)
    heap.push(Deadline(time: deadline, id: id))
    return id
  }

  mutating func attach(_ continuation: Continuation, to id: UInt64) -> Attachment {
    switch slots[id] {
    case .waiting?:
      slots[id] = .waiting(continuation)
      return .attached
    case .woken?:
      slots[id] = nil
      return .woken
    case .cancelled?, nil:
      slots[id] = nil
      return .cancelled
    }
  }

  /// Removes a sleeper; returns its continuation for the caller to resume with an error.
  mutating func cancel(_ id: UInt64) -> Continuation? {
    guard case .waiting(let continuation)? = slots[id] else { return nil }
    if let continuation {
      slots[id] = nil
      compactIfMostlyStale()
      return continuation
    }
    slots[id] = .cancelled
    return nil
  }

  /// The earliest deadline of a waiting sleeper.
  mutating func earliestDeadline() -> Duration? {
    dropStaleTop()
    return heap.min?.time
  }

  /// Removes the earliest sleeper if its deadline is at or before `limit`.
  /// Returns its deadline and its continuation (nil when it has not attached yet: it will find
  /// itself woken when it does).
  mutating func popDue(notAfter limit: Duration) -> (deadline: Duration, Continuation?)? {
    dropStaleTop()
    guard let top = heap.min, top.time <= limit else { return nil }
    heap.popMin()
    if case .waiting(let continuation?)? = slots[top.id] {
      slots[top.id] = nil
      return (top.time, continuation)
    }
    slots[top.id] = .woken
    return (top.time, nil)
  }

  private mutating func dropStaleTop() {
    while let top = heap.min, !isLive(top.id) { heap.popMin() }
  }

  private func isLive(_ id: UInt64) -> Bool {
    if case .waiting? = slots[id] { return true }
    return false
  }

  /// Rebuilds the heap when most of it is cancelled sleepers, so restarted debounces do not pile
  /// up entries while time stands still.
  private mutating func compactIfMostlyStale() {
    guard heap.count > 64, heap.count > 2 * slots.count else { return }
    let slots = slots
    heap.removeAll { entry in
      guard case .waiting? = slots[entry.id] else { return true }
      return false
    }
  }
}
