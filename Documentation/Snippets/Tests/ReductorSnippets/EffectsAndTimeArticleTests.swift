// The code of the article "Effects and time" of the Reductor documentation, and of the check of
// `map` in the article "Testing".
import Observation
import Reductor
import StressRuns
import Testing

// MARK: - No work, or one action now

/// A `.send` the reducer returns, reduced after the current action; the root package's
/// `ReducerStoreTests` have the other cases.
@MainActor
@Suite struct ReducerStoreTests {
  @Test(arguments: StateKind.allCases)
  func actionsSentWhileReducingRunAfterTheCurrentOne(kind: StateKind) {
    switch kind {
    case .value: checkReentrantOrder(CountingValue())
    case .observableClass: checkReentrantOrder(CountingModel())
    }
  }

  /// `.first` returns `.send(.second)`; an observer of the count sends `.third` while `.first`
  /// is being reduced. Nothing recurses: `.first` completes, then `.third` (buffered first),
  /// then `.second`.
  private func checkReentrantOrder<S: CountingState>(_ initial: S) {
    let store = makeCountingStore(initial)
    withObservationTracking {
      _ = store.state.log
    } onChange: {
      MainActor.assumeIsolated { _ = store.send(.third) }
    }
    store.send(.first)
    #expect(store.state.log == ["first", "third", "second"])
  }
}

// MARK: - Compositions and streams

/// The compositions and the stream the article shows; the root package's `CompositionTests` have
/// the other cases.
@MainActor
@Suite struct CompositionTests {
  @Test func concatRunsChildrenOneAfterAnotherInOrder() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      Effect.concat {
        sleepThenDone("a", after: .milliseconds(100))
        sleepThenDone("b", after: .milliseconds(100))
        sleepThenDone("c", after: .milliseconds(100))
      }
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 100), ("b", 200), ("c", 300)))
  }

  /// The leading sends of a concatenation are reduced before `send` returns, as a `.send` is
  /// (#30); the rest runs in a task, a send after a child included.
  @Test func theLeadingSendsOfAConcatAreReducedBeforeSendReturns() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      Effect.concat {
        Effect.send(.done("a"))
        Effect.none
        Effect.send(.done("b"))
        sleepThenDone("c", after: .milliseconds(100))
        Effect.send(.done("d"))
      }
    }
    let task = store.send(.fire("go"))
    #expect(store.state == stamped(("a", 0), ("b", 0)))
    await clock.advance(by: .milliseconds(100))
    #expect(store.state == stamped(("a", 0), ("b", 0), ("c", 100), ("d", 100)))
    #expect(task.isFinished)
  }

  @Test func cancellingAConcatStopsTheRunningChildAndSkipsTheRest() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("steps")
        : threeSteps().withLifetime(.replaceable("steps"))
    }
    store.send(.fire("go"))
    await clock.advance(by: .milliseconds(150))
    store.send(.stop)
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 100)))
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
  }

  @Test func cancellingTheStoreTaskOfAConcatStopsItToo() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      threeSteps()
    }
    let task = store.send(.fire("go"))
    await clock.advance(by: .milliseconds(150))
    task.cancel()
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 100)))
  }

  @Test func mergeRunsChildrenConcurrently() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      Effect.merge {
        sleepThenDone("300", after: .milliseconds(300))
        sleepThenDone("100", after: .milliseconds(100))
        sleepThenDone("200", after: .milliseconds(200))
      }
    }
    let task = store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    await task.finish()
    #expect(store.state == stamped(("100", 100), ("200", 200), ("300", 300)))
  }

  @Test func aStreamOfASequenceOnTheClockDeliversOneActionPerAdvance() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      if name == "stop" { return .cancel("ticks") }
      return .stream(lifetime: .replaceable("ticks")) {
        EffectContext.ticks(every: .seconds(1)).prefix(5).map { TimelineAction.done("\($0)") }
      }
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("1", 1000)))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("1", 1000), ("2", 2000)))
    store.send(.stop)
    await clock.advance(by: .seconds(10))
    #expect(store.state == stamped(("1", 1000), ("2", 2000)))
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
  }
}

/// Three steps of 100 ms in a row, delivering "a", "b" and "c".
func threeSteps() -> Effect<TimelineAction> {
  Effect.concat {
    sleepThenDone("a", after: .milliseconds(100))
    sleepThenDone("b", after: .milliseconds(100))
    sleepThenDone("c", after: .milliseconds(100))
  }
}

