import Reductor
import Testing

/// The examples of the "Observing state" article, with the sequences its table gives.
@MainActor
@Suite struct ObservingArticleTests {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "counter"
    @Pulse var alert: String?
  }

  enum Action: Sendable {
    case increment
    case rename(String)
    case noop
    case showAlert(String)
  }

  static func makeStore() -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .increment: state.count += 1
        case .rename(let title): state.title = title
        case .noop: break
        case .showAlert(let message): state.alert = message
        }
        return .none
      })
  }

  /// The table's sequence: increment, increment, noop, increment.
  static let actions: [Action] = [.increment, .increment, .noop, .increment]

  @Test func theFourWaysForTheSameActions() async {
    var store: ReducerStore<State, Action>? = Self.makeStore()
    let states = store!.states
    let counts = store!.values(of: \.count)
    var observed: [Int] = []
    var observation: ObservationToken? = store!.observe(\.count) { observed.append($0) }
    for action in Self.actions { store?.send(action) }
    #expect(observation?.isCancelled == false)
    observation = nil
    store = nil
    var stateCounts: [Int] = []
    for await state in states { stateCounts.append(state.count) }
    var countValues: [Int] = []
    for await count in counts { countValues.append(count) }
    #expect(stateCounts == [0, 1, 2, 2, 3])
    #expect(countValues == [0, 1, 2, 3])
    #expect(observed == [0, 1, 2, 3])
  }

  @Test func renderingFromAnObserver() {
    let store = Self.makeStore()
    var lines: [String] = []
    let observation = store.observe(\.count) { count in
      lines.append("count: \(count)")
    }
    store.send(.increment)
    store.send(.rename("clicks"))
    observation.cancel()
    #expect(lines == ["count: 0", "count: 1"])
  }

  @Test func anAlertShownTwiceWithTheSameMessage() async {
    let store = Self.makeStore()
    var alerts = store.pulses(of: \.$alert).makeAsyncIterator()
    store.send(.showAlert("Saved"))
    store.send(.increment)
    store.send(.showAlert("Saved"))
    #expect(await alerts.next() == "Saved")
    #expect(await alerts.next() == "Saved")
  }

  @Test func aRenderingLoopThatKeepsOnlyTheNewestState() async {
    var store: ReducerStore<State, Action>? = Self.makeStore()
    let newest = store!.states(buffering: .bufferingNewest(1))
    for action in Self.actions { store?.send(action) }
    store = nil
    var rendered: [Int] = []
    for await state in newest {
      rendered.append(state.count)
    }
    #expect(rendered == [3])
  }
}
