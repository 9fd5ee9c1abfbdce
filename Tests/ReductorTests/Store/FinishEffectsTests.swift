import Reductor
import StressRuns
import Testing

/// `ReducerStore.finishEffects(timeout:)`: a shutdown waits for every effect of the store, and a
/// timeout says which effects were still in flight.
@MainActor
@Suite struct FinishEffectsTests {
  enum Action: Sendable, Equatable {
    case save(String)
    case saved(String)
    case startTimer
    case tick
    case queryChanged(String)
    case searched(String)
    case throttled(Int)
  }

  struct State: Equatable {
    var saved: [String] = []
    var ticks = 0
    var searched: [String] = []
    var throttled: [Int] = []
  }

  /// The line of the `.stream` in `timer()`, which the reports name.
  static let timerLine: UInt = #line + 3
  /// Ticks every second, under the key "timer".
  static func timer() -> Effect<Action> {
    .stream(lifetime: .replaceable("timer")) {
      EffectContext.ticks(every: .seconds(1)).map { _ in .tick }
    }
  }

  /// The store; `save` waits for `gate` to open, if there is one, then saves.
  func makeStore(
    clock: any Clock<Duration>, gate: AsyncStream<Void>? = nil
  ) -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .save(let text):
          return .run(lifetime: .detached) {
            if let gate { for await _ in gate { break } }
            return .saved(text)
          }
        case .saved(let text):
          state.saved.append(text)
          return .none
        case .startTimer:
          return Self.timer()
        case .tick:
          state.ticks += 1
          return .none
        case .queryChanged(let query):
          return Effect.send(.searched(query))
            .debounced(for: .milliseconds(300), key: "search")
        case .searched(let query):
          state.searched.append(query)
          return .none
        case .throttled(let value):
          state.throttled.append(value)
          return .none
        }
      },
      clock: clock)
  }

  /// A save still running when the program shuts down is waited for, and its result reduced.
  @Test(arguments: stressRuns)
  func aShutdownWaitsForASaveStillRunning(run: Int) async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = makeStore(clock: ContinuousClock(), gate: gate)
    store.send(.save("draft"))
    let shutdown = Task { await store.finishEffects(timeout: .seconds(30)) }
    open.yield()
    let stillInFlight = await shutdown.value
    #expect(stillInFlight == [])
    #expect(store.state.saved == ["draft"])
  }

  /// On a manual clock it is a settle point: a debounce waiting on the clock is started by the
  /// advance of another task, and its action reduced.
  @Test func onAManualClockItWaitsForAnAdvanceOfTheDebounce() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.queryChanged("swift"))
    let shutdown = Task { await store.finishEffects(timeout: .seconds(30)) }
    await clock.advance(by: .milliseconds(300))
    #expect(await shutdown.value == [])
    #expect(store.state.searched == ["swift"])
  }

  /// An action enqueued from another thread before the call is reduced, and the work it starts
  /// is waited for.
  @Test(arguments: stressRuns)
  func anEnqueuedActionAndItsEffectsAreWaitedFor(run: Int) async {
    let store = makeStore(clock: ContinuousClock())
    await Task.detached { store.enqueue(.save("enqueued")) }.value
    #expect(await store.finishEffects(timeout: .seconds(30)) == [])
    #expect(store.state.saved == ["enqueued"])
  }

  @Test func withNothingInFlightItReturnsAtOnce() async {
    let store = makeStore(clock: ContinuousClock())
    store.send(.tick)
    #expect(await store.finishEffects(timeout: .zero) == [])
  }

  /// Effects that never end: the timeout returns them, running or waiting, and reports them.
  @Test func theTimeoutReturnsAndReportsTheEffectsStillInFlight() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let reported = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    store.send(.startTimer)
    store.send(.queryChanged("swi"))
    let line: UInt = #line + 1
    let stillInFlight = await store.finishEffects(timeout: .milliseconds(20))
    let timer = "ReductorTests/FinishEffectsTests.swift:\(Self.timerLine)"
    #expect(
      stillInFlight == [
        InFlightEffect(
          stage: .running, lifetime: .replaceable("timer"), startedBy: "startTimer",
          location: timer),
        InFlightEffect(
          stage: .debouncing, lifetime: .replaceable("search"),
          startedBy: "queryChanged(\"swi\")"),
      ])
    let diagnostics = reported.withLock { $0 }
    #expect(diagnostics.map(\.kind) == [.effectsStillInFlight])
    #expect(
      diagnostics.first?.message == """
        finishEffects(timeout: 0.02 seconds) stopped waiting with 2 effects in flight:
          • \(timer): replaceable("timer"), running, started by send(startTimer)
          • replaceable("search"), debouncing, started by send(queryChanged("swi"))
        """)
    #expect(diagnostics.first?.line == line)
    // They were not cancelled: the timer still ticks.
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == 1)
  }

  @Test func aTrailingThrottledEffectIsReportedAsWaitingForItsWindow() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { state, value in
        if value < 0 {
          state.append(-value)
          return .none
        }
        return Effect.send(-value).throttled(for: .seconds(1), key: "volume", latest: true)
      },
      clock: clock)
    store.diagnosticHandler = { _ in }
    store.send(1)
    store.send(2)
    #expect(
      await store.finishEffects(timeout: .milliseconds(20)) == [
        InFlightEffect(stage: .throttling, lifetime: .replaceable("volume"), startedBy: "2")
      ])
    #expect(store.state == [1])
  }

  /// Two waits at once end each at its own deadline: the shorter one with the effect in flight,
  /// the longer one when the effect has finished.
  @Test(arguments: stressRuns)
  func twoWaitsAtOnceEndEachAtItsOwnDeadline(run: Int) async {
    let (gate, open) = AsyncStream<Void>.makeStream()
    let store = makeStore(clock: ContinuousClock(), gate: gate)
    store.diagnosticHandler = { _ in }
    store.send(.save("draft"))
    let long = Task { await store.finishEffects(timeout: .seconds(30)) }
    let short = await store.finishEffects(timeout: .milliseconds(10))
    #expect(short.map(\.lifetime) == [.detached])
    open.yield()
    #expect(await long.value == [])
    #expect(store.state.saved == ["draft"])
  }

  /// Cancelling the task that waits stops the wait at once, and the effects keep running.
  @Test func cancellingTheWaitReturnsTheEffectsInFlight() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.diagnosticHandler = { _ in }
    store.send(.startTimer)
    let shutdown = Task { await store.finishEffects(timeout: .seconds(30)) }
    shutdown.cancel()
    let stillInFlight = await shutdown.value
    #expect(stillInFlight.map(\.lifetime) == [.replaceable("timer")])
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == 1)
  }
}