// MARK: - Many actions

/// `EffectContext.ticks(every:)` on a manual clock: ticks on a fixed grid from the start of the
/// iteration, whatever the work between them takes. The root package's `TicksTests` have the
/// other cases.
@MainActor
@Suite struct TicksTests {
  /// Delivers `done("<tick>")` for each tick, after `work` of sleeping on the clock, until the
  /// `count`-th delivery.
  func tickingWithWork(_ work: Duration, count: Int) -> Effect<TimelineAction> {
    .run(lifetime: .replaceable("ticks")) { send in
      var delivered = 0
      for await tick in EffectContext.ticks(every: .seconds(1)) {
        try await EffectContext.clock.sleep(for: work)
        send(.done("\(tick)"))
        delivered += 1
        if delivered == count { return }
      }
    }
  }

  /// The work of 300 ms per tick does not move the next tick; with `sleep(for:)` in a loop the
  /// ticks would drift to 1.3, 2.6 and 3.9 seconds.
  @Test func workBetweenTicksDoesNotShiftThem() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      tickingWithWork(.milliseconds(300), count: 3)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("1", 1300), ("2", 2300), ("3", 3300)))
  }

  /// Work of 2.5 s per one-second tick: the consumer gets the last tick that is due at once,
  /// never a burst of the ones it missed.
  @Test func aConsumerThatFallsBehindGetsTheLastDueTickAndSkipsTheRest() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      tickingWithWork(.milliseconds(2500), count: 3)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(10))
    #expect(store.state == stamped(("1", 3500), ("3", 6000), ("6", 8500)))
  }

  @Test func cancellingTheEffectEndsTheTicks() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop" ? .cancel("ticks") : tickingWithWork(.zero, count: 100)
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(2))
    store.send(.stop)
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("1", 1000), ("2", 2000)))
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
  }
}

// MARK: - Timers and lifetimes

enum LoadAction: Sendable, Equatable {
  case load(Int)
  case loaded(Int)
  case start
  case tick
  case stop
}

@MainActor
@Suite struct LifetimeTests {
  @Test func aReplaceableEffectStartedTwiceDeliversOnlyTheSecondResult() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce<[Int], LoadAction> { state, action in
        switch action {
        case .load(let value):
          return .run(lifetime: .replaceable("load")) {
            try await EffectContext.clock.sleep(for: .seconds(1))
            return .loaded(value)
          }
        case .loaded(let value):
          state.append(value)
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    store.send(.load(1))
    await clock.advance(by: .milliseconds(500))
    store.send(.load(2))
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [2])
  }

  @Test func aReleasedStoreIsDeinitializedAndCancelsItsStoreBoundEffects() async {
    let clock = ManualClock()
    let cancelled = Counter()
    var store: ReducerStore<Int, LoadAction>? = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { _, action in
        guard action == .start else { return .none }
        return .run {
          do {
            try await EffectContext.clock.sleep(for: .seconds(10))
          } catch {
            cancelled.increment()
            throw error
          }
          return .tick
        }
      },
      clock: clock)
    weak let weakStore = store
    store?.send(.start)
    await clock.advance(by: .zero)  // the effect is now asleep on the clock
    #expect(cancelled.value == 0)
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .zero)  // let the cancelled effect observe its cancellation
    #expect(cancelled.value == 1)
  }

  @Test func aDetachedEffectOutlivesItsStoreAndItsLaterActionsAreDropped() async {
    let clock = ManualClock()
    let ticksSent = Counter()
    var store: ReducerStore<Int, LoadAction>? = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return .run(lifetime: .detached) { send in
            for _ in 0..<3 {
              try await EffectContext.clock.sleep(for: .seconds(1))
              send(.tick)
              ticksSent.increment()
            }
          }
        case .tick:
          state += 1
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    weak let weakStore = store
    store?.send(.start)
    await clock.advance(by: .seconds(1))
    #expect(store?.state == 1)
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .seconds(2))
    #expect(ticksSent.value == 3)
  }

  @Test func cancelStopsTheEffectUnderAKeyAndAnUnknownKeyIsIgnored() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return everySecond(.tick, lifetime: .replaceable("timer"))
        case .tick:
          state += 1
          return .none
        case .stop:
          return Effect.cancel("timer").merge(.cancel("nothing runs under this key"))
        default:
          return .none
        }
      },
      clock: clock)
    store.send(.start)
    await clock.advance(by: .seconds(3))
    #expect(store.state == 3)
    store.send(.stop)
    await clock.advance(by: .seconds(3))
    #expect(store.state == 3)
  }

  @Test func cancellingAStoreTaskCancelsTheEffectsItTracks() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return everySecond(.tick)
        case .tick:
          state += 1
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    let task = store.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(store.state == 2)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state == 2)
  }
}

