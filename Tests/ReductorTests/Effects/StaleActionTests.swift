import StressRuns
import Testing

@testable import Reductor

/// Nothing a replaced or cancelled effect delivered is reduced after the action that replaced or
/// cancelled it, even when it was delivered before, and waits in the store's inbox.
@MainActor
@Suite struct StaleActionTests {
  struct State: Equatable {
    var query = 0
    var results: [Int] = []
    /// Results reduced after a newer query: each one is a stale result.
    var stale = 0
  }

  enum Action: Sendable, Equatable {
    case query(Int)
    case result(Int)
    case stop
  }

  /// A search: each query replaces the one in flight; `work` is the effect's operation.
  func makeStore(
    clock: any Clock<Duration>,
    work: @escaping @Sendable (Int, Send<Action>) async throws -> Void = { query, send in
      send(.result(query))
    }
  ) -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .query(let query):
          state.query = query
          return .run(lifetime: .replaceable("search")) { send in try await work(query, send) }
        case .result(let query):
          if query != state.query { state.stale += 1 }
          state.results.append(query)
          return .none
        case .stop:
          return .cancel("search")
        }
      },
      clock: clock)
  }

  /// The effect hands its `Send` to the test, which delivers through it between two settle
  /// points, as another thread would, while the effect is still running.
  @Test func aResultDeliveredBeforeItsEffectIsReplacedIsNotReduced() async {
    let clock = ManualClock()
    let handle = Locked<Send<Action>?>(nil)
    let store = makeStore(clock: clock) { _, send in
      handle.withLock { $0 = send }
      try await EffectContext.clock.sleep(for: .seconds(10))
    }
    store.send(.query(1))
    await clock.advance(by: .zero)
    handle.value?(.result(1))  // waits in the inbox
    store.send(.query(2))  // replaces the effect that delivered it
    await clock.advance(by: .zero)
    #expect(store.state == State(query: 2, results: [], stale: 0))
  }

  /// The effect of query 1 delivers its result and finishes after query 2 arrived in the inbox,
  /// but before query 2 is reduced: the result is reduced after query 2 only if it is stale.
  @Test func aResultOfAnEffectThatFinishedBeforeTheReplacingQueryWasReducedIsNotReduced() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.query(1))
    store.enqueue(.query(2))
    await clock.advance(by: .zero)  // runs query 1's effect, then reduces query 2, then result 1
    #expect(store.state == State(query: 2, results: [2], stale: 0))
  }

  @Test func aResultDeliveredBeforeItsKeyIsCancelledIsNotReduced() async {
    let clock = ManualClock()
    let handle = Locked<Send<Action>?>(nil)
    let store = makeStore(clock: clock) { _, send in
      handle.withLock { $0 = send }
      try await EffectContext.clock.sleep(for: .seconds(10))
    }
    store.send(.query(1))
    await clock.advance(by: .zero)
    handle.value?(.result(1))
    store.send(.stop)
    await clock.advance(by: .zero)
    #expect(store.state == State(query: 1, results: [], stale: 0))
  }

  @Test func aResultDeliveredBeforeItsStoreTaskIsCancelledIsNotReduced() async {
    let clock = ManualClock()
    let handle = Locked<Send<Action>?>(nil)
    let store = makeStore(clock: clock) { _, send in
      handle.withLock { $0 = send }
      try await EffectContext.clock.sleep(for: .seconds(10))
    }
    let task = store.send(.query(1))
    await clock.advance(by: .zero)
    handle.value?(.result(1))
    task.cancel()
    await clock.advance(by: .zero)
    #expect(store.state == State(query: 1, results: [], stale: 0))
    #expect(task.isFinished)
  }

  /// What an effect delivered before it finished is reduced when nothing replaced it, and its
  /// key is free again: the next query runs and is not cancelled by the finished one's key.
  @Test func aFinishedEffectsResultIsReducedAndItsKeyIsReleased() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.query(1))
    await clock.advance(by: .zero)
    store.send(.query(2))
    await clock.advance(by: .zero)
    #expect(store.state == State(query: 2, results: [1, 2], stale: 0))
    #expect(store.runningEffectCount == 0)
  }

  /// Queries arrive from one thread while their effects run on others and deliver results: no
  /// result is ever reduced after a newer query, and the last query's result always arrives.
  /// One run at a time: a hundred floods at once keep the main actor from the other suites for
  /// minutes under the thread sanitizer.
  @Test(.serialized, arguments: stressRuns)
  func stressAQueryFloodFromAnotherThreadReducesNoStaleResult(run: Int) async {
    let store = makeStore(clock: ContinuousClock())
    let queries = 10_000
    await onThreads(1) { _ in
      for query in 1...queries { store.enqueue(.query(query)) }
    }
    await store.finishEffects(timeout: .seconds(60))
    #expect(store.state.stale == 0)
    #expect(store.state.query == queries)
    #expect(store.state.results.last == queries)
  }
}
