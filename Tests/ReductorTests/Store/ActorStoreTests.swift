import StressRuns
import Testing

@testable import Reductor

/// A count, the values its effects delivered, and how many reductions ran on the actor that
/// owns the store (the reducer checks).
struct TallyState: Equatable, Sendable {
  var count = 0
  var delivered: [Int] = []
}

enum TallyAction: Sendable, Equatable {
  case add(Int)
  /// Delivers `.got(1)` … `.got(n)` from a `.run` effect.
  case load(Int)
  /// Sleeps `seconds` on the store's clock in a replaceable effect, then delivers `.got(value)`.
  case delayed(value: Int, seconds: Int)
  /// Awaits the actor's `double(_:)` from an effect, then delivers its result.
  case callBack(Int)
  /// Sleeps on the store's clock until cancelled.
  case forever
  case got(Int)
}

/// A reducer that calls `onReduce` before each reduction, so that a test checks where it runs.
struct Tally: Reducer {
  let onReduce: @Sendable () -> Void
  var callBack: (@Sendable (Int) async -> Int)? = nil

  func reduce(into state: inout TallyState, action: TallyAction) -> Effect<TallyAction> {
    onReduce()
    switch action {
    case .add(let amount):
      state.count += amount
      return .none
    case .load(let count):
      return .run { send in
        for value in 1...count { send(.got(value)) }
      }
    case .delayed(let value, let seconds):
      return .run(lifetime: .replaceable("delayed")) {
        try await EffectContext.clock.sleep(for: .seconds(seconds))
        return .got(value)
      }
    case .callBack(let value):
      let callBack = callBack
      return .run { send in
        if let callBack { send(.got(await callBack(value))) }
      }
    case .forever:
      return .run { _ in
        try await EffectContext.clock.sleep(for: .seconds(1_000_000))
      }
    case .got(let value):
      state.delivered.append(value)
      state.count += value
      return .none
    }
  }
}

/// An actor of the program's own that keeps a store and counts the reductions that ran on it.
actor TallyKeeper {
  private let store: ActorStore<TallyState, TallyAction>
  /// Adds actions to the store from any thread.
  nonisolated let enqueuer: ActionEnqueuer<TallyAction>
  private(set) var reductionsOnActor = 0

  init(clock: any Clock<Duration> = ContinuousClock()) {
    let checks = Checks()
    store = ActorStore(
      initialState: TallyState(),
      reducer: Tally(
        onReduce: { checks.run() },
        callBack: { [checks] value in await checks.keeper?.double(value) ?? 0 }),
      clock: clock)
    enqueuer = store.enqueuer
    checks.keeper = self
  }

  /// Holds the keeper weakly, for the reducer's check: a reduction off the keeper's actor traps.
  private final class Checks: @unchecked Sendable {
    weak var keeper: TallyKeeper?
    func run() { keeper?.assumeIsolated { $0.reductionsOnActor += 1 } }
  }

  var state: TallyState { store.state }

  /// The states the store reduces, from now on.
  var states: StateStream<TallyState> { store.states }

  @discardableResult
  func send(_ action: TallyAction) -> StoreTask {
    store.send(action)
  }

  func sendAndFinish(_ action: TallyAction) async {
    await store.send(action).finish()
  }

  func double(_ value: Int) -> Int {
    2 * value
  }

  func finishEffects(timeout: Duration) async -> [InFlightEffect] {
    await store.finishEffects(timeout: timeout)
  }
}

@Suite struct ActorStoreTests {
  @Test func aSendOnTheOwningActorIsReducedBeforeItReturns() async {
    let counter = TallyKeeper()
    await counter.send(.add(2))
    await counter.send(.add(3))
    #expect(await counter.state.count == 5)
    #expect(await counter.reductionsOnActor == 2)
  }

  @Test func effectsDeliverBackOntoTheOwningActorInOrder() async {
    let counter = TallyKeeper()
    await counter.sendAndFinish(.load(5))
    #expect(await counter.state.delivered == [1, 2, 3, 4, 5])
    // .load and its five deliveries, each reduced on the counter.
    #expect(await counter.reductionsOnActor == 6)
  }