// MARK: - Transforming actions

// The "Composing Features" shape users know from NanoRedux: an app reducer that embeds child
// reducers, one of them injectable, on parts of an `@Observable` class state.

enum TodoFeature {
  struct State: Equatable {
    var items: [String] = []
  }

  enum Action: Sendable, Equatable {
    case add(String)
    case addDefault
  }

  struct Dependencies: Sendable {
    let defaultItem: @Sendable () async -> String
  }

  struct Reducer: Reductor.InjectableReducer {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let item):
        state.items.append(item)
        return .none
      case .addDefault:
        let defaultItem = dependencies.defaultItem
        return .run { .add(await defaultItem()) }
      }
    }
  }
}

enum SettingsFeature {
  struct State: Equatable {
    var darkMode = false
    var savedCount = 0
  }

  enum Action: Sendable {
    case toggle
    case saved
  }

  struct Reducer: Reductor.Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggle:
        state.darkMode.toggle()
        return .run { .saved }  // the work runs; the parent's mapNone drops `.saved`
      case .saved:
        state.savedCount += 1
        return .none
      }
    }
  }
}

enum AppFeature {
  @Observable
  final class State {
    var todo = TodoFeature.State()
    var settings = SettingsFeature.State()
  }

  enum Action: Sendable {
    case todo(TodoFeature.Action)
    case settings(SettingsFeature.Action)
  }

  struct Dependencies: Sendable {
    let todo: TodoFeature.Dependencies
  }

  struct Reducer: Reductor.InjectableReducer {
    let dependencies: Dependencies
    private let todoReducer: TodoFeature.Reducer
    private let settingsReducer = SettingsFeature.Reducer()

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
      todoReducer = TodoFeature.Reducer(dependencies: dependencies.todo)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .todo(let childAction):
        return todoReducer(into: &state.todo, action: childAction).map { Action.todo($0) }
      case .settings(let childAction):
        return settingsReducer(into: &state.settings, action: childAction).mapNone()
      }
    }
  }
}

@MainActor
@Suite struct ReducerCompositionTests {
  @Test func aParentEmbedsChildReducersAndMapsTheirEffects() async {
    let store = ReducerStore(
      initialState: AppFeature.State(),
      reducer: AppFeature.Reducer(
        dependencies: .init(todo: .init(defaultItem: { "milk" }))))
    let todo = store.scope(state: \.todo, action: AppFeature.Action.todo)
    todo.send(.add("eggs"))
    await todo.send(.addDefault).finish()
    #expect(store.state.todo.items == ["eggs", "milk"])
    await store.send(.settings(.toggle)).finish()
    #expect(store.state.settings == SettingsFeature.State(darkMode: true, savedCount: 0))
  }
}

// MARK: - Running an effect without a store, and errors

struct LoadFailed: Error, Equatable {}

enum FetchAction: Sendable, Equatable {
  case fetch
  case fetchCaught
  case fetchCancelled
  case fetched(Int)
  case failed(String)
  case whichClock
  case clockWasTheStores(Bool)
  case escapeSend
  case fetchSendingFromTheHandler
  case fetchCancelledWithAHandler
}

@MainActor
@Suite struct EffectTests {
  /// The `Send` that `escapeSend`'s operation keeps after it returns.
  private let escaped = Locked<Send<FetchAction>?>(nil)

  private func makeStore(
    clock: ManualClock = ManualClock()
  ) -> (ReducerStore<[FetchAction], FetchAction>, Locked<[StoreDiagnostic]>) {
    let escaped = escaped
    let store = ReducerStore(
      initialState: [FetchAction](),
      reducer: Reduce<[FetchAction], FetchAction> { state, action in
        switch action {
        case .fetch:
          return .run { throw LoadFailed() }
        case .fetchCaught:
          return .run {
            throw LoadFailed()
          } catch: { error in
            .failed("\(error)")
          }
        case .fetchCancelled:
          return .run {
            throw CancellationError()
          } catch: { _ in
            .failed("not expected")
          }
        case .whichClock:
          return .run { .clockWasTheStores(EffectContext.clock as? ManualClock === clock) }
        case .escapeSend:
          return .run { send in escaped.withLock { $0 = send } }
        case .fetchSendingFromTheHandler:
          return .run { send in
            send(.fetched(1))
            throw LoadFailed()
          } catch: { error, send in
            send(.failed("\(error)"))
            send(.fetched(2))
          }
        case .fetchCancelledWithAHandler:
          return .run { _ in
            throw CancellationError()
          } catch: { _, send in
            send(.failed("not expected"))
          }
        case .fetched, .failed, .clockWasTheStores:
          state.append(action)
          return .none
        }
      },
      clock: clock)
    let diagnostics = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    return (store, diagnostics)
  }

