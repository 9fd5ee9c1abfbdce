import Observation
import Reductor
import Testing

/// `states`, `values(of:)`, `observe` and pulses, on root and scoped stores: exact sequences.
@MainActor
@Suite struct ObservingTests {
  struct State: Equatable, Sendable {
    var count = 0
    var other = 0
    @Pulse var message: String?
  }

  enum Action: Sendable {
    case increment
    case noop
    case bumpOther
    case say(String?)
    case sayTwice(String?)
  }

  struct App: Equatable, Sendable {
    var feature = State()
    var title = "app"
  }

  enum AppAction: Sendable {
    case feature(Action)
    case rename(String)
  }

  /// The feature's reducer; `log` records each action as it is reduced.
  static func reduce(_ state: inout State, _ action: Action, log: Log?) -> Effect<Action> {
    log?.append("reduce \(action)")
    switch action {
    case .increment: state.count += 1
    case .noop: break
    case .bumpOther: state.other += 1
    case .say(let message): state.message = message
    case .sayTwice(let message):
      state.message = message
      state.message = message
    }
    return .none
  }

  func makeStore(log: Log? = nil) -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { Self.reduce(&$0, $1, log: log) })
  }

  func makeAppStore() -> ReducerStore<App, AppAction> {
    ReducerStore(
      initialState: App(),
      reducer: Reduce<App, AppAction> { state, action in
        switch action {
        case .feature(let action):
          return Self.reduce(&state.feature, action, log: nil).map(AppAction.feature)
        case .rename(let title):
          state.title = title
          return .none
        }
      })
  }

  /// Takes everything a finished stream yields.
  func collect<Element>(_ stream: StateStream<Element>) async -> [Element] {
    var elements: [Element] = []
    for await element in stream { elements.append(element) }
    return elements
  }

  // MARK: - states

  /// The current state first, then one state per reduced action, unchanged ones included; the
  /// stream ends when its root store is released.
  @Test func statesYieldsTheCurrentStateThenOnePerActionAndEndsWithTheStore() async {
    var store: ReducerStore<State, Action>? = makeStore()
    store?.send(.increment)
    let states = store!.states
    for action in [Action.increment, .noop, .increment] { store?.send(action) }
    store = nil
    #expect(await collect(states).map(\.count) == [1, 2, 2, 3])
  }

  @Test func aScopedStoresStatesAreItsProjection() async {
    var root: ReducerStore<App, AppAction>? = makeAppStore()
    let feature = root!.scope(state: \.feature, action: AppAction.feature)
    var iterator = feature.states.makeAsyncIterator()
    root?.send(.feature(.increment))
    root?.send(.rename("renamed"))
    root = nil
    #expect(await iterator.next()?.count == 0)
    #expect(await iterator.next()?.count == 1)
    #expect(await iterator.next()?.count == 1)  // the rename reduced an action
  }

  /// Two subscribers see the same sequence, each from where it subscribed.
  @Test func twoSubscribersSeeTheSameSequence() async {
    var store: ReducerStore<State, Action>? = makeStore()
    let first = store!.values(of: \.count)
    store?.send(.increment)
    let second = store!.values(of: \.count)
    store?.send(.increment)
    store?.send(.increment)
    store = nil
    #expect(await collect(first) == [0, 1, 2, 3])
    #expect(await collect(second) == [1, 2, 3])
  }

  @Test func bufferingNewestKeepsOnlyTheLatestStatesNotTaken() async {
    var store: ReducerStore<State, Action>? = makeStore()
    let states = store!.states(buffering: .bufferingNewest(1))
    for _ in 0..<5 { store?.send(.increment) }
    store = nil
    #expect(await collect(states).map(\.count) == [5])
  }

  /// A class state yields the same instance after each action; `values(of:)` compares what it
  /// reads, so it reports the changes.
  @Test func aClassStateYieldsItsInstanceAndValuesOfSeesItsChanges() async {
    var store: ReducerStore<CountingModel, CountingAction>? = makeCountingStore(CountingModel())
    let model = store!.state
    var observed: [Int] = []
    var token: ObservationToken? = store!.observe(\.count) { observed.append($0) }
    let counts = store!.values(of: \.count)
    store?.send(.increment)
    store?.send(.second)
    store?.send(.increment)
    #expect(token?.isCancelled == false)
    token = nil  // it keeps the store alive
    store = nil
    #expect(await collect(counts) == [0, 1, 2])
    #expect(observed == [0, 1, 2])
    #expect(model.count == 2)
  }

  // MARK: - values(of:)

  @Test func valuesOfYieldsTheCurrentValueThenOnlyChanges() async {
    var store: ReducerStore<State, Action>? = makeStore()
    let counts = store!.values(of: \.count)
    for action in [Action.increment, .increment, .noop, .bumpOther, .increment] {
      store?.send(action)
    }
    store = nil
    #expect(await collect(counts) == [0, 1, 2, 3])
  }

  // MARK: - observe

  @Test func observeCallsAtOnceThenAfterEachChangeUntilCancelled() {
    let store = makeStore()
    var seen: [Int] = []
    let token = store.observe(\.count) { seen.append($0) }
    store.send(.increment)
    store.send(.bumpOther)
    store.send(.increment)
    #expect(seen == [0, 1, 2])
    token.cancel()
    store.send(.increment)
    #expect(seen == [0, 1, 2])
    #expect(token.isCancelled)
  }

  @Test func releasingTheTokenEndsTheObservation() {
    let store = makeStore()
    var seen: [Int] = []
    var token: ObservationToken? = store.observe(\.count) { seen.append($0) }
    store.send(.increment)
    token = nil
    store.send(.increment)
    #expect(seen == [0, 1])
    #expect(token == nil)
  }

  /// An action sent from an observer is reduced after the current one, once every observer has
  /// seen the current one: enter A, exit A, enter B, exit B.
  @Test func anActionSentFromAnObserverIsReducedAfterTheCurrentOne() {
    let log = Log()
    let store = makeStore(log: log)
    let first = store.observe(\.count) { count in
      log.append("first sees count \(count)")
      if count == 1 { store.send(.bumpOther) }
    }
    let second = store.observe(\.other) { other in log.append("second sees other \(other)") }
    log.removeAll()
    store.send(.increment)
    #expect(
      log.entries == [
        "reduce increment", "first sees count 1", "reduce bumpOther", "second sees other 1",
      ])
    _ = (first, second)
  }

  /// Observers are called in the order they were made; one made during a call is called at once,
  /// as every new observer is, and after the others from the next action on.
  @Test func observersAreCalledInTheOrderTheyWereMade() {
    let store = makeStore()
    var calls: [String] = []
    var late: ObservationToken?
    let a = store.observe(\.count) { count in
      calls.append("a\(count)")
      if count == 1 { late = store.observe(\.count) { calls.append("late\($0)") } }
    }
    let b = store.observe(\.count) { calls.append("b\($0)") }
    calls.removeAll()
    store.send(.increment)
    store.send(.increment)
    #expect(calls == ["a1", "late1", "b1", "a2", "b2", "late2"])
    _ = (a, b, late)
  }

  /// An observer whose token an earlier observer cancels during its call is not called for that
  /// action, nor after; the observers after it are called as before.
  @Test func anObserverCancelledDuringAnotherOnesCallIsNotCalledAgain() {
    let store = makeStore()
    var calls: [String] = []
    var b: ObservationToken?
    let a = store.observe(\.count) { count in
      calls.append("a\(count)")
      if count == 1 { b?.cancel() }
    }
    b = store.observe(\.count) { calls.append("b\($0)") }
    let c = store.observe(\.count) { calls.append("c\($0)") }
    calls.removeAll()
    store.send(.increment)
    store.send(.increment)
    #expect(calls == ["a1", "c1", "a2", "c2"])
    _ = (a, c)
  }

  /// A scoped store's observer keeps the root alive while its token lives.
  @Test func aScopedObserverKeepsTheRootAliveUntilItsTokenGoes() {
    var root: ReducerStore<App, AppAction>? = makeAppStore()
    weak let weakRoot = root
    var feature: (any Store<State, Action>)? = root!.scope(
      state: \.feature, action: AppAction.feature)
    var seen: [Int] = []
    var token: ObservationToken? = feature!.observe(\.count) { seen.append($0) }
    feature = nil
    root = nil
    #expect(weakRoot != nil)
    weakRoot?.send(.feature(.increment))
    #expect(seen == [0, 1])
    token = nil
    #expect(weakRoot == nil)
    _ = token
  }

  /// A scoped store's stream keeps the root alive until its iteration ends.
  @Test func aScopedStreamKeepsTheRootAliveUntilItsIterationEnds() async {
    var root: ReducerStore<App, AppAction>? = makeAppStore()
    weak let weakRoot = root
    var counts: StateStream<Int>? = root!.scope(state: \.feature, action: AppAction.feature)
      .values(of: \.count)
    root = nil
    #expect(weakRoot != nil)
    weakRoot?.send(.feature(.increment))
    var iterator = counts?.makeAsyncIterator()
    #expect(await iterator?.next() == 0)
    #expect(await iterator?.next() == 1)
    counts = nil
    iterator = nil
    #expect(weakRoot == nil)
  }

  // MARK: - Pulses

  /// The sequence: each action that assigns the pulse yields, the same value included.
  @Test func pulsesYieldEveryAssignmentOncePerAction() async {
    var store: ReducerStore<State, Action>? = makeStore()
    store?.send(.say("0"))  // before the subscription: not replayed
    let messages = store!.pulses(of: \.$message)
    var observed: [String?] = []
    var token: ObservationToken? = store!.observe(pulse: \.$message) { observed.append($0) }
    let actions: [Action] = [
      .say("1"), .increment, .say(nil), .say("2"), .say(nil), .increment, .say(nil), .say("3"),
      .sayTwice("3"),
    ]
    for action in actions { store?.send(action) }
    #expect(token?.isCancelled == false)
    token = nil  // it keeps the store alive
    store = nil
    let expected: [String?] = ["1", nil, "2", nil, nil, "3", "3"]
    #expect(await collect(messages) == expected)
    #expect(observed == expected)
  }

  @Test func aPulseCountsAssignmentsAndWrapsPastTheMaximum() {
    var state = State()
    #expect(state.$message.valueUpdatedCount == 0)
    state.message = "a"
    state.message = "a"
    #expect(state.$message.valueUpdatedCount == 2)
    #expect(state != State(message: "a"))  // one assignment against two
  }

  // MARK: - A store of your own

  /// A store written by hand has no root subscriptions: it is observed through Observation.
  @Test func aStoreOfYourOwnIsObservedThroughObservation() async {
    let custom = ObservableCounter()
    var counts = custom.values(of: \.self).makeAsyncIterator()
    #expect(await counts.next() == 0)
    custom.value = 5
    #expect(await counts.next() == 5)
  }
}

/// Entries recorded in order, on the main actor.
@MainActor
final class Log {
  private(set) var entries: [String] = []

  func append(_ entry: String) {
    entries.append(entry)
  }

  func removeAll() {
    entries.removeAll()
  }
}

/// A store written by hand with an `@Observable` value.
@MainActor
@Observable
final class ObservableCounter: Store {
  var value = 0

  var state: Int { value }

  func send(_ action: Int) -> StoreTask {
    value += action
    return .finished
  }

  nonisolated func enqueue(_ action: Int) {}
}
