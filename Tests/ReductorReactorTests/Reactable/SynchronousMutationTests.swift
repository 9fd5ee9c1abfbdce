import Reductor
import ReductorReactor
import Testing

/// ReactorKit users' habit (#30 item 3): `action(_:)` reduces the mutations `mutate` delivers at
/// once before it returns, the leading `.just`s of a concatenation included, even when
/// asynchronous work follows them. ReactorKit's GitHubSearch guards its "next page" request
/// with `isLoadingNextPage`, which such a leading mutation sets.
@MainActor
@Suite struct SynchronousMutationTests {
  let clock = ManualClock()

  /// GitHubSearch's paging: a page loads in 300 ms, between two mutations of the flag.
  private final class Search: Reactable {
    enum Action: Sendable {
      case loadNextPage
    }

    enum Mutation: Sendable {
      case setLoadingNextPage(Bool)
      case appendPage(Int)
    }

    struct State {
      var isLoadingNextPage = false
      var pages: [Int] = []
    }

    let reactorStorage = ReactorStorage()
    let initialState = State()
    let clock: any Clock<Duration>
    /// The pages requested, in order.
    let requests = Locked<[Int]>([])

    init(clock: any Clock<Duration>) { self.clock = clock }

    func mutate(action: Action) -> Effect<Mutation> {
      guard !currentState.isLoadingNextPage else { return .none }
      let page = currentState.pages.count + 1
      let requests = requests
      return .concat([
        .just(.setLoadingNextPage(true)),
        .run {
          requests.withLock { $0.append(page) }
          try await EffectContext.clock.sleep(for: .milliseconds(300))
          return .appendPage(page)
        },
        .just(.setLoadingNextPage(false)),
      ])
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .setLoadingNextPage(let isLoading): state.isLoadingNextPage = isLoading
      case .appendPage(let page): state.pages.append(page)
      }
    }
  }

  @Test func theLeadingMutationIsReducedBeforeActionReturns() {
    let search = Search(clock: clock)
    search.action(.loadNextPage)
    #expect(search.currentState.isLoadingNextPage)
  }

  @Test func aSecondLoadWhileTheFirstLoadsStartsNoSecondRequest() async {
    let search = Search(clock: clock)
    search.action(.loadNextPage)
    search.action(.loadNextPage)
    await clock.advance(by: .milliseconds(300))
    #expect(search.requests.value == [1])
    #expect(search.currentState.pages == [1])
    #expect(search.currentState.isLoadingNextPage == false)
    // Once the page is in, the next one loads.
    search.action(.loadNextPage)
    await clock.advance(by: .milliseconds(300))
    #expect(search.requests.value == [1, 2])
    #expect(search.currentState.pages == [1, 2])
  }
}