  @Test func anErrorWithoutACatchHandlerIsReportedAndDeliversNothing() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetch).finish()
    #expect(store.state == [])
    let reported = diagnostics.value
    #expect(reported.count == 1)
    #expect(reported.first?.kind == .effectFailed)
    #expect(reported.first?.error as? LoadFailed == LoadFailed())
    #expect(reported.first?.fileID == "ReductorSnippets/EffectsAndTimeArticleTests.swift")
    #expect(reported.first?.description.contains("threw LoadFailed()") == true)
  }

  @Test func aCatchHandlerMapsTheErrorToAnAction() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCaught).finish()
    #expect(store.state == [.failed("LoadFailed()")])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func aHandlerWithTheSendDeliversSeveralActionsAfterTheOperations() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchSendingFromTheHandler).finish()
    #expect(store.state == [.fetched(1), .failed("LoadFailed()"), .fetched(2)])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func aCancellationDoesNotReachTheHandlerWithTheSend() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCancelledWithAHandler).finish()
    #expect(store.state == [])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func cancellationErrorIsSilent() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCancelled).finish()
    #expect(store.state == [])
    #expect(diagnostics.value.isEmpty)
  }

  /// A `Send` called after its operation returned is reported, with the line of the effect, and
  /// its action dropped (TCA reports the same misuse).
  @Test func aSendAfterTheOperationReturnedIsReportedAndDropped() async throws {
    let (store, diagnostics) = makeStore()
    await store.send(.escapeSend).finish()
    let send = try #require(escaped.value)
    send(.fetched(1))
    await store.send(.whichClock).finish()
    #expect(store.state == [.clockWasTheStores(true)])
    let reported = diagnostics.value
    #expect(reported.map(\.kind) == [.sendAfterEffectFinished])
    #expect(reported.first?.fileID == "ReductorSnippets/EffectsAndTimeArticleTests.swift")
    #expect(
      reported.first?.message == "An effect sent fetched(1) after its operation returned; the "
        + "action was dropped. Send actions before the operation returns: await the work that "
        + "sends them.")
  }

  @Test func effectsSeeTheClockOfTheirStore() async {
    let (store, _) = makeStore()
    await store.send(.whichClock).finish()
    #expect(store.state == [.clockWasTheStores(true)])
  }

  @Test func outsideAnEffectTheContextClockIsContinuous() {
    #expect(EffectContext.clock is ContinuousClock)
  }

  @Test func mapTransformsEveryActionAndMapNoneDropsThem() async {
    let effect = Effect<Int>.concat {
      Effect.send(1)
      Effect.run { 2 }
    }
    #expect(await effect.map { "\($0 * 10)" }.executeForTesting() == "20")
    #expect(await Effect<Int>.send(7).map { $0 * 10 }.executeForTesting() == 70)
    #expect(await Effect<Int>.run { 7 }.map(String.init).executeForTesting() == "7")
    let ran = Counter()
    let silent: Effect<String> = Effect<Int>.run {
      ran.increment()
      return 1
    }.mapNone()
    #expect(await silent.executeForTesting() == nil)
    #expect(ran.value == 1)
  }

  @Test func executeForTestingBypassesTimeAndReturnsTheLastAction() async {
    let effect = Effect<String>.concat {
      Effect.send("first")
      Effect.run { "second" }.debounced(for: .seconds(60), key: "k")
      Effect.run { "third" }.throttled(for: .seconds(60), key: "k")
    }
    #expect(await effect.executeForTesting() == "third")
    #expect(await Effect<String>.none.executeForTesting() == nil)
    #expect(await Effect<String>.cancel("k").executeForTesting() == nil)
  }

  @Test func lifetimesDescribeThemselves() {
    #expect(EffectLifetime.storeBound.description == "storeBound")
    #expect(EffectLifetime.detached.description == "detached")
    #expect(EffectLifetime.replaceable("load").description == #"replaceable("load")"#)
    #expect(EffectLifetime.replaceable("3") != .replaceable(3))
  }
}

