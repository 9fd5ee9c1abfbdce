import Foundation
import Reductor
import ReductorReactor
import ReductorRecording
import ReductorSharing

/// Uses every feature of the library once, and lets go of what it made: a shared value kept in
/// a file and one in memory, a recorder started and stopped, instrumentation on a store and the
/// global switch turned on and off, observers, reactors and reactables made and released. For
/// `--after-every-feature`: a row measured after it must cost what it costs in a fresh process
/// (`Benchmarks/process-history.sh` compares the two).
@MainActor
func useEveryFeature() async throws {
  let folder = FileManager.default.temporaryDirectory
    .appending(component: "reductor-bench-\(UUID().uuidString)", directoryHint: .isDirectory)
  defer { try? FileManager.default.removeItem(at: folder) }
  let storage = SharedStorage(
    fileSystem: DiskFileSystem(), keyValueStore: InMemoryKeyValueStore(), folder: folder)
  await withDependencies {
    $0.sharedStorage = storage
  } operation: {
    let shared = ReducerStore(
      initialState: SharedCountState(), reducer: CountReducer { $0.count += 1 })
    shared.send(.increment)
    let remembered = Shared(wrappedValue: 0, .inMemory("reductor-bench.history"))
    remembered.wrappedValue += 1
    _ = await storage.flush()
  }

  let recorded = makeValueStore()
  let recorder = try recorded.record(
    to: folder.appending(component: "session.jsonl"), snapshotInterval: 10)
  recorded.send(.increment)
  recorder.stop()

  let instrumented = makeValueStore().instrumentation(.init(label: "history"))
  instrumented.send(.increment)
  instrumented.instrumentation(nil)
  Instrumentation.enabledByDefault = true
  makeValueStore().send(.increment)
  Instrumentation.enabledByDefault = false

  let observed = makeValueStore()
  var token: ObservationToken? = observed.observe(\.count) { _ in }
  observed.send(.increment)
  token?.cancel()
  token = nil

  for _ in 0..<100 {
    let viewModel = CountViewModel()
    _ = viewModel.send(action: .increment) as StoreTask
    let reactable = CountReactable()
    reactable.action(.increment)
  }
}
