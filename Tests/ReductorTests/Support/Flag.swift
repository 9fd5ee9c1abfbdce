import Synchronization

/// A thread-safe counter effects can bump and tests can read.
final class Counter: Sendable {
  private let storage = Mutex(0)

  var value: Int { storage.withLock { $0 } }

  @Sendable func increment() {
    storage.withLock { $0 += 1 }
  }
}
