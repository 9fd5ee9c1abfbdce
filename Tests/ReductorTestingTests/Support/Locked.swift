import Synchronization

/// A value that effects on any thread can change and tests can read.
final class Locked<Value: Sendable>: Sendable {
  private let storage: Mutex<Value>

  init(_ value: Value) {
    storage = Mutex(value)
  }

  var value: Value { storage.withLock { $0 } }

  func withLock<Result>(_ body: (inout Value) -> Result) -> Result {
    storage.withLock { body(&$0) }
  }
}

/// A thread-safe count.
typealias Counter = Locked<Int>

extension Locked where Value == Int {
  convenience init() { self.init(0) }

  @Sendable func increment() { withLock { $0 += 1 } }
}
