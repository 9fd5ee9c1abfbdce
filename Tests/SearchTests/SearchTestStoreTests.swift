import Reductor
import ReductorTesting
import Testing

@testable import Search

/// The Search feature end to end with the exhaustive TestStore, on virtual time. This is the
/// test the Testing article walks through.
@MainActor
@Suite struct SearchTestStoreTests {
  let words = ["swift", "swiftui", "switch", "rust", "ruby"]

  /// A test store over `words`, answering 100 ms after the debounce.
  func makeStore() -> TestStore<SearchFeature.State, SearchFeature.Action> {
    TestStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: .wordList(words, latency: .milliseconds(100))))
  }

  @Test func typingSearchesOnceTheQueryIsQuiet() async {
    let store = makeStore()

    await store.send(.queryChanged("s")) {
      $0.query = "s"
      $0.isSearching = true
    }
    await store.clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("sw")) { $0.query = "sw" }
    await store.clock.advance(by: .milliseconds(100))
    await store.send(.queryChanged("swi")) { $0.query = "swi" }

    // 300 ms of quiet, then 100 ms of search latency: nothing arrives before 400 ms.
    await store.clock.advance(by: .milliseconds(399))
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.searchResponse(["swift", "swiftui", "switch"])) {
      $0.results = ["swift", "swiftui", "switch"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func aNewQueryReplacesTheSearchInFlight() async {
    let store = makeStore()

    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.clock.advance(by: .milliseconds(350))  // the "sw" search is running
    await store.send(.queryChanged("ru")) { $0.query = "ru" }
    await store.clock.advance(by: .milliseconds(400))
    await store.receive(.searchResponse(["rust", "ruby"])) {
      $0.results = ["rust", "ruby"]
      $0.isSearching = false
    }
    await store.finish()
  }

  @Test func clearingTheQueryCancelsThePendingSearch() async {
    let store = makeStore()

    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("")) {
      $0.query = ""
      $0.isSearching = false
    }
    await store.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func aFailingSearchIsReported() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let store = TestStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: .init(search: { _ in throw Offline() })))

    await store.send(.queryChanged("sw")) {
      $0.query = "sw"
      $0.isSearching = true
    }
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(.searchFailed("offline")) {
      $0.failure = "offline"
      $0.isSearching = false
    }
    await store.finish()
  }

  /// The example in `ManualClock`'s documentation, with the live word list.
  @Test func theManualClockDocumentationExample() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: .live),
      clock: clock)
    store.send(.queryChanged("swi"))
    await clock.advance(by: .milliseconds(399))
    #expect(store.state.results == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.results == ["swift", "swiftpm", "swiftui", "switch", "swizzling"])
  }
}