// MARK: - Cancellable lifetimes

/// `EffectLifetime.cancellable(_:)` (#31): effects under one key run beside each other, and
/// `.cancel(key)`, a replaceable effect or a debounce with the key cancels them all. The counter
/// of TCA's EffectsBasics: below zero, a decrement brings the count back a second later, unless
/// an increment cancels that.
@MainActor
@Suite struct CancellableLifetimeTests {
  enum Action: Sendable, Equatable {
    case decrement
    case increment
    case delayedIncrement
    /// Brings the count back a second later, replacing what waits under the key.
    case replacingDecrement
    /// Brings the count back once 500 ms pass with no other debounce under the key.
    case debouncedDecrement
  }

  private func makeStore(clock: ManualClock) -> ReducerStore<Int, Action> {
    ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { count, action in
        switch action {
        case .decrement:
          count -= 1
          return count >= 0 ? .none : Self.delayedIncrement(lifetime: .cancellable("delay"))
        case .replacingDecrement:
          count -= 1
          return Self.delayedIncrement(lifetime: .replaceable("delay"))
        case .debouncedDecrement:
          count -= 1
          return Effect.send(.delayedIncrement)
            .debounced(for: .milliseconds(500), key: "delay")
        case .increment:
          count += 1
          return .cancel("delay")
        case .delayedIncrement:
          count += 1
          return .none
        }
      },
      clock: clock)
  }

  private static func delayedIncrement(lifetime: EffectLifetime) -> Effect<Action> {
    .run(lifetime: lifetime) {
      try await EffectContext.clock.sleep(for: .seconds(1))
      return .delayedIncrement
    }
  }

  @Test func twoDecrementsBelowZeroBothComeBack() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    #expect(store.state == -2)
    store.diagnosticHandler = { _ in }  // `finishEffects` reports the effects still in flight
    #expect(await store.finishEffects(timeout: .zero).count == 2)
    await clock.advance(by: .seconds(1))
    #expect(store.state == 0)
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
  }

  @Test func cancellingTheKeyCancelsThemAll() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    store.send(.increment)
    #expect(store.state == -1)
    await clock.advance(by: .zero)
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -1)
  }

  @Test func aReplaceableEffectWithTheKeyCancelsThemAndRuns() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.decrement)
    store.send(.replacingDecrement)
    #expect(store.state == -3)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -2)
  }

  @Test func aDebounceWithTheKeyCancelsThem() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.decrement)
    store.send(.debouncedDecrement)
    await clock.advance(by: .seconds(1))
    #expect(store.state == -1)
  }

  @Test func eachIsInFlightUnderItsKey() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.diagnosticHandler = { _ in }
    store.send(.decrement)
    store.send(.decrement)
    let inFlight = await store.finishEffects(timeout: .milliseconds(20))
    #expect(inFlight.map(\.lifetime) == [.cancellable("delay"), .cancellable("delay")])
    #expect(inFlight.map(\.stage) == [.running, .running])
    #expect("\(EffectLifetime.cancellable("delay"))" == "cancellable(\"delay\")")
  }
}

// MARK: - Throttle

/// The article's first throttle timeline; the root package's `ThrottleTests` have the other cases.
@MainActor
@Suite struct ThrottleTests {
  /// interval 1 s; effects at 0, 300, 900, 1000, 1500 ms: the ones at 0 and 1000 run.
  @Test func throttleRunsTheLeadingEffectAndDropsOthersForTheInterval() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.throttle(for: .seconds(1), key: "save") { Effect.send(.done(name)) }
    }
    let events = [("a", 0), ("b", 300), ("c", 900), ("d", 1000), ("e", 1500)]
    await play(events, on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("d", 1000)))
  }
}

