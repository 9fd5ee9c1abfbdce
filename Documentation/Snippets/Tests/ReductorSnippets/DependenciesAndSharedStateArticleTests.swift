// The code of the article "Dependencies and shared state" of the Reductor documentation.
import Reductor
import Testing

/// The Dependencies article's feature: a fact about a number, fetched by an effect.
struct NumberFact: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

struct NumberFactKey: DependencyKey {
  static let liveValue = NumberFact { number in "\(number) is the number of a live fact." }
  static let testValue = NumberFact { number in "\(number) is a number." }
}

extension DependencyValues {
  var numberFact: NumberFact {
    get { self[NumberFactKey.self] }
    set { self[NumberFactKey.self] = newValue }
  }
}

struct FactReducer: Reducer {
  @Dependency(\.numberFact) var numberFact

  func reduce(into state: inout [String], action: FactAction) -> Effect<FactAction> {
    switch action {
    case .factButtonTapped(let number):
      return .run { [numberFact] in
        .factLoaded(try await numberFact.fetch(number))
      } catch: { _ in
        .factLoaded("no fact")
      }
    case .factLoaded(let fact):
      state.append(fact)
      return .none
    }
  }
}

enum FactAction: Sendable, Equatable {
  case factButtonTapped(Int)
  case factLoaded(String)
}

@MainActor
@Suite struct DependenciesArticleTests {
  @Test func theArticlesSnippetsOverrideADependencyAroundASend() async {
    let clock = ManualClock()
    let store = ReducerStore(initialState: [], reducer: FactReducer(), clock: clock)
    withDependencies {
      $0.numberFact = NumberFact { _ in "a fact" }
    } operation: {
      store.send(.factButtonTapped(7))
    }
    store.send(.factButtonTapped(8))
    await clock.advance()
    #expect(store.state.sorted() == ["8 is the number of a live fact.", "a fact"])
  }
}
