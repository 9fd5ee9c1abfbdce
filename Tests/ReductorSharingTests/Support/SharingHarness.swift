import Foundation
import Reductor
import ReductorSharing

/// Makes shared values as a test wants them: in its own storage (in memory unless it passes
/// another), on a manual clock, with the diagnostics they report collected.
struct SharingHarness: Sendable {
  let storage: SharedStorage
  let clock = ManualClock()
  let diagnostics = Locked<[StoreDiagnostic]>([])

  init(storage: SharedStorage = .inMemory()) {
    self.storage = storage
  }

  /// A harness whose storage holds `files` in memory, in the folder `/data`.
  init(files: [URL: Data]) {
    self.init(fileSystem: InMemoryFileSystem(files: files))
  }

  /// A harness whose storage is `fileSystem`, in the folder `/data`.
  init(
    fileSystem: any SharedFileSystem,
    keyValueStore: any SharedKeyValueStore = InMemoryKeyValueStore()
  ) {
    self.init(
      storage: SharedStorage(
        fileSystem: fileSystem, keyValueStore: keyValueStore, folder: URL(filePath: "/data")))
  }

  /// The in-memory file system of the storage.
  var files: InMemoryFileSystem {
    storage.fileSystem as! InMemoryFileSystem
  }

  /// The in-memory key-value store of the storage.
  var keyValues: InMemoryKeyValueStore {
    storage.keyValueStore as! InMemoryKeyValueStore
  }

  /// Runs `body` with the harness's dependencies: where a shared value made in it lives.
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withDependencies {
      $0.context = .test
      $0.sharedStorage = storage
      $0.clock = clock
      $0.report = { [diagnostics] diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    } operation: {
      try body()
    }
  }

  /// The messages of the diagnostics reported so far.
  var messages: [String] {
    diagnostics.value.map(\.message)
  }
}
