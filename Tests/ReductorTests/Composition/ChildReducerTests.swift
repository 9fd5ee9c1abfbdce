import Testing

@testable import Reductor

/// A child that ticks every second once started, and records when it reduces.
private struct Ticker: Reducer {
  struct State: Equatable, Identifiable {
    let id: String
    var ticks = 0
  }

  enum Action: Sendable, Equatable {
    case start
    case tick
    case noted
  }

  let log: Locked<[String]>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    log.withLock { $0.append("child \(state.id) \(action)") }
    switch action {
    case .start:
      return .stream(lifetime: .replaceable("tick")) {
        EffectContext.ticks(every: .seconds(1)).map { _ in Action.tick }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .noted:
      return .none
    }
  }
}

/// A parent with an optional ticker and a list of tickers.
private struct Board: Reducer {
  struct State: Equatable {
    var detail: Ticker.State?
    var rows: IdentifiedArrayOf<Ticker.State> = []
  }

  enum Action: Sendable, Equatable {
    case detail(Ticker.Action)
    case row(id: String, action: Ticker.Action)
    case open(String)
    case close
    case remove(String)
    /// Replaces the rows with a new array of those with the ids.
    case keep([String])
  }

  let log: Locked<[String]>

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .detail: log.withLock { $0.append("parent detail") }
    case .row(let id, _): log.withLock { $0.append("parent row \(id)") }
    default: break
    }
    switch action {
    case .open(let id):
      state.detail = Ticker.State(id: id)
    case .close:
      state.detail = nil
    case .remove(let id):
      state.rows.remove(id: id)
    case .keep(let ids):
      state.rows = IdentifiedArray(state.rows.filter { ids.contains($0.id) })
    case .detail, .row:
      break
    }
    return .none
  }
}

extension ActionCase where Parent == Board.Action, Child == Ticker.Action {
  fileprivate static var detail: Self {
    ActionCase(Parent.detail) { if case .detail(let action) = $0 { action } else { nil } }
  }
}

extension ActionCase where Parent == Board.Action, Child == (String, Ticker.Action) {
  fileprivate static var row: Self {
    ActionCase(Parent.row) { if case .row(let id, let action) = $0 { (id, action) } else { nil } }
  }
}

@MainActor
@Suite struct ChildReducerTests {
  let clock = ManualClock()
  let log = Locked<[String]>([])
  let diagnostics = Locked<[String]>([])

  fileprivate func makeStore(_ state: Board.State) -> ReducerStore<Board.State, Board.Action> {
    ReducerStore(
      initialState: state,
      reducer: Board(log: log)
        .ifLet(\.detail, action: .detail, then: Ticker(log: log))
        .forEach(\.rows, action: .row, element: Ticker(log: log)),
      clock: clock)
  }

  /// Collects what `store` reports to its diagnostic handler.
  fileprivate func collectDiagnostics(of store: ReducerStore<Board.State, Board.Action>) {
    store.diagnosticHandler = { [diagnostics] diagnostic in
      diagnostics.withLock { $0.append(diagnostic.message) }
    }
  }

  @Test func anOptionalChildsEffectsEndWithIt() async {
    let store = makeStore(Board.State(detail: Ticker.State(id: "d")))
    store.send(.detail(.start))
    await clock.advance(by: .seconds(3))
    #expect(store.state.detail?.ticks == 3)
    store.send(.close)
    await clock.advance(by: .seconds(5))
    #expect(store.state.detail == nil)
    #expect(store.runningEffectCount == 0)
    #expect(log.value.filter { $0.hasSuffix("tick") }.count == 3)
  }

  @Test func aChildReplacedByAnotherOfAnotherIDLosesItsEffects() async {
    let store = makeStore(Board.State(detail: Ticker.State(id: "first")))
    store.send(.detail(.start))
    await clock.advance(by: .seconds(1))
    store.send(.open("second"))
    await clock.advance(by: .seconds(3))
    #expect(store.state.detail == Ticker.State(id: "second", ticks: 0))
    #expect(store.runningEffectCount == 0)
  }

  @Test func theChildReducesBeforeTheParent() {
    let store = makeStore(Board.State(detail: Ticker.State(id: "d"), rows: [Ticker.State(id: "a")]))
    store.send(.detail(.noted))
    store.send(.row(id: "a", action: .noted))
    #expect(log.value == ["child d noted", "parent detail", "child a noted", "parent row a"])
  }