/// `latest: true`: the newest effect dropped during a window runs when the window ends. The root
/// package's `ThrottleLatestTests` have the timeline that checks the windows the store keeps too.
@MainActor
@Suite struct ThrottleLatestTests {
  private func makeStore(clock: ManualClock) -> ReducerStore<[Stamped<String>], TimelineAction> {
    makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("k")
        : Effect.send(.done(name)).throttled(for: .seconds(1), key: "k", latest: true)
    }
  }

  /// TCA's `testThrottleLatest`: 1 runs at once; 2, 3, 4 and 5 are throttled; 5, the latest,
  /// runs when the window ends at 1 s.
  @Test func theLatestDroppedEffectRunsWhenTheWindowEnds() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("1", 0), ("2", 0), ("3", 250), ("4", 500), ("5", 750)], on: clock) {
      store.send(.fire($0))
    }
    #expect(store.state == stamped(("1", 0)))
    await clock.advance(by: .milliseconds(249))
    #expect(store.state == stamped(("1", 0)))
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == stamped(("1", 0), ("5", 1000)))
  }

  /// An effect at the instant a trailing run happens falls into the window that run opened.
  @Test func anEffectAtTheTrailingRunsInstantFallsIntoTheNextWindow() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("a", 0), ("b", 500), ("c", 1000)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("b", 1000), ("c", 2000)))
  }

  @Test func cancelDropsTheTrailingEffect() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    await play([("a", 0), ("b", 500), ("stop", 600), ("c", 700)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("c", 700)))
  }

  /// The send of a trailing effect finishes once it ran, or at once when a newer one replaced
  /// it; cancelling it drops the trailing effect.
  @Test func theStoreTaskOfATrailingEffectTracksItUntilItRuns() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.fire("a"))
    let replaced = store.send(.fire("b"))
    let kept = store.send(.fire("c"))
    #expect(replaced.isFinished)
    #expect(!kept.isFinished)
    await clock.advance(by: .seconds(1))
    #expect(kept.isFinished)
    let cancelled = store.send(.fire("d"))
    cancelled.cancel()
    #expect(cancelled.isFinished)
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 0), ("c", 1000)))
  }

  @Test func aReleasedStoreDropsItsTrailingEffects() async {
    let clock = ManualClock()
    var store: ReducerStore? = makeStore(clock: clock)
    store?.send(.fire("a"))
    let trailing = store?.send(.fire("b"))
    store = nil
    #expect(trailing?.isFinished == true)
    await clock.run()
    #expect(clock.now.offset == .zero)  // the window's timer was cancelled: nothing slept on
  }
}

// MARK: - Debounce

/// The article's first debounce timeline; the root package's `DebounceTests` have the other cases.
@MainActor
@Suite struct DebounceTests {
  /// interval 300 ms; effects at 0, 100, 200 ms; only the one from 200 ms runs, at 500 ms.
  @Test func debounceRunsOnlyTheLatestEffectOnceTheKeyIsQuiet() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.debounce(for: .milliseconds(300), key: "search") { Effect.send(.done(name)) }
    }
    await play([("a", 0), ("b", 100), ("c", 200)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .milliseconds(299))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == stamped(("c", 500)))
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("c", 500)))
  }
}

// MARK: - Queues

/// The article's queue timelines; the root package's `Queue…Tests` have the other cases.
@MainActor
@Suite struct QueueTests {
  /// .newest(2), 1 s each; effects at 0, 100, 200, 300 ms: c and d cancel a and b, and deliver.
  @Test func aNewestQueueCancelsItsOldestEffectOnceItHoldsCount() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .seconds(1)).withLifetime(.queued("uploads", .newest(2)))
    }
    await play([("a", 0), ("b", 100), ("c", 200), ("d", 300)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("c", 1200), ("d", 1300)))
  }

  /// .oldest(2, whenFull: .suspendNew), 1 s each; a, b, c at 0, d at 500 ms: c and d wait, and
  /// start in that order when a and b are done.
  @Test func aSuspendingQueueStartsTheEffectsThatWaitInOrder() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .seconds(1))
        .withLifetime(.queued("uploads", .oldest(2, whenFull: .suspendNew)))
    }
    await play([("a", 0), ("b", 0), ("c", 0), ("d", 500)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("a", 1000), ("b", 1000), ("c", 2000), ("d", 2000)))
  }

  /// .oldest(2, whenFull: .discardNew), 1 s each; a, b, c at 0, d at 500 ms, e at 1000 ms: c and
  /// d are dropped; e finds the places a and b left.
  @Test func aDiscardingQueueDropsWhatArrivesWhenItIsFull() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .seconds(1))
        .withLifetime(.queued("uploads", .oldest(2, whenFull: .discardNew)))
    }
    let events = [("a", 0), ("b", 0), ("c", 0), ("d", 500), ("e", 1000)]
    await play(events, on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("a", 1000), ("b", 1000), ("e", 2000)))
  }

  /// .oldest(2, whenFull: .suspendNew, delay: 1 s), 1.5 s each, all four at 0: the starts are a
  /// second apart, and c and d also wait for a place.
  @Test func aDelaySpacesTheStarts() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .milliseconds(1500))
        .withLifetime(.queued("uploads", .oldest(2, whenFull: .suspendNew, delay: .seconds(1))))
    }
    for name in ["a", "b", "c", "d"] { store.send(.fire(name)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 1500), ("b", 2500), ("c", 3500), ("d", 4500)))
  }

  /// A count below one runs as one, and is reported with the place of the effect.
  @Test func aCountBelowOneIsReported() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .seconds(1)).withLifetime(.queued("uploads", .newest(0)))
    }
    let diagnostics = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    store.send(.fire("a"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 1000)))
    #expect(diagnostics.value.map(\.kind) == [.invalidEffectQueuePolicy])
    #expect(
      diagnostics.value.first?.message
        == #"An effect's queue "uploads" has the policy newest(0): a count of 0 runs no effect; "#
        + "it runs as 1.")
  }
}

