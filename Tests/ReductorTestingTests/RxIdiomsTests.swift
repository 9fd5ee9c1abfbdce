import Reductor
import ReductorReactor
import ReductorReactorTesting
import ReductorTesting
import Testing

/// ReactorKit's Rx idioms as a reactable writes them here (#30 item 6), each checked with a test
/// store: `flatMapLatest`, `take(until:)`, `delay`, `Observable.empty()`, `transform(mutation:)`,
/// `distinctUntilChanged()`, and a reactor without actions (`NoAction`).
@MainActor
@Suite struct RxIdiomsTests {
  final class Search: Reactable {
    enum Action: Sendable, Equatable {
      case query(String)
      case cancel
      case greetLater
      case nothing
    }

    enum Mutation: Sendable, Equatable {
      case setResults([String])
      case greet
      case setUser(String)
    }

    struct State: Equatable {
      var results: [String] = []
      var greeted = false
      var user = ""
    }

    let reactorStorage = ReactorStorage()
    let initialState = State()
    let clock: any Clock<Duration>
    let logins: PassthroughPublisher<String>

    init(clock: any Clock<Duration>, logins: PassthroughPublisher<String>) {
      self.clock = clock
      self.logins = logins
      initialize()
    }

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .query(let query):
        // flatMapLatest: a newer query replaces the request in flight; take(until: cancel).
        return .run(lifetime: .replaceable("search")) {
          try await EffectContext.clock.sleep(for: .milliseconds(300))
          return .setResults([query])
        }
      case .cancel:
        return .cancel("search")
      case .greetLater:
        // delay(.seconds(1))
        return .run {
          try await EffectContext.clock.sleep(for: .seconds(1))
          return .greet
        }
      case .nothing:
        // Observable.empty()
        return .none
      }
    }

    // transform(mutation:): a global event stream merged into the mutations.
    func transformMutation() -> Effect<Mutation> {
      .stream { [logins] in logins.map { .setUser($0) } }
    }

    func reduce(state: inout State, mutation: Mutation) {
      switch mutation {
      case .setResults(let results): state.results = results
      case .greet: state.greeted = true
      case .setUser(let user): state.user = user
      }
    }
  }

  @Test func flatMapLatestIsAReplaceableRun() async {
    let store = TestStore(reactable: Search(clock: ManualClock(), logins: PassthroughPublisher()))
    await store.send(.action(.query("sw")))
    await store.clock.advance(by: .milliseconds(200))
    await store.send(.action(.query("swift")))
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(.mutation(.setResults(["swift"]))) { $0.results = ["swift"] }
    await store.finish()
  }

  @Test func takeUntilIsACancellation() async {
    let store = TestStore(reactable: Search(clock: ManualClock(), logins: PassthroughPublisher()))
    await store.send(.action(.query("sw")))
    await store.send(.action(.cancel))
    await store.clock.advance(by: .seconds(1))
    await store.finish()
  }

  @Test func delayIsASleepOnTheClockAndEmptyIsNone() async {
    let store = TestStore(reactable: Search(clock: ManualClock(), logins: PassthroughPublisher()))
    await store.send(.action(.greetLater))
    await store.send(.action(.nothing))
    await store.clock.advance(by: .milliseconds(999))
    #expect(!store.state.greeted)
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.mutation(.greet)) { $0.greeted = true }
    await store.finish()
  }

  @Test func transformMutationMergesAnOutsideStreamFromInitialize() async {
    let logins = PassthroughPublisher<String>()
    let store = TestStore(reactable: Search(clock: ManualClock(), logins: logins))
    // Subscribed when `initialize()` returned: nothing sent now is lost.
    logins.send("ada")
    await store.clock.advance(by: .zero)
    await store.receive(.mutation(.setUser("ada"))) { $0.user = "ada" }
    await store.finish()
  }

  @Test func distinctUntilChangedIsValuesOf() async {
    let search = Search(clock: ManualClock(), logins: PassthroughPublisher())
    var users = search.store.values(of: \.user).makeAsyncIterator()
    #expect(await users.next() == "")
    search.logins.send("ada")
    search.logins.send("ada")
    search.logins.send("bob")
    await (search.clock as? ManualClock)?.advance(by: .zero)
    #expect(await users.next() == "ada")
    #expect(await users.next() == "bob")
  }

  /// A reactable with neither actions nor mutations of its own type: `NoAction`, its mutations
  /// from outside, and the default `reduce` of a reactable whose actions are its mutations.
  final class Ticker: Reactable {
    typealias Action = NoAction
    typealias Mutation = Int

    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) {
      self.clock = clock
      initialize()
    }

    func transformMutation() -> Effect<Int> {
      .stream { EffectContext.ticks(every: .seconds(1)).map { _ in 1 } }
    }

    func reduce(state: inout Int, mutation: Int) {
      state += mutation
    }
  }

  final class Echo: Reactable {
    typealias Action = Int
    typealias Mutation = Int

    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func reduce(state: inout Int, mutation: Int) {
      state = mutation
    }
  }

  /// A reactable whose actions only do work: `NoMutation`, and the default `reduce`.
  final class Recorder: Reactable {
    typealias Action = String
    typealias Mutation = NoMutation

    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>
    var recorded: [String] = []

    init(clock: any Clock<Duration>) { self.clock = clock }

    func mutate(action: String) -> Effect<NoMutation> {
      recorded.append(action)
      return .none
    }
  }

  @Test func aReactableWithoutMutationsOnlyDoesItsWork() async {
    let recorder = Recorder(clock: ManualClock())
    let store = TestStore(reactable: recorder)
    await store.send(.action("a"))
    await store.send(.action("b"))
    await store.finish()
    #expect(recorder.recorded == ["a", "b"])
  }

  @Test func aReactableWithoutActionsRunsOnItsOutsideMutations() async {
    let store = TestStore(reactable: Ticker(clock: ManualClock()))
    await store.clock.advance(by: .seconds(2))
    await store.receive(.mutation(1)) { $0 = 1 }
    await store.receive(.mutation(1)) { $0 = 2 }
    await store.finish()
  }

  @Test func anActionThatIsItsMutationIsReducedAsOne() async {
    let store = TestStore(reactable: Echo(clock: ManualClock()))
    await store.send(.action(7))
    await store.receive(.mutation(7)) { $0 = 7 }
    await store.finish()
  }
}
