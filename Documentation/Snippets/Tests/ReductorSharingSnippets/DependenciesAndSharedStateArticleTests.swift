// The code of the article "Dependencies and shared state" of the Reductor documentation, and
// of the ReductorSharing landing page.
import Foundation
import Reductor
import ReductorSharing
import Testing

/// The state of the article's first snippet.
struct EditorState: Equatable {
  @Shared(.file()) var settings = Settings()
  @Shared(.inMemory("draft")) var draft = ""
  @Shared(.keyValue("launchCount")) var launchCount = 0
  var isEditing = false
}

@MainActor
@Suite struct DependenciesAndSharedStateArticleTests {
  @Test func theEditorsFieldsLiveWhereTheirKeysSay() async throws {
    let harness = SharingHarness()
    let state = harness.run { EditorState() }
    state.settings.volume = 7
    state.draft = "hello"
    state.launchCount += 1
    await harness.storage.flush()
    #expect(
      harness.files.files[URL(filePath: "/shared/Settings.json")] == json(Settings(volume: 7)))
    #expect(harness.storage.keyValueStore.data(forKey: "launchCount") == json(1))
    #expect(harness.files.files.count == 1)
    // The same keys, in another state of the storage: the same values.
    let again = harness.run { EditorState() }
    #expect(again == state)
    #expect(again.draft == "hello")
  }

  // MARK: One value per key

  @Test func aChangeInOneStoreReachesTheObserversOfAnother() async {
    let harness = SharingHarness()
    let (first, second) = harness.run {
      (
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter()),
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter())
      )
    }
    var counts = second.values(of: \.count).makeAsyncIterator()
    var taps = second.values(of: \.taps).makeAsyncIterator()
    #expect(await counts.next() == 0)
    #expect(await taps.next() == 0)
    first.send(.increment)
    #expect(second.state.count == 1)
    #expect(await counts.next() == 1)
    first.send(.increment)
    first.send(.increment)
    #expect(await counts.next() == 3)
    second.send(.tap)
    #expect(await taps.next() == 1)
  }
}
