import Reductor
import ReductorTesting
import Testing

/// A list of counters, each its own feature.
struct CounterList: Reducer {
  struct Row: Equatable, Identifiable {
    let id: Int
    var count = 0
  }

  struct State: Equatable {
    var rows: IdentifiedArrayOf<Row> = []
  }

  enum Action: Sendable, Equatable {
    case row(id: Int, action: RowAction)
  }

  enum RowAction: Sendable, Equatable {
    case increment
  }

  struct RowReducer: Reducer {
    func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
      state.count += 1
      return .none
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }

  static var reducer: some Reducer<State, Action> {
    CounterList().forEach(
      \.rows,
      action: ActionCase(Action.row) {
        if case .row(let id, let action) = $0 { (id, action) } else { nil }
      },
      element: RowReducer())
  }
}

@MainActor
@Suite struct TestStoreChildTests {
  @Test func aRowsActionIsAssertedLikeAnyOther() async {
    let store = TestStore(
      initialState: CounterList.State(rows: [CounterList.Row(id: 1)]), reducer: CounterList.reducer)
    await store.send(.row(id: 1, action: .increment)) { $0.rows[id: 1]?.count = 1 }
  }

  @Test func anActionForAMissingRowFailsTheTest() async {
    let store = TestStore(initialState: CounterList.State(), reducer: CounterList.reducer)
    let failures = await recordedFailures {
      await store.send(.row(id: 7, action: .increment))
    }
    #expect(failures.count == 1)
    #expect(failures.first?.contains("no element of its collection has the id 7") == true)
  }
}