  @Test func aRowsEffectsEndWithItAndItsSiblingsGoOn() async {
    let rows: IdentifiedArrayOf<Ticker.State> = [
      Ticker.State(id: "a"), Ticker.State(id: "b"), Ticker.State(id: "c"),
    ]
    let store = makeStore(Board.State(rows: rows))
    for id in ["a", "b", "c"] { store.send(.row(id: id, action: .start)) }
    await clock.advance(by: .seconds(1))
    store.send(.remove("b"))
    await clock.advance(by: .seconds(2))
    #expect(store.state.rows.map(\.ticks) == [3, 3])
    #expect(store.state.rows.ids == ["a", "c"])
    #expect(log.value.filter { $0 == "child b tick" }.count == 1)
    #expect(store.runningEffectCount == 2)
  }

  @Test func rowsLeftOutOfANewArrayLoseTheirEffects() async {
    let rows: IdentifiedArrayOf<Ticker.State> = [
      Ticker.State(id: "a"), Ticker.State(id: "b"), Ticker.State(id: "c"),
    ]
    let store = makeStore(Board.State(rows: rows))
    for id in ["a", "b", "c"] { store.send(.row(id: id, action: .start)) }
    await clock.advance(by: .seconds(1))
    store.send(.keep(["a"]))
    await clock.advance(by: .seconds(2))
    #expect(store.state.rows.map(\.ticks) == [3])
    #expect(store.runningEffectCount == 1)
  }

  @Test func anActionForAMissingChildChangesNothingAndIsReportedToTheStoresHandler() async {
    let store = makeStore(Board.State(rows: [Ticker.State(id: "a")]))
    collectDiagnostics(of: store)
    store.send(.detail(.tick))
    store.send(.row(id: "z", action: .tick))
    await clock.advance(by: .zero)
    #expect(store.state == Board.State(rows: [Ticker.State(id: "a")]))
    #expect(diagnostics.value.count == 2)
    #expect(diagnostics.value.first?.contains("its optional child state is nil") == true)
    #expect(diagnostics.value.last?.contains("no element of its collection has the id z") == true)
  }

  @Test func anOptionalChildHasAStoreOnlyWhileItIsThere() async throws {
    let store = makeStore(Board.State())
    #expect(store.scope(state: \.detail, action: .detail) == nil)
    store.send(.open("d"))
    let detail = try #require(store.scope(state: \.detail, action: .detail))
    detail.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(detail.state.ticks == 2)
    store.send(.close)
    #expect(store.scope(state: \.detail, action: .detail) == nil)
    // Kept after the child went: the last value, and a send is reported.
    #expect(detail.state == Ticker.State(id: "d", ticks: 2))
    collectDiagnostics(of: store)
    detail.send(.tick)
    await clock.advance(by: .zero)
    #expect(diagnostics.value.count == 1)
    #expect(store.state.detail == nil)
  }

  @Test func aRowsStoreIsMadeOnceAndGoesWithItsRow() async throws {
    let rows: IdentifiedArrayOf<Ticker.State> = [
      Ticker.State(id: "a"), Ticker.State(id: "b"), Ticker.State(id: "c"),
    ]
    let store = makeStore(Board.State(rows: rows))
    let stores = store.scope(state: \.rows, action: .row)
    #expect(stores.ids == ["a", "b", "c"])
    #expect(stores[id: "z"] == nil)
    let b = try #require(stores[id: "b"])
    #expect(stores[id: "b"] === b)
    for id in stores.ids { stores[id: id]?.send(.start) }
    await clock.advance(by: .seconds(1))
    #expect(b.state.ticks == 1)  // as a view shows it
    store.send(.remove("b"))
    await clock.advance(by: .seconds(2))
    #expect(stores[id: "a"]?.state.ticks == 3)
    #expect(stores[id: "c"]?.state.ticks == 3)
    #expect(stores[id: "b"] == nil)
    #expect(stores.keptCount == 2)
    // The store kept by the test reads the last value it showed; a send to it touches no other
    // row.
    #expect(b.state == Ticker.State(id: "b", ticks: 1))
    collectDiagnostics(of: store)
    b.send(.tick)
    await clock.advance(by: .zero)
    #expect(diagnostics.value.count == 1)
    #expect(store.state.rows.map(\.ticks) == [3, 3])
  }

  @Test func aReleasedFeatureLeavesNoRowStoreAlive() {
    weak var root: ReducerStore<Board.State, Board.Action>?
    weak var row: (any Store<Ticker.State, Ticker.Action>)?
    do {
      let store = makeStore(Board.State(rows: [Ticker.State(id: "a")]))
      let stores = store.scope(state: \.rows, action: .row)
      row = stores[id: "a"]
      root = store
      #expect(row != nil)
    }
    #expect(row == nil)
    #expect(root == nil)
  }
}
