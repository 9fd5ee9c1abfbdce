import Reductor
import Testing

/// A counter whose `addLater` delivers `add` one second later.
private struct Tally: Reducer {
  struct State: Equatable {
    var count = 0
  }

  enum Action: Sendable, Equatable {
    case add(Int)
    case addLater(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.count += amount
      return .none
    case .addLater(let amount):
      return .run {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .add(amount)
      }
    }
  }
}

/// TCA's "two counters", in a body: each counter scoped to its part, then the parent's own
/// reduction, which sees the counters' new states.
private struct TwoCounters: Reducer {
  struct State: Equatable {
    var first = Tally.State()
    var second = Tally.State()
    var total = 0
  }

  enum Action: Sendable, Equatable {
    case first(Tally.Action)
    case second(Tally.Action)
  }

  var body: some Reducer<State, Action> {
    Scope(state: \.first, action: .first) { Tally() }
    Scope(state: \.second, action: .second) { Tally() }
    Reduce { state, _ in
      state.total = state.first.count + state.second.count
      return .none
    }
  }
}

extension ActionCase where Parent == TwoCounters.Action, Child == Tally.Action {
  fileprivate static var first: Self {
    ActionCase(Parent.first) { if case .first(let action) = $0 { action } else { nil } }
  }

  fileprivate static var second: Self {
    ActionCase(Parent.second) { if case .second(let action) = $0 { action } else { nil } }
  }
}

/// TCA's recursion case study: rows of rows, each row the feature itself.
private struct Nested: Reducer {
  struct State: Equatable, Identifiable {
    let id: Int
    var name = ""
    var rows: IdentifiedArrayOf<State> = []
  }

  indirect enum Action: Sendable, Equatable {
    case addRow(id: Int)
    case rename(String)
    case row(id: Int, action: Action)
  }

  var body: some Reducer<State, Action> {
    Reduce<State, Action> { state, action in
      switch action {
      case .addRow(let id):
        state.rows.append(State(id: id))
      case .rename(let name):
        state.name = name
      case .row:
        break
      }
      return .none
    }
    .forEach(\.rows, action: .row, element: Nested())
  }
}

extension ActionCase where Parent == Nested.Action, Child == (Int, Nested.Action) {
  fileprivate static var row: Self {
    ActionCase(Parent.row) { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
  }
}

@MainActor
@Suite struct ReducerBodyTests {
  let clock = ManualClock()

  @Test func aBodyRunsItsReducersInOrder() {
    let store = ReducerStore(
      initialState: TwoCounters.State(), reducer: TwoCounters(), clock: clock)
    store.send(.first(.add(2)))
    store.send(.second(.add(5)))
    #expect(
      store.state
        == TwoCounters.State(
          first: Tally.State(count: 2), second: Tally.State(count: 5), total: 7))
  }

  @Test func aScopedChildsEffectDeliversInItsCase() async {
    let store = ReducerStore(
      initialState: TwoCounters.State(), reducer: TwoCounters(), clock: clock)
    store.send(.second(.addLater(3)))
    #expect(store.state.second.count == 0)
    await clock.advance(by: .seconds(1))
    #expect(store.state.second.count == 3)
    #expect(store.state.first.count == 0)
    #expect(store.state.total == 3)
  }

  @Test func combineReducersRunsEachOnTheStateTheOneBeforeLeft() {
    let log = Locked<[String]>([])
    let reducer = CombineReducers {
      Reduce { (count: inout Int, _: Int) in
        count *= 10
        return .none
      }
      Reduce { (count: inout Int, added: Int) in
        count += added
        log.withLock { $0.append("saw \(count)") }
        return .none
      }
    }
    let store = ReducerStore(initialState: 1, reducer: reducer, clock: clock)
    store.send(4)
    #expect(store.state == 14)
    #expect(log.value == ["saw 14"])
  }

  @Test func anEmptyReducerChangesNothing() {
    let store = ReducerStore(
      initialState: 7, reducer: EmptyReducer<Int, Int>(), clock: clock)
    store.send(1)
    #expect(store.state == 7)
  }

  @Test func aRecursiveFeatureReducesItsRowsRows() {
    let store = ReducerStore(initialState: Nested.State(id: 0), reducer: Nested(), clock: clock)
    store.send(.addRow(id: 1))
    store.send(.row(id: 1, action: .addRow(id: 2)))
    store.send(.row(id: 1, action: .row(id: 2, action: .rename("deep"))))
    #expect(store.state.rows[id: 1]?.rows[id: 2]?.name == "deep")
    #expect(store.state.rows[id: 1]?.name == "")
    #expect(store.state.name == "")
  }
}
