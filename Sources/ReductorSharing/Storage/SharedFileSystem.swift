public import Foundation

/// Where a file-backed ``Shared`` value reads and writes its file: ``DiskFileSystem`` in a
/// program, an ``InMemoryFileSystem`` in tests.
public protocol SharedFileSystem: Sendable {
  /// The contents of the file at `url`, or nil if there is no file.
  func contents(of url: URL) throws -> Data?
  /// Replaces the file at `url` with `data` atomically: a reader, or a crash, sees either the
  /// old file or the new one, never a part. Creates the folder if needed.
  func write(_ data: Data, to url: URL) throws
  /// Moves the file at `source` to `destination`, never replacing what is there.
  ///
  /// - Throws: `CocoaError(.fileWriteFileExists)` if there is a file at `destination` (a load
  ///   then tries the next name for a corrupt file it keeps aside), or the error that stopped it.
  func moveItem(at source: URL, to destination: URL) throws
}
