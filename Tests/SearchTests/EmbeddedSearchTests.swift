import Reductor
import Testing

@testable import Search

/// An app that embeds the search feature, as a larger program would.
enum AppFeature {
  struct State: Equatable {
    var search = SearchFeature.State()
    var queriesTyped = 0
  }

  enum Action: Sendable, Equatable {
    case search(SearchFeature.Action)
  }

  struct Reducer: Reductor.Reducer {
    let search: SearchFeature.Reducer

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .search(let action):
        if case .queryChanged = action { state.queriesTyped += 1 }
        return search(into: &state.search, action: action).map(Action.search)
      }
    }
  }
}

@MainActor
@Suite struct EmbeddedSearchTests {
  @Test func aScopedSearchDebouncesAndAnswersThroughItsParent() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: AppFeature.State(),
      reducer: AppFeature.Reducer(search: SearchFeature.Reducer(dependencies: .live)),
      clock: clock)
    let search = store.scope(state: \.search, action: AppFeature.Action.search)

    search.send(.queryChanged("sw"))
    await clock.advance(by: .milliseconds(100))
    search.send(.queryChanged("swi"))
    #expect(store.state.queriesTyped == 2)

    await clock.advance(by: .milliseconds(399))
    #expect(search.state.results == [])
    await clock.advance(by: .milliseconds(1))
    #expect(search.state.results == ["swift", "swiftpm", "swiftui", "switch", "swizzling"])
    #expect(store.state.search.results == search.state.results)
  }
}