// MARK: - Deterministic tests with a manual clock

/// The determinism contract of a store on a manual clock: effects run, and the actions they
/// deliver are reduced, only inside settle points; a settle point returns at quiescence; an
/// advance wakes sleepers one at a time, sleepers registered meanwhile included. Each scenario
/// runs `stressRuns` times (100 in CI, 1,000 in `.ci/stress`), since a broken mechanism shows
/// as a race.
@MainActor
@Suite struct SettleTests {
  enum Action: Sendable, Equatable {
    case unit(Int, last: Int)
    case done(Int)
    case a, b, c
    case start, stop, tick
    case script([Step])
  }

  /// An action the script effect delivers after sleeping until `at` milliseconds.
  struct Step: Sendable, Equatable {
    let action: Action
    let at: Int
  }

  /// A unit sleeps one second on the store's clock, then starts the next unit, until the last.
  private static func unit(_ n: Int, last: Int) -> Effect<Action> {
    .run {
      try await EffectContext.clock.sleep(for: .seconds(1))
      return n < last ? .unit(n + 1, last: last) : .done(n)
    }
  }

  private func makeChainStore(clock: ManualClock) -> ReducerStore<[Stamped<Int>], Action> {
    ReducerStore(
      initialState: [],
      reducer: Reduce<[Stamped<Int>], Action> { state, action in
        switch action {
        case .unit(let n, let last):
          return Self.unit(n, last: last)
        case .done(let n):
          state.append(Stamped(value: n, at: clock.now.offset))
          return .none
        default:
          return .none
        }
      },
      clock: clock)
  }