  @Test func finishFromOutsideTheActorWaitsForTheDeliveredActions() async {
    let counter = TallyKeeper()
    let task = await counter.send(.load(3))
    await task.finish()
    #expect(await counter.state.delivered == [1, 2, 3])
    #expect(await counter.reductionsOnActor == 4)
  }

  @Test func anEffectThatCallsBackIntoItsOwnActorDelivers() async {
    let counter = TallyKeeper()
    await counter.sendAndFinish(.callBack(21))
    #expect(await counter.state.delivered == [42])
  }

  @Test(arguments: stressRuns)
  func stressSendsFromManyTasksAreAllReducedOnTheActor(run: Int) async {
    let counter = TallyKeeper()
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<4 {
        group.addTask {
          for _ in 0..<250 { await counter.send(.add(1)) }
        }
      }
    }
    #expect(await counter.state.count == 1_000)
    #expect(await counter.reductionsOnActor == 1_000)
  }

  @Test(arguments: stressRuns)
  func stressEnqueuedActionsFromManyThreadsAreReducedInEachProducersOrder(run: Int) async {
    let counter = TallyKeeper()
    let enqueuer = counter.enqueuer
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<4 {
        group.addTask {
          for index in 0..<250 { enqueuer.enqueue(.got(producer * 1_000 + index)) }
        }
      }
    }
    // A send reduces the actions delivered before it first.
    await counter.send(.add(0))
    let delivered = await counter.state.delivered
    #expect(delivered.count == 1_000)
    for producer in 0..<4 {
      let own = delivered.filter { $0 / 1_000 == producer }
      #expect(own == (0..<250).map { producer * 1_000 + $0 })
    }
    #expect(await counter.reductionsOnActor == 1_001)
  }

  @Test(arguments: stressRuns)
  func stressEffectsOfStoresOnTwoActorsDeliverEachToItsOwn(run: Int) async {
    let first = TallyKeeper()
    let second = TallyKeeper()
    async let one: Void = first.sendAndFinish(.load(50))
    async let two: Void = second.sendAndFinish(.load(30))
    _ = await (one, two)
    #expect(await first.state.delivered == Array(1...50))
    #expect(await second.state.delivered == Array(1...30))
    #expect(await first.reductionsOnActor == 51)
    #expect(await second.reductionsOnActor == 31)
  }

  @Test func finishEffectsWaitsForTheEffectsOfEverySend() async {
    let counter = TallyKeeper()
    await counter.send(.load(4))
    await counter.send(.load(2))
    #expect(await counter.finishEffects(timeout: .seconds(60)).isEmpty)
    #expect(await counter.state.count == 1 + 2 + 3 + 4 + 1 + 2)
  }

  /// Actions enqueued from other threads before the actor first used the store wait for it;
  /// from its first use on, what their effects deliver is reduced on the actor as it arrives,
  /// with no send or wait there to reduce it. (It once waited for the next send: the inbox
  /// counted the drain of the early actions as scheduled, which no owner could run.)
  @Test(.timeLimit(.minutes(1)), arguments: stressRuns)
  func stressEffectsOfActionsEnqueuedBeforeTheFirstUseDeliverOnArrival(run: Int) async {
    let counter = TallyKeeper()
    await onThreads(2) { _ in counter.enqueuer.enqueue(.load(3)) }
    let states = await counter.states
    await counter.send(.add(0))
    for await state in states where state.delivered.count == 6 { break }
    // The two effects run at once, on other threads: their deliveries interleave.
    #expect(await counter.state.delivered.sorted() == [1, 1, 2, 2, 3, 3])
  }
}

