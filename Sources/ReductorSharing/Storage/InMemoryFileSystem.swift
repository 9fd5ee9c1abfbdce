public import Foundation
import Reductor

/// A file system in memory: what a test's shared values write to, so that tests never touch the
/// user's files and run in parallel. It keeps every write, for tests of when writes happen.
public final class InMemoryFileSystem: SharedFileSystem {
  private struct State {
    var files: [String: Data]
    var writes: [(path: String, data: Data)] = []
  }

  private let state: Locked<State>

  /// A file system holding `files`, by URL; empty by default.
  ///
  /// - Parameter files: The files it starts with.
  public init(files: [URL: Data] = [:]) {
    state = Locked(State(files: Dictionary(uniqueKeysWithValues: files.map { ($0.path, $1) })))
  }

  /// The files, by URL.
  public var files: [URL: Data] {
    state.withLock { state in
      Dictionary(uniqueKeysWithValues: state.files.map { (URL(filePath: $0), $1) })
    }
  }

  /// Every write to `url`, oldest first.
  ///
  /// - Parameter url: The file.
  /// - Returns: The data of each write.
  public func writes(to url: URL) -> [Data] {
    state.withLock { state in state.writes.filter { $0.path == url.path }.map(\.data) }
  }

  /// The file's contents, or nil if there is none.
  public func contents(of url: URL) throws -> Data? {
    state.withLock { $0.files[url.path] }
  }

  /// Replaces the file's contents.
  public func write(_ data: Data, to url: URL) throws {
    state.withLock { state in
      state.files[url.path] = data
      state.writes.append((url.path, data))
    }
  }

  /// Moves the file, if there is one and nothing is at the destination.
  ///
  /// - Throws: `CocoaError(.fileWriteFileExists)` if there is a file at `destination`,
  ///   `CocoaError(.fileNoSuchFile)` if there is none at `source`.
  public func moveItem(at source: URL, to destination: URL) throws {
    try state.withLock { state in
      guard state.files[destination.path] == nil else {
        throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: destination.path])
      }
      guard let data = state.files[source.path] else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: source.path])
      }
      state.files[source.path] = nil
      state.files[destination.path] = data
    }
  }
}
