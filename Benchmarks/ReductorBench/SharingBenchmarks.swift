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
    try await timeSharedAssignments(n, otherStores: 0)
  },
  Benchmark("shared.assign.file.stores1k", operations: (1_000_000, 10_000)) { n in
    // As shared.assign.file, while 999 other stores, each observed, follow outside changes:
    // a write reaches the one store that holds its value, not the others.
    try await timeSharedAssignments(n, otherStores: 999)
  },
]

/// Times `n` sends of a store whose reducer assigns a file-backed shared count, beside
/// `otherStores` observed stores whose states hold no shared value, then the refresh of the
/// stores the writes reached; checks the file.
@MainActor
func timeSharedAssignments(_ n: Int, otherStores: Int) async throws -> Double {
  let folder = FileManager.default.temporaryDirectory
    .appending(component: "reductor-bench-\(UUID().uuidString)", directoryHint: .isDirectory)
  defer { try? FileManager.default.removeItem(at: folder) }
  let storage = SharedStorage(
    fileSystem: DiskFileSystem(), keyValueStore: InMemoryKeyValueStore(), folder: folder)
  let store = withDependencies {
    $0.sharedStorage = storage
  } operation: {
    ReducerStore(initialState: SharedCountState(), reducer: CountReducer { $0.count += 1 })
  }
  let others = (0..<otherStores).map { _ in makeValueStore() }
  let tokens = others.map { other in other.observe(\.count) { _ in } }
  let elapsed = try timeIncrements(store, n) { store.state.count }
  await storage.flush()
  let saved = try JSONDecoder().decode(
    Int.self, from: Data(contentsOf: folder.appending(component: "Int.json")))
  try check(saved == n, "the file holds \(saved), not \(n)")
  try check(tokens.count == otherStores, "the other stores' observers went")
  return elapsed
}
