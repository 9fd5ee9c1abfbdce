// The code of the article "Coming from The Composable Architecture": TCA's case studies, ported
// with the names Reductor keeps for them.
import Reductor
import ReductorTesting
import Testing

// MARK: - A list that loads the selected row's child (TCA's NavigateAndLoadList)

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Sendable, Equatable {
    case incrementButtonTapped
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    state.count += 1
    return .none
  }
}

struct NavigateAndLoadList: Reducer {
  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = [Row(count: 1, id: 1), Row(count: 42, id: 2)]
    var selection: Identified<Row.ID, Counter.State?>?

    struct Row: Equatable, Identifiable {
      var count: Int
      let id: Int
    }
  }

  enum Action: Sendable, Equatable {
    case counter(Counter.Action)
    case setNavigation(selection: Int?)
    case setNavigationSelectionDelayCompleted
  }

  var body: some Reducer<State, Action> {
    Reduce { state, action in
      switch action {
      case .counter:
        return .none
      case .setNavigation(selection: .some(let id)):
        state.selection = Identified(nil, id: id)
        return .run(lifetime: .replaceable("load")) {
          try await EffectContext.clock.sleep(for: .seconds(1))
          return .setNavigationSelectionDelayCompleted
        }
      case .setNavigation(selection: .none):
        if let selection = state.selection, let count = selection.value?.count {
          state.rows[id: selection.id]?.count = count
        }
        state.selection = nil
        return .cancel("load")
      case .setNavigationSelectionDelayCompleted:
        guard let id = state.selection?.id else { return .none }
        state.selection?.value = Counter.State(count: state.rows[id: id]?.count ?? 0)
        return .none
      }
    }
    .ifLet(
      \.selection, action: .counter,
      then: EmptyReducer().ifLet(\.value, action: .self, then: Counter()))
  }
}

extension ActionCase where Parent == NavigateAndLoadList.Action, Child == Counter.Action {
  static var counter: Self {
    ActionCase(Parent.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

// MARK: - An effect whose response is a Result (TCA's EffectsBasics)

/// A client of closures with no test value, as TCA's `@DependencyClient` would make it.
struct FactClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

struct FactClientKey: DependencyKey {
  static var liveValue: FactClient { FactClient { "\($0) is a number" } }
}

extension DependencyValues {
  var factClient: FactClient {
    get { self[FactClientKey.self] }
    set { self[FactClientKey.self] = newValue }
  }
}

struct EffectsBasics: Reducer {
  struct State: Equatable {
    var count = 0
    var isNumberFactRequestInFlight = false
    var numberFact: String?
  }

  enum Action: Sendable {
    case numberFactButtonTapped
    case numberFactResponse(Result<String, any Error>)
  }

  @Dependency(\.factClient) var factClient

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .numberFactButtonTapped:
      state.isNumberFactRequestInFlight = true
      state.numberFact = nil
      return .run { [count = state.count, factClient] in
        .numberFactResponse(await Result { try await factClient.fetch(count) })
      }
    case .numberFactResponse(.success(let response)):
      state.isNumberFactRequestInFlight = false
      state.numberFact = response
      return .none
    case .numberFactResponse(.failure):
      state.isNumberFactRequestInFlight = false
      return .none
    }
  }
}

// MARK: - An effect that lives until it is cancelled, keyed by an id of any type

struct Connection: Reducer {
  struct State: Equatable {
    var id: AnyHashableSendable
    var isConnected = false
  }

  enum Action: Sendable, Equatable {
    case connect
    case connected
    case disconnect
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .connect:
      return .run(lifetime: .replaceable(state.id)) { send in
        send(.connected)
        try await Task.never()
      }
    case .connected:
      state.isConnected = true
      return .none
    case .disconnect:
      state.isConnected = false
      return .cancel(state.id)
    }
  }
}

// MARK: - A tab's child, scoped TCA's current way

struct Tabs: Reducer {
  struct State: Equatable {
    var counter = Counter.State()
  }

  enum Action: Sendable, Equatable {
    case counter(Counter.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(\.counter, action: .counter) {
      Counter()
    }
  }
}

extension ActionCase where Parent == Tabs.Action, Child == Counter.Action {
  static var counter: Self {
    ActionCase(Parent.counter) { if case .counter(let action) = $0 { action } else { nil } }
  }
}

@MainActor
@Suite struct ComingFromTCAArticleTests {
  @Test func theSelectedRowLoadsItsCounterThenKeepsItsCount() async {
    let store = TestStore(initialState: NavigateAndLoadList.State(), reducer: NavigateAndLoadList())
    await store.send(.setNavigation(selection: 2)) { $0.selection = Identified(nil, id: 2) }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.setNavigationSelectionDelayCompleted) {
      $0.selection?.value = Counter.State(count: 42)
    }
    await store.send(.counter(.incrementButtonTapped)) { $0.selection?.value?.count = 43 }
    await store.send(.setNavigation(selection: nil)) {
      $0.rows[id: 2]?.count = 43
      $0.selection = nil
    }
    await store.finish()
  }

  @Test func aResponseIsAResultOfTheEffectsWork() async {
    let store = TestStore(initialState: EffectsBasics.State(), reducer: EffectsBasics()) {
      $0.factClient.fetch = { "\($0) is a good number Brent" }
    }
    await store.send(.numberFactButtonTapped) { $0.isNumberFactRequestInFlight = true }
    await store.receive(\.numberFactResponse.success, "0 is a good number Brent") {
      $0.isNumberFactRequestInFlight = false
      $0.numberFact = "0 is a good number Brent"
    }
    await store.finish()
  }

  @Test func anEffectThatNeverEndsRunsUntilItsKeyIsCancelled() async {
    let store = TestStore(
      initialState: Connection.State(id: AnyHashableSendable("socket")), reducer: Connection())
    await store.send(.connect)
    await store.receive(.connected) { $0.isConnected = true }
    await store.clock.advance(by: .seconds(60))
    await store.send(.disconnect) { $0.isConnected = false }
    await store.finish()
  }

  @Test func aScopeRunsItsChildOnItsPartOfTheState() async {
    let store = TestStore(initialState: Tabs.State(), reducer: Tabs())
    await store.send(.counter(.incrementButtonTapped)) { $0.counter.count = 1 }
    await store.finish()
  }
}
