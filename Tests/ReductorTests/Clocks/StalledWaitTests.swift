import Testing

@testable import Reductor

/// A wait for a send's work on a manual clock that nothing advances ends with a diagnostic
/// instead of hanging (#29): the task that would advance the clock is the one waiting. The
/// clocks here give up after 50 ms with nothing happening; since the work cannot move without an
/// advance, the outcome does not depend on timing.
@MainActor
@Suite struct StalledWaitTests {
  enum Action: Sendable, Equatable {
    case loadAfterASecond
    case loaded
  }

  /// The line of the `.run` in `loadAfterASecond()`, which the report names.
  static let loadLine: UInt = #line + 3
  /// Delivers `.loaded` a second later on the clock.
  static func loadAfterASecond() -> Effect<Action> {
    .run {
      try await EffectContext.clock.sleep(for: .seconds(1))
      return .loaded
    }
  }

  /// A store whose reducer records each action at its virtual time, and the diagnostics it
  /// reports.
  private func makeStore(
    clock: ManualClock
  ) -> (ReducerStore<[Stamped<Action>], Action>, Locked<[StoreDiagnostic]>) {
    let store = ReducerStore(
      initialState: [],
      reducer: Reduce<[Stamped<Action>], Action> { state, action in
        state.append(Stamped(value: action, at: clock.now.offset))
        guard action == .loadAfterASecond else { return .none }
        return Self.loadAfterASecond()
      },
      clock: clock)
    let diagnostics = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    return (store, diagnostics)
  }

  @Test func aFinishThatOnlyAnAdvanceCouldEndReportsAndReturns() async {
    let clock = ManualClock(stalledWaitTimeout: .milliseconds(50))
    let (store, diagnostics) = makeStore(clock: clock)
    await store.send(.loadAfterASecond).finish()
    let reported = diagnostics.withLock { $0 }
    #expect(reported.map(\.kind) == [.waitStalled])
    #expect(
      reported.first?.message
        == """
        finish() of send(loadAfterASecond) stopped waiting: nothing happened on its ManualClock \
        for 0.05 seconds, with 1 effect in flight:
          • ReductorTests/StalledWaitTests.swift:\(Self.loadLine): storeBound, running, started \
        by send(loadAfterASecond)
        The clock's next sleeper is due at 1.0 seconds (now 0.0 seconds): advance the clock from \
        another task, or send without waiting and advance first.
        """)
    // Nothing was lost: the work still runs, and an advance finishes it.
    await clock.advance(by: .seconds(1))
    #expect(
      store.state == [
        Stamped(value: .loadAfterASecond, at: .zero), Stamped(value: .loaded, at: .seconds(1)),
      ])
  }

  /// An advance from another task before the limit lets the wait end as usual, with no report.
  @Test func aFinishThatAnotherTaskAdvancesReportsNothing() async {
    let clock = ManualClock(stalledWaitTimeout: .seconds(60))
    let (store, diagnostics) = makeStore(clock: clock)
    let task = store.send(.loadAfterASecond)
    let finished = Task { await task.finish() }
    await clock.advance(by: .seconds(1))
    await finished.value
    #expect(diagnostics.withLock { $0 }.isEmpty)
    #expect(store.state.last == Stamped(value: .loaded, at: .seconds(1)))
  }

  /// A cancelled wait cancels the work, as before, and reports nothing.
  @Test func aCancelledFinishCancelsTheWorkAndReportsNothing() async {
    let clock = ManualClock(stalledWaitTimeout: .seconds(60))
    let (store, diagnostics) = makeStore(clock: clock)
    let task = store.send(.loadAfterASecond)
    let waiting = Task { await task.finish() }
    waiting.cancel()
    await waiting.value
    await clock.advance(by: .seconds(1))
    #expect(task.isCancelled)
    #expect(diagnostics.withLock { $0 }.isEmpty)
    #expect(store.state == [Stamped(value: .loadAfterASecond, at: .zero)])
  }
}
