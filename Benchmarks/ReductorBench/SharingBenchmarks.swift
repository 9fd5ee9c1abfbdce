import Foundation
import Reductor
import ReductorSharing

/// The state of `shared.assign.file`: a count shared and persisted in a file.
struct SharedCountState {
  @Shared(.file()) var count = 0
}

@MainActor
let sharingBenchmarks: [Benchmark] = [
  // `send.root` with the count in a file-backed shared value: the reducer assigns it on every
  // action, and the writes happen off the main actor, at most one a second.
  Benchmark("shared.assign.file", operations: (1_000_000, 10_000)) { n in
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "reductor-bench-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: folder) }
    let storage = SharedStorage(
      fileSystem: DiskFileSystem(), keyValueStore: InMemoryKeyValueStore(), folder: folder)
    let store = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      ReducerStore(
        initialState: SharedCountState(),
        reducer: CountReducer { $0.count += 1 })
    }
    let elapsed = try timeIncrements(store, n) { store.state.count }
    await storage.flush()
    let saved = try JSONDecoder().decode(
      Int.self, from: Data(contentsOf: folder.appending(component: "Int.json")))
    try check(saved == n, "the file holds \(saved), not \(n)")
    return elapsed
  }
]