/// Actor stores on a manual clock: an advance returns once what it woke has been reduced on
/// each store's actor.
@MainActor
@Suite struct ActorStoreManualClockTests {
  @Test func anAdvanceReducesWhatItWokeOnTheOwningActor() async {
    let clock = ManualClock()
    let counter = TallyKeeper(clock: clock)
    await counter.send(.delayed(value: 7, seconds: 2))
    await clock.advance(by: .seconds(1))
    #expect(await counter.state.delivered == [])
    await clock.advance(by: .seconds(1))
    #expect(await counter.state.delivered == [7])
    #expect(await counter.reductionsOnActor == 2)
  }

  @Test func aReplacedEffectsResultIsNeverReduced() async {
    let clock = ManualClock()
    let counter = TallyKeeper(clock: clock)
    await counter.send(.delayed(value: 1, seconds: 2))
    await clock.advance(by: .seconds(1))
    await counter.send(.delayed(value: 2, seconds: 2))
    await clock.advance(by: .seconds(5))
    #expect(await counter.state.delivered == [2])
  }

  @Test func storesOnSeveralActorsSettleInOneAdvance() async {
    let clock = ManualClock()
    let keepers = [TallyKeeper(clock: clock), TallyKeeper(clock: clock), TallyKeeper(clock: clock)]
    for (index, counter) in keepers.enumerated() {
      await counter.send(.delayed(value: index + 1, seconds: index + 1))
    }
    await clock.advance(by: .seconds(3))
    for (index, counter) in keepers.enumerated() {
      #expect(await counter.state.delivered == [index + 1])
    }
  }

  /// Sent through the clock, the call to the actor runs within a settle point, so the actor is
  /// free when the effect calls it back, and the effect stays on the clock.
  @Test(arguments: stressRuns)
  func stressAnEffectThatCallsBackIntoItsActorSettles(run: Int) async {
    let clock = ManualClock()
    let counter = TallyKeeper(clock: clock)
    await clock.settle { _ = await counter.send(.callBack(5)) }
    await clock.advance()
    #expect(await counter.state.delivered == [10])
  }

  /// A wait for the send's work settles until it is done, wherever the actor ran the call.
  @Test(arguments: stressRuns)
  func stressFinishingASendWhoseEffectCallsBackIntoItsActor(run: Int) async {
    let clock = ManualClock()
    let counter = TallyKeeper(clock: clock)
    await counter.send(.callBack(5)).finish()
    #expect(await counter.state.delivered == [10])
  }

  @Test func finishOnTheOwningActorSettlesTheClock() async {
    let clock = ManualClock()
    let counter = TallyKeeper(clock: clock)
    await counter.sendAndFinish(.load(3))
    #expect(await counter.state.delivered == [1, 2, 3])
  }

  @Test func aReleasedStoreCancelsItsEffects() async {
    let clock = ManualClock()
    var counter: TallyKeeper? = TallyKeeper(clock: clock)
    await counter?.send(.forever)
    await clock.advance()
    #expect(clock.nextDeadline != nil)
    counter = nil
    await clock.advance()
    #expect(clock.nextDeadline == nil)
  }
}

@Suite struct ReducerActorTests {
  @Test func anAwaitedSendIsReducedBeforeItReturns() async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    await room.send(.add(4))
    #expect(await room.state.count == 4)
  }

  @Test func theEffectsOfAnAwaitedSendAreReducedOnTheActor() async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    await room.send(.load(3)).finish()
    #expect(await room.state.delivered == [1, 2, 3])
  }

  @Test func anEnqueuedActionIsReducedBeforeTheNextSend() async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    room.enqueue(.got(5))
    await room.send(.add(1))
    #expect(await room.state == TallyState(count: 6, delivered: [5]))
  }

  @Test func finishEffectsReportsWhatIsStillInFlight() async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    let diagnostics = Locked<[StoreDiagnostic.Kind]>([])
    await room.setDiagnosticHandler { diagnostic in
      diagnostics.withLock { $0.append(diagnostic.kind) }
    }
    let task = await room.send(.forever)
    let inFlight = await room.finishEffects(timeout: .milliseconds(1))
    #expect(inFlight.count == 1)
    #expect(diagnostics.value == [.effectsStillInFlight])
    task.cancel()
  }
}