  /// Five one-second units, each started by the action the previous one delivered, all within
  /// one advance of five seconds: the last is done at 5 s.
  @Test(arguments: stressRuns)
  func chainedEffectsAdvanceWithinOneAdvance(run: Int) async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    store.send(.unit(1, last: 5))
    await clock.advance(by: .seconds(5))
    #expect(store.state == [Stamped(value: 5, at: .seconds(5))])
  }

  /// The second unit's sleep starts at 1 s, inside the advance, so it ends at 2 s, not 3 s.
  @Test(arguments: stressRuns)
  func aSleepStartedDuringAnAdvanceStartsAtTheInstantOfTheWakeUp(run: Int) async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    store.send(.unit(1, last: 2))
    await clock.advance(by: .seconds(2))
    #expect(store.state == [Stamped(value: 2, at: .seconds(2))])
    #expect(clock.now.offset == .seconds(2))
  }

  /// `.a` starts an effect that sends `.b`, which starts one that sends `.c`, which starts one
  /// that records that it ran: one settle runs the whole chain.
  @Test(arguments: stressRuns)
  func oneSettleRunsEffectsStartedByEffectDeliveredActions(run: Int) async {
    let clock = ManualClock()
    let ran = Locked(false)
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .a: .run { send in send(.b) }
        case .b: .run { send in send(.c) }
        case .c: .run { _ in ran.withLock { $0 = true } }
        default: .none
        }
      },
      clock: clock)
    store.send(.a)
    await clock.advance()
    #expect(ran.value)
  }

  /// Between settle points nothing moves: an effect that answers at once has not run, and its
  /// answer has not been reduced, however long other threads get.
  @Test(arguments: stressRuns)
  func nothingMovesBetweenSettlePoints(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        return action == .a ? .run { .b } : .none
      },
      clock: clock)
    store.send(.a)
    await Task.detached {}.value  // other threads run; the effect must not
    store.send(.c)
    #expect(store.state == [.a, .c])
    await clock.advance()
    #expect(store.state == [.a, .c, .b])
  }

  /// ReactorKit's stopwatch (`testCancel`): start at 1 s, stop at 5 s, start at 6 s, stop at 9 s,
  /// delivered by a script effect on the clock; the timer ticks every second while started. One
  /// advance plays it all. At 5 s the stop, whose sleep began earlier, wakes before the tick due
  /// then, so that tick never comes.
  @Test(arguments: stressRuns)
  func theStopwatchTicksOnlyWhileStarted(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Stamped(value: 0, at: .zero)],
      reducer: Reduce<[Stamped<Int>], Action> { state, action in
        switch action {
        case .script(let steps):
          return .run { send in
            var elapsed = 0
            for step in steps {
              try await EffectContext.clock.sleep(for: .milliseconds(step.at - elapsed))
              elapsed = step.at
              send(step.action)
            }
          }
        case .start:
          return everySecond(Action.tick, lifetime: .replaceable("timer"))
        case .stop:
          return .cancel("timer")
        case .tick:
          state.append(Stamped(value: state.count, at: clock.now.offset))
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    store.send(
      .script([
        Step(action: .start, at: 1000), Step(action: .stop, at: 5000),
        Step(action: .start, at: 6000), Step(action: .stop, at: 9000),
      ]))
    await clock.advance(by: .seconds(10))
    #expect(
      store.state
        == [0, 2, 3, 4, 7, 8].enumerated().map {
          Stamped(value: $0.offset, at: .seconds($0.element))
        })
  }

  /// Actions are reduced in the order they were delivered, breadth-first: `.b`'s follow-up
  /// `.d` waits behind `.c`, which the same effect delivered before it (TCA reduces `d` first).
  @Test(arguments: stressRuns)
  func deliveredActionsAreReducedBreadthFirst(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [String](),
      reducer: Reduce<[String], Action> { state, action in
        state.append("\(action)")
        switch action {
        case .a:
          return .run { send in
            send(.b)
            send(.c)
          }
        case .b: return .send(.done(4))
        default: return .none
        }
      },
      clock: clock)
    store.send(.a)
    await clock.advance()
    #expect(store.state == ["a", "b", "c", "done(4)"])
  }

  /// Two stores on one clock settle in the order they were made, on every run: the effects their
  /// delivered actions start run in that order.
  @Test(arguments: stressRuns)
  func storesOnOneClockSettleInTheOrderTheyWereMade(run: Int) async {
    let clock = ManualClock()
    let log = Locked<[String]>([])
    func makeStore(_ name: String) -> ReducerStore<Int, Action> {
      ReducerStore(
        initialState: 0,
        reducer: Reduce<Int, Action> { _, action in
          switch action {
          case .a: .run { .b }
          case .b: .run { _ in log.withLock { $0.append(name) } }
          default: .none
          }
        },
        clock: clock)
    }
    let first = makeStore("first")
    let second = makeStore("second")
    second.send(.a)
    first.send(.a)
    await clock.advance()
    #expect(log.value == ["first", "second"])
  }

  /// A finish() for work that leaves the clock's executor settles whenever that work comes back.
  @Test(arguments: stressRuns)
  func finishSettlesWorkThatComesBackFromAnotherExecutor(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        guard action == .a else { return .none }
        return .run { send in
          await Task.detached {}.value
          send(.b)
          await Task.detached {}.value
          send(.c)
        }
      },
      clock: clock)
    await store.send(.a).finish()
    #expect(store.state == [.a, .b, .c])
  }

  /// A finish() waiting for work that sleeps on the clock returns once another task advances.
  @Test func finishWaitsForAnAdvanceWhenTheTrackedWorkSleepsOnTheClock() async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    let task = store.send(.unit(1, last: 2))
    let finished = Task { await task.finish() }
    await clock.advance(by: .seconds(2))
    await finished.value
    #expect(store.state == [Stamped(value: 2, at: .seconds(2))])
  }

  /// An action enqueued from another thread waits for the next settle point, like effects'.
  @Test func anEnqueuedActionIsReducedAtTheNextSettlePoint() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        return .none
      },
      clock: clock)
    await Task.detached { store.enqueue(.b) }.value
    store.send(.a)
    #expect(store.state == [.a])
    await clock.advance()
    #expect(store.state == [.a, .b])
  }
}
