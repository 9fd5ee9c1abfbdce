// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Reductor

/// A thread-safe count that effects bump and tests read.
typealias Counter = Locked<Int>

extension Locked where Value == Int {
  convenience init() { self.init(0) }

  @Sendable func increment() { withLock { $0 += 1 } }
}
