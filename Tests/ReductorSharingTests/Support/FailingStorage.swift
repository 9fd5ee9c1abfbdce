import Foundation
import Reductor
import ReductorSharing

/// An in-memory file system that fails on demand: a full disk, a file it may not read.
final class FailingFileSystem: SharedFileSystem {
  let memory = InMemoryFileSystem()
  let isFull = Locked(false)
  let isUnreadable = Locked(false)
  /// How many writes failed.
  let failedWrites = Locked(0)

  func contents(of url: URL) throws -> Data? {
    if isUnreadable.value { throw POSIXError(.EACCES) }
    return try memory.contents(of: url)
  }

  func write(_ data: Data, to url: URL) throws {
    if isFull.value {
      failedWrites.withLock { $0 += 1 }
      throw POSIXError(.ENOSPC)
    }
    try memory.write(data, to: url)
  }

  func moveItem(at source: URL, to destination: URL) throws {
    try memory.moveItem(at: source, to: destination)
  }
}

/// An in-memory key-value store whose synchronization fails on demand, as a full disk does.
final class FailingKeyValueStore: SharedKeyValueStore {
  let memory = InMemoryKeyValueStore()
  let isFull = Locked(false)

  func data(forKey key: String) -> Data? {
    memory.data(forKey: key)
  }

  func set(_ data: Data, forKey key: String) {
    memory.set(data, forKey: key)
  }

  func synchronize() throws {
    if isFull.value { throw POSIXError(.ENOSPC) }
    memory.synchronize()
  }
}
