// The ReductorTesting code of the article "Coming from GoodReactor and Reactor".
import Reductor
import ReductorReactor
import ReductorReactorTesting
import ReductorTesting
import Testing

/// A test store drives a reactor exhaustively (#30 item 7): sends, received mutations, fetches
/// and state changes, on the owner's manual clock.
@MainActor
@Suite struct ComingFromGoodReactorAndReactorArticleTests {
  private final class Loader: Reactor {
    enum Action: Sendable, Equatable {
      case load(String)
      case addOne
    }

    enum Mutation: Sendable, Equatable {
      case reset
    }

    enum Destination: Sendable, Equatable {
      case details
    }

    struct State: Equatable {
      var count = 0
      var item: DataFetchingState<String, Never> = .idle
    }

    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>
    var destination: Destination?

    init(clock: any Clock<Duration>) { self.clock = clock }

    func makeInitialState() -> State { State() }

    func reduce(state: inout State, event: Event) {
      switch event.kind {
      case .action(.addOne):
        state.count += 1
        run(event) {
          try? await EffectContext.clock.sleep(for: .seconds(1))
          return .reset
        }
      case .action(.load(let name)):
        fetch(event, \.item) { () async throws(Never) -> String in
          try? await EffectContext.clock.sleep(for: .milliseconds(500))
          return name.uppercased()
        }
      case .mutation(.reset):
        state.count = 0
      case .destination:
        break
      }
    }
  }

  @Test func aReactorsActionsMutationsAndFetchesAreAsserted() async {
    let store = TestStore(reactor: Loader(clock: ManualClock()))
    await store.send(.action(.addOne)) { $0.count = 1 }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.mutation(.reset)) { $0.count = 0 }
    await store.send(.action(.load("a"))) { $0.item = .loading }
    await store.clock.advance(by: .milliseconds(500))
    await store.receive(.fetched(\.item)) { $0.item = .success("A") }
    await store.send(.destination(.details))
    await store.finish()
  }

  /// A newer fetch replaces an older one, which ends writing nothing: only the newer one's end
  /// is received.
  @Test func aReplacedFetchsEndIsNotReceived() async {
    let store = TestStore(reactor: Loader(clock: ManualClock()))
    await store.send(.action(.load("a"))) { $0.item = .loading }
    await store.send(.action(.load("b")))
    await store.clock.advance(by: .milliseconds(500))
    await store.receive(.fetched(\.item)) { $0.item = .success("B") }
    await store.finish()
  }
}
