// The code of the article "Optional and collection state" of the Reductor documentation.
import Reductor
import Testing

// MARK: - The rows

/// A row of the tests: an id and a title.
private struct Row: Identifiable, Equatable, Hashable, Sendable {
  let id: Int
  var title: String
}

@Suite struct IdentifiedArrayTests {
  private let rows: IdentifiedArrayOf<Row> = [
    Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c"),
  ]

  private func titles(_ rows: IdentifiedArrayOf<Row>) -> [String] {
    rows.map(\.title)
  }

  @Test func elementsAreInOrderAndFoundByID() {
    #expect(titles(rows) == ["a", "b", "c"])
    #expect(rows.ids == [1, 2, 3])
    #expect(rows[id: 2] == Row(id: 2, title: "b"))
    #expect(rows[id: 4] == nil)
    #expect(rows.index(id: 3) == 2)
    #expect(rows.contains(id: 1))
    #expect(!rows.contains(id: 9))
    #expect(rows[1].title == "b")
    #expect(rows.count == 3)
  }

  @Test func removingAtOffsetsRemovesThoseElements() {
    var rows = rows
    rows.remove(atOffsets: [0, 2])
    #expect(titles(rows) == ["b"])
    #expect(rows.index(id: 2) == 0)
    #expect(rows[id: 1] == nil)
    rows.remove(atOffsets: [])
    #expect(rows.ids == [2])
  }

  @Test func sortingKeepsEachElementFoundByItsID() {
    var rows = rows
    rows.sort { $0.title > $1.title }
    #expect(titles(rows) == ["c", "b", "a"])
    #expect(rows.index(id: 1) == 2)
    #expect(rows[id: 3]?.title == "c")
  }

  @Test func filteringGivesAnIdentifiedArray() {
    let kept: IdentifiedArrayOf<Row> = rows.filter { $0.id != 2 }
    #expect(kept.ids == [1, 3])
    #expect(kept.index(id: 3) == 1)
  }

  @Test func settingAnElementByPositionReplacesIt() {
    var rows = rows
    rows[1].title = "B"
    #expect(titles(rows) == ["a", "B", "c"])
    // Another id takes the place, and the element that had that id goes, as by id.
    rows[0] = Row(id: 3, title: "C")
    #expect(titles(rows) == ["C", "B"])
    #expect(rows.ids == [3, 2])
    #expect(rows[id: 1] == nil)
    #expect(rows.index(id: 2) == 1)
  }

  @Test func aLiteralWithARepeatedIDStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 1, title: "again")]
      _ = rows.count
    }
  }

  @Test func aRepeatedIDKeepsTheFirstElement() {
    var rows = IdentifiedArrayOf<Row>([Row(id: 1, title: "a"), Row(id: 1, title: "again")])
    #expect(titles(rows) == ["a"])
    let appended = rows.append(Row(id: 1, title: "third"))
    #expect(appended.inserted == false)
    #expect(appended.index == 0)
    #expect(rows.updateOrAppend(Row(id: 1, title: "updated")) == Row(id: 1, title: "a"))
    #expect(titles(rows) == ["updated"])
  }

  @Test func settingByIDUpdatesAppendsOrRemoves() {
    var rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c"),
    ]
    rows[id: 2]?.title = "B"
    rows[id: 4] = Row(id: 4, title: "d")
    rows[id: 1] = nil
    #expect(rows.map(\.title) == ["B", "c", "d"])
    #expect(rows.ids == [2, 3, 4])
    #expect(rows.index(id: 4) == 2)
  }

  @Test func settingAnElementOfAnotherIDReplacesThatOfTheSubscript() {
    var rows = rows
    rows[id: 1] = Row(id: 9, title: "z")
    #expect(rows.ids == [9, 2, 3])
    #expect(rows[id: 1] == nil)
    // The new id was present elsewhere: that element goes.
    rows[id: 9] = Row(id: 3, title: "moved")
    #expect(rows.ids == [3, 2])
    #expect(rows.index(id: 2) == 1)
    #expect(rows[id: 3]?.title == "moved")
  }

  @Test func insertingAndRemovingRenumberThePositions() {
    var rows = rows
    #expect(rows.insert(Row(id: 0, title: "first"), at: 0) == (true, 0))
    #expect(rows.index(id: 3) == 3)
    #expect(rows.remove(id: 2) == Row(id: 2, title: "b"))
    #expect(rows.remove(id: 2) == nil)
    #expect(rows.ids == [0, 1, 3])
    #expect(rows.index(id: 3) == 2)
    #expect(rows.remove(at: 0) == Row(id: 0, title: "first"))
    #expect(rows.index(id: 1) == 0)
    rows.removeAll { $0.id == 1 }
    #expect(rows.ids == [3])
    #expect(rows.index(id: 3) == 0)
    #expect(rows[id: 1] == nil)
  }

  @Test func movingKeepsEveryPositionRight() {
    var rows = rows
    rows.append(Row(id: 4, title: "d"))
    rows.move(fromOffsets: [0, 2], toOffset: 4)
    #expect(rows.ids == [2, 4, 1, 3])
    rows.move(fromOffsets: [3], toOffset: 0)
    #expect(rows.ids == [3, 2, 4, 1])
    for (position, id) in rows.ids.enumerated() {
      #expect(rows.index(id: id) == position)
    }
  }

  @Test func equalityHashingAndDescriptionFollowTheElements() {
    var other = rows
    #expect(other == rows)
    #expect(Set([other, rows]).count == 1)
    other[id: 1]?.title = "x"
    #expect(other != rows)
    #expect(
      MirrorFormatter().format(IdentifiedArrayOf<Row>([Row(id: 1, title: "a")]))
        == MirrorFormatter().format([Row(id: 1, title: "a")]))
  }
}

// MARK: - Child reducers

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
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
    #expect(log.value.filter { $0.hasSuffix("tick") }.count == 3)
  }

  @Test func aChildReplacedByAnotherOfAnotherIDLosesItsEffects() async {
    let store = makeStore(Board.State(detail: Ticker.State(id: "first")))
    store.send(.detail(.start))
    await clock.advance(by: .seconds(1))
    store.send(.open("second"))
    await clock.advance(by: .seconds(3))
    #expect(store.state.detail == Ticker.State(id: "second", ticks: 0))
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
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
    collectDiagnostics(of: store)  // `finishEffects` reports the effects still in flight
    #expect(await store.finishEffects(timeout: .zero).count == 2)
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
    collectDiagnostics(of: store)  // `finishEffects` reports the effects still in flight
    #expect(await store.finishEffects(timeout: .zero).count == 1)
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
    // Forgotten: a kept store is returned before the rows are looked at.
    #expect(stores[id: "b"] == nil)
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

// MARK: - Features made of features

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
