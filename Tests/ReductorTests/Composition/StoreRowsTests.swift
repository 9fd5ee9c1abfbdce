import Testing

@testable import Reductor

@MainActor
@Suite struct StoreRowsTests {
  struct Row: Identifiable, Equatable {
    let id: Int
    var count = 0
  }

  struct List: Reducer {
    struct State {
      var rows: IdentifiedArrayOf<Row>
    }

    enum Action: Sendable {
      case row(id: Int, action: RowAction)
      case append(Int)
    }

    enum RowAction: Sendable {
      case increment
    }

    struct RowReducer: Reducer {
      func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
        state.count += 1
        return .none
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      if case .append(let id) = action { state.rows.append(Row(id: id)) }
      return .none
    }
  }

  static let rowCase = ActionCase<List.Action, (Int, List.RowAction)>(List.Action.row) {
    if case .row(let id, let action) = $0 { (id, action) } else { nil }
  }

  /// What `append.row.of10k` times: appending rows to a list whose row stores are all made and
  /// kept computes no row's state again.
  @Test func appendingRowsComputesNoKeptRowsState() {
    let store = ReducerStore(
      initialState: List.State(rows: IdentifiedArray((0..<1_000).map { Row(id: $0) })),
      reducer: List().forEach(\.rows, action: Self.rowCase, element: List.RowReducer()))
    let rows = store.scope(state: \.rows, action: Self.rowCase)
    let kept = (0..<1_000).compactMap { rows[id: $0] }
    let before = rows.projections
    for id in 1_000..<1_100 { store.send(.append(id)) }
    #expect(rows.projections - before == 0)
    #expect(kept.count == 1_000)
    #expect(store.state.rows.count == 1_100)
  }
}
