import Reductor

/// A thread-safe count that effects bump and tests read.
typealias Counter = Locked<Int>

extension Locked where Value == Int {
  convenience init() { self.init(0) }

  @Sendable func increment() { withLock { $0 += 1 } }
}
