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

/// The snippets of "Dependencies and shared state" that the other tests do not run.
@MainActor
struct SharingArticleTests {
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
}
