import Reductor

/// A row of the `*.row*` benchmarks: a count.
struct BenchRow: Identifiable, Equatable {
  let id: Int
  var count = 0
}

/// A list of counting rows, each with its own reducer.
struct BenchList: Reducer {
  struct State {
    var rows: IdentifiedArrayOf<BenchRow>
  }

  enum Action: Sendable {
    case row(id: Int, action: RowAction)
    case append(Int)
  }

  enum RowAction: Sendable {
    case increment
  }

  struct Row: Reducer {
    func reduce(into state: inout BenchRow, action: RowAction) -> Effect<RowAction> {
      state.count += 1
      return .none
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    if case .append(let id) = action { state.rows.append(BenchRow(id: id)) }
    return .none
  }
}

extension ActionCase where Parent == BenchList.Action, Child == (Int, BenchList.RowAction) {
  static var row: Self {
    ActionCase(Parent.row) { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
  }
}

/// A store of `count` rows, with `forEach` over them.
@MainActor
func makeListStore(rows count: Int) -> ReducerStore<BenchList.State, BenchList.Action> {
  ReducerStore(
    initialState: BenchList.State(rows: IdentifiedArray((0..<count).map { BenchRow(id: $0) })),
    reducer: BenchList().forEach(\.rows, action: .row, element: BenchList.Row()))
}

/// Times `n` sends to the last row of a store of `count` rows.
@MainActor
func timeRowSends(rows count: Int, _ n: Int) throws -> Double {
  let store = makeListStore(rows: count)
  let last = count - 1
  let elapsed = time {
    for _ in 0..<n { store.send(.row(id: last, action: .increment)) }
  }
  let counted = store.state.rows[id: last]?.count
  try check(counted == n, "row \(last) counted \(String(describing: counted)), not \(n)")
  return elapsed
}

@MainActor
let collectionBenchmarks: [Benchmark] = [
  Benchmark("send.row.of10", operations: (1_000_000, 10_000)) { n in
    try timeRowSends(rows: 10, n)
  },
  Benchmark("send.row.of10k", operations: (1_000_000, 10_000)) { n in
    try timeRowSends(rows: 10_000, n)
  },
  // Making the row stores of 10,000 rows and reading each one's state: per row.
  Benchmark("scope.rows10k", operations: (10_000, 10_000)) { n in
    let store = makeListStore(rows: n)
    let rows = store.scope(state: \.rows, action: .row)
    var sum = 0
    let elapsed = time {
      for id in 0..<n { sum &+= rows[id: id]?.state.id ?? 0 }
    }
    try check(sum == (0..<n).reduce(0, &+), "the rows read \(sum)")
    return elapsed
  },
  // The memory of 10,000 row stores, made and kept: per row, in bytes.
  Benchmark("memory.scope.rows10k", unit: "B/row", operations: (1, 1)) { _ in
    let store = makeListStore(rows: 10_000)
    let rows = store.scope(state: \.rows, action: .row)
    releaseFreedMemory()
    let before = residentBytes()
    var kept: [any Store<BenchRow, BenchList.RowAction>] = []
    for id in 0..<10_000 { if let row = rows[id: id] { kept.append(row) } }
    let bytes = residentBytes() - before
    try check(kept.count == 10_000, "kept \(kept.count) row stores")
    return Double(bytes) / 10_000
  },
  // Appending a row to 10,000 whose stores are all made and kept: the time of one append (that
  // no row store computes its state again is a test of the store's rows).
  Benchmark("append.row.of10k", operations: (1_000, 1_000)) { n in
    let store = makeListStore(rows: 10_000)
    let rows = store.scope(state: \.rows, action: .row)
    var kept: [any Store<BenchRow, BenchList.RowAction>] = []
    for id in 0..<10_000 { if let row = rows[id: id] { kept.append(row) } }
    let elapsed = time {
      for index in 0..<n { store.send(.append(10_000 + index)) }
    }
    try check(store.state.rows.count == 10_000 + n, "\(store.state.rows.count) rows")
    try check(kept.count == 10_000, "kept \(kept.count)")
    return elapsed
  },
]
