import Reductor

/// A log sink that keeps every entry, for tests to compare with the entries they expect.
final class LogRecorder: Sendable {
  private let storage = Locked<[String]>([])

  /// The entries so far, oldest first.
  var entries: [String] { storage.withLock { $0 } }

  /// The sink to pass to `logging(_:name:to:formatState:)`.
  var sink: LogSink {
    LogSink { entry in self.storage.withLock { $0.append(entry) } }
  }

  /// Returns the entries so far and forgets them.
  func take() -> [String] {
    storage.withLock { entries in
      defer { entries.removeAll() }
      return entries
    }
  }
}
