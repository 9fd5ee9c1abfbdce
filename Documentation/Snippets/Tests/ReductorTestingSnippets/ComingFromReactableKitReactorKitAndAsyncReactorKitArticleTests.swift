// The ReductorTesting code of the article "Coming from ReactableKit, ReactorKit and
// AsyncReactorKit", and of the ReductorTesting landing page.
import Reductor
import ReductorReactor
import ReductorReactorTesting
import ReductorTesting
import Testing

/// A test store drives a reactable and an async reactor exhaustively (#30 item 7): sends,
/// received mutations and state changes, on the owner's manual clock.
@MainActor
@Suite struct ComingFromReactableKitReactorKitAndAsyncReactorKitArticleTests {
  // MARK: Reactable

  /// ReactorKit's GitHubSearch paging: a page loads in 300 ms between two mutations of a flag.
  private final class Search: Reactable {
    enum Action: Sendable, Equatable {
      case loadNextPage
    }

    enum Mutation: Sendable, Equatable {
      case setLoadingNextPage(Bool)
      case appendPage(Int)
    }

    struct State: Equatable {
      var isLoadingNextPage = false
      var pages: [Int] = []
    }

    let reactorStorage = ReactorStorage()
    let initialState = State()
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func mutate(action: Action) -> Effect<Mutation> {
      guard !currentState.isLoadingNextPage else { return .none }
      let page = currentState.pages.count + 1
      return .concat([
        .just(.setLoadingNextPage(true)),
        .run {
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

  @Test func aReactablesMutationsAreReceivedInOrder() async {
    let store = TestStore(reactable: Search(clock: ManualClock()))
    await store.send(.action(.loadNextPage))
    // The leading mutation was reduced before `send` returned.
    await store.receive(.mutation(.setLoadingNextPage(true))) { $0.isLoadingNextPage = true }
    // A second load while the first loads mutates nothing.
    await store.send(.action(.loadNextPage))
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(.mutation(.appendPage(1))) { $0.pages = [1] }
    await store.receive(.mutation(.setLoadingNextPage(false))) { $0.isLoadingNextPage = false }
    await store.finish()
  }

  @Test func aReactablesUnreceivedMutationFailsTheSendAfterIt() async {
    let failures = await recordedFailures {
      let store = TestStore(reactable: Search(clock: ManualClock()))
      await store.send(.action(.loadNextPage))
      await store.send(.action(.loadNextPage))
      await store.skipInFlightEffects()
      await store.skipReceivedActions()
    }
    #expect(
      failures == [
        "Must receive 1 delivered action before sending action(loadNextPage):\n"
          + "  • mutation(setLoadingNextPage(true))\n"
          + "Receive it with receive(_:), or skip it with skipReceivedActions()."
      ])
  }

  @Test func aMutationCannotBeSent() async {
    let failures = await recordedFailures {
      let store = TestStore(reactable: Search(clock: ManualClock()))
      await store.send(.mutation(.appendPage(1)))
      await store.finish()
    }
    #expect(
      failures == [
        "mutation(appendPage(1)) cannot be sent: it is what the work under test produces. "
          + "Receive it with receive(_:)."
      ])
  }

  @Test func anOwnerOnAnotherClockFailsAtTheStoresCreation() async {
    let failures = await recordedFailures {
      _ = TestStore(reactable: Search(clock: ContinuousClock()))
    }
    #expect(
      failures == [
        "Search runs on ContinuousClock, not a ManualClock: the test store cannot move its time. "
          + "Give it a ManualClock (`let clock: any Clock<Duration>`, initialized with one)."
      ])
  }

  // MARK: AsyncReactor

  private final class Tally: AsyncReactor {
    enum Input: Sendable, Equatable {
      case increment
      case addLater(Int)
    }

    enum Mutation: Sendable, Equatable {
      case setCount(Int)
    }

    struct State: Sendable, Equatable {
      var count = 0
    }

    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    nonisolated func initialState() -> State { State() }

    func reduce(_ input: Input) async -> Mutation {
      switch input {
      case .increment:
        return .setCount(currentState.count + 1)
      case .addLater(let amount):
        let count = currentState.count
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return .setCount(count + amount)
      }
    }

    func mutate(_ state: State, mutation: Mutation) async -> State {
      var state = state
      switch mutation {
      case .setCount(let count): state.count = count
      }
      return state
    }
  }

  @Test func anAsyncReactorsInputsAreProcessedInOrder() async {
    let store = TestStore(asyncReactor: Tally(clock: ManualClock()))
    await store.send(.action(.addLater(10)))
    await store.send(.action(.increment))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.mutation(.setCount(10))) { $0.count = 10 }
    await store.receive(.mutation(.setCount(11))) { $0.count = 11 }
    await store.finish()
  }
}
