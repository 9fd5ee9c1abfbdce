/// Where log entries go: standard output by default, or any closure.
///
/// Each entry arrives as one `String`, several lines long when the entry has several lines,
/// without a trailing newline. The store calls the sink on the main actor, while it reduces.
///
/// ```swift
/// let entries = Locked<[String]>([])
/// store.logging(to: LogSink { entry in entries.withLock { $0.append(entry) } })
/// ```
///
/// `LogSink` is `Sendable`: its closure is `@Sendable`.
public struct LogSink: Sendable {
  private let write: @Sendable (String) -> Void

  /// Creates a sink that hands each entry to `write`.
  ///
  /// - Parameter write: Receives each entry.
  public init(_ write: @escaping @Sendable (String) -> Void) {
    self.write = write
  }

  /// Prints each entry to standard output.
  public static let standardOutput = LogSink { entry in print(entry) }

  /// Writes one entry to the sink.
  ///
  /// - Parameter entry: The entry, one or more lines.
  public func callAsFunction(_ entry: String) {
    write(entry)
  }
}
