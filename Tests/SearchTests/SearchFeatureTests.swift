import Reductor
import Testing

@testable import Search

/// The search feature on a manual clock: debounce 300 ms, then a search that answers after
/// 100 ms. Each test states what the store shows at which virtual instant.
@MainActor
@Suite struct SearchFeatureTests {
  let clock = ManualClock()
  let log = SearchLog()
  let swiMatches = ["swift", "swiftpm", "swiftui", "switch", "swizzling"]

  func makeStore() -> StoreOf<SearchFeature.Reducer> {
    ReducerStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: .recording(into: log)),
      clock: clock)
  }

  /// keystrokes "s" 0, "sw" 100, "swi" 200 ms; one search, for "swi", from 500 to 600 ms.
  @Test func typingSearchesOnlyTheLastQueryOnceTheDebounceAndLatencyHavePassed() async {
    let store = makeStore()
    store.send(.queryChanged("s"))
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("sw"))
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("swi"))
    #expect(store.state.query == "swi")
    #expect(store.state.isSearching)

    await clock.advance(by: .milliseconds(399))
    #expect(store.state.results == [])
    #expect(store.state.isSearching)
    #expect(log.value == ["started swi"])

    await clock.advance(by: .milliseconds(1))
    #expect(store.state.results == swiMatches)
    #expect(!store.state.isSearching)
    #expect(log.value == ["started swi", "finished swi"])
    #expect(clock.now.offset == .milliseconds(600))
  }

  /// "sw" 0 ms starts searching at 300 ms; "swi" 350 ms cancels it and searches 650–750 ms.
  @Test func aNewQueryReplacesTheSearchInFlight() async {
    let store = makeStore()
    store.send(.queryChanged("sw"))
    await clock.advance(by: .milliseconds(350))
    #expect(log.value == ["started sw"])

    store.send(.queryChanged("swi"))
    await clock.advance(by: .milliseconds(399))
    #expect(store.state.results == [])
    #expect(log.value == ["started sw", "cancelled sw", "started swi"])

    await clock.advance(by: .milliseconds(1))
    #expect(store.state.results == swiMatches)
    #expect(log.value == ["started sw", "cancelled sw", "started swi", "finished swi"])
  }

  @Test func anEmptyQueryClearsTheResultsWithoutSearching() async {
    let store = makeStore()
    store.send(.queryChanged("swi"))
    await clock.advance(by: .milliseconds(400))
    #expect(store.state.results == swiMatches)

    store.send(.queryChanged(""))
    #expect(store.state == SearchFeature.State())
    await clock.advance(by: .seconds(1))
    #expect(store.state == SearchFeature.State())
    #expect(log.value == ["started swi", "finished swi"])
  }

  @Test func anEmptyQueryCancelsAPendingSearch() async {
    let store = makeStore()
    store.send(.queryChanged("sw"))
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged(""))
    await clock.advance(by: .seconds(1))
    #expect(store.state == SearchFeature.State())
    #expect(log.value == [])
  }

  @Test func aFailingSearchKeepsTheOldResultsAndSaysWhy() async {
    struct Offline: Error, CustomStringConvertible {
      var description: String { "offline" }
    }
    let failing = SearchFeature.Dependencies { query in
      guard query == "swi" else { throw Offline() }
      return ["swift"]
    }
    let store = ReducerStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: failing),
      clock: clock)
    store.send(.queryChanged("swi"))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.results == ["swift"])

    store.send(.queryChanged("swa"))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state.results == ["swift"])
    #expect(store.state.failure == "offline")
    #expect(!store.state.isSearching)
  }

  @Test(arguments: [
    ("swi", ["swift", "swiftpm", "swiftui", "switch", "swizzling"]),
    ("SWIFT", ["swift", "swiftpm", "swiftui"]),
    ("red", ["reducer"]),
    ("zz", []),
  ])
  func wordsMatchByPrefixIgnoringCase(query: String, expected: [String]) {
    #expect(SearchFeature.matches(for: query, in: Words.all) == expected)
  }

  @Test func theWordListIsSortedWithoutDuplicates() {
    #expect(Words.all.count == 307)
    #expect(Words.all == Words.all.sorted())
    #expect(Set(Words.all).count == Words.all.count)
  }
}
