// The harness of the code of "Dependencies and shared state": ReductorSharingTests' harness, less
// its diagnostics, which it collects through the `package` `report` (its `Settings` are linked).
import Foundation
import Reductor
import ReductorSharing

/// Makes shared values as a test wants them: in its own storage (in memory unless it passes
/// another), on a manual clock.
struct SharingHarness: Sendable {
  let storage: SharedStorage
  let clock = ManualClock()

  init(storage: SharedStorage = .inMemory()) {
    self.storage = storage
  }

  /// The in-memory file system of the storage.
  var files: InMemoryFileSystem {
    storage.fileSystem as! InMemoryFileSystem
  }

  /// Runs `body` with the harness's dependencies: where a shared value made in it lives.
  func run<Result>(_ body: () throws -> Result) rethrows -> Result {
    try withDependencies {
      $0.context = .test
      $0.sharedStorage = storage
      $0.clock = clock
    } operation: {
      try body()
    }
  }
}
