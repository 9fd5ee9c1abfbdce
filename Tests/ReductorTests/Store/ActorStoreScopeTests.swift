import StressRuns
import Testing

@testable import Reductor

/// A house whose tally is a child feature, for the stores scoped from an actor's store.
struct HouseState: Equatable, Sendable {
  var name = "house"
  var tally = TallyState()
}

enum HouseAction: Sendable, Equatable {
  case rename(String)
  case tally(TallyAction)
}

struct House: Reducer {
  let tally: Tally

  func reduce(into state: inout HouseState, action: HouseAction) -> Effect<HouseAction> {
    switch action {
    case .rename(let name):
      state.name = name
      return .none
    case .tally(let action):
      return tally.reduce(into: &state.tally, action: action).map(HouseAction.tally)
    }
  }
}

/// An actor of the program's own that keeps a house's store and a store scoped to its tally,
/// and counts the reductions that ran on it.
actor HouseKeeper {
  private let store: ActorStore<HouseState, HouseAction>
  private let tally: ActorStore<TallyState, TallyAction>
  /// Adds the tally's actions to the house's store from any thread.
  nonisolated let tallyEnqueuer: ActionEnqueuer<TallyAction>
  private(set) var reductionsOnActor = 0
  private let checks = Checks()
  /// The counts the observation saw.
  private let observed = CountLog()
  private var observation: ObservationToken?

  init(clock: any Clock<Duration> = ContinuousClock()) {
    let checks = checks
    store = ActorStore(
      initialState: HouseState(),
      reducer: House(tally: Tally(onReduce: { checks.run() })), clock: clock)
    tally = store.scope(state: \.tally, action: HouseAction.tally)
    tallyEnqueuer = tally.enqueuer
    checks.keeper = self
  }

  /// Holds the keeper weakly, for the reducer's check: a reduction off the keeper's actor traps.
  private final class Checks: @unchecked Sendable {
    weak var keeper: HouseKeeper?
    func run() { keeper?.assumeIsolated { $0.reductionsOnActor += 1 } }
    func checkOnActor() { keeper?.assumeIsolated { _ in } }
  }

  private final class CountLog {
    var counts: [Int] = []
  }

  var observedCounts: [Int] { observed.counts }

  var state: HouseState { store.state }
  var tallyState: TallyState { tally.state }

  @discardableResult
  func sendToTally(_ action: TallyAction) -> StoreTask {
    tally.send(action)
  }

  func rename(_ name: String) {
    store.send(.rename(name))
  }

  /// Sends through a store scoped from the scoped tally: the count alone.
  func addThroughTheCount(_ amount: Int) -> Int {
    let count = tally.scope(state: \.count, action: { (amount: Int) in TallyAction.add(amount) })
    count.send(amount)
    return count.state
  }

  func observeCount() {
    observation = tally.observe(\.count) { [checks, observed] count in
      checks.checkOnActor()
      observed.counts.append(count)
    }
  }

  func stopObserving() {
    observation?.cancel()
  }

  var tallyCounts: StateStream<Int> {
    tally.values(of: \.count)
  }

  func finishTallyEffects() async -> [InFlightEffect] {
    await tally.finishEffects(timeout: .seconds(60))
  }
}

@Suite struct ActorStoreScopeTests {
  @Test func aScopedStoreReadsItsSliceAndSendsThroughTheRoot() async {
    let house = HouseKeeper()
    await house.sendToTally(.add(2))
    #expect(await house.tallyState.count == 2)
    await house.rename("cabin")
    #expect(await house.state == HouseState(name: "cabin", tally: TallyState(count: 2)))
    #expect(await house.reductionsOnActor == 1)
  }

  @Test func aStoreScopedFromAScopedStoreSendsThroughBothLevels() async {
    let house = HouseKeeper()
    #expect(await house.addThroughTheCount(3) == 3)
    #expect(await house.addThroughTheCount(4) == 7)
    #expect(await house.state.tally.count == 7)
  }

  /// The scoped store's first send makes the caller's actor own the root: the effects' actions
  /// are reduced there.
  @Test func aScopedStoresEffectsDeliverOntoTheOwningActor() async {
    let house = HouseKeeper()
    await house.sendToTally(.load(3)).finish()
    #expect(await house.tallyState.delivered == [1, 2, 3])
    #expect(await house.reductionsOnActor == 4)
  }

  @Test func aScopedStoresEnqueuerEmbedsItsActions() async {
    let house = HouseKeeper()
    let enqueuer = house.tallyEnqueuer
    await Task.detached { enqueuer.enqueue(.got(5)) }.value
    await house.sendToTally(.add(1))
    #expect(await house.tallyState == TallyState(count: 6, delivered: [5]))
  }

  @Test func finishEffectsOfAScopedStoreWaitsForTheRootsEffects() async {
    let house = HouseKeeper()
    await house.sendToTally(.load(4))
    #expect(await house.finishTallyEffects().isEmpty)
    #expect(await house.tallyState.delivered == [1, 2, 3, 4])
  }

  @Test func anAdvanceReducesWhatAScopedStoresEffectDelivered() async {
    let clock = ManualClock()
    let house = HouseKeeper(clock: clock)
    await house.sendToTally(.delayed(value: 9, seconds: 1))
    await clock.advance(by: .seconds(1))
    #expect(await house.tallyState.delivered == [9])
  }
}

@Suite struct ActorStoreObservingTests {
  @Test func anObservationIsCalledOnTheActorWithEachChange() async {
    let house = HouseKeeper()
    await house.observeCount()
    await house.sendToTally(.add(2))
    await house.rename("cabin")  // the count does not change
    await house.sendToTally(.load(2)).finish()
    await house.stopObserving()
    await house.sendToTally(.add(10))
    #expect(await house.observedCounts == [0, 2, 3, 5])
  }

  @Test func aScopedStoresValuesReachAnotherTask() async {
    let house = HouseKeeper()
    let counts = await house.tallyCounts
    await house.sendToTally(.add(1))
    await house.rename("cabin")
    await house.sendToTally(.add(2))
    var seen: [Int] = []
    for await count in counts {
      seen.append(count)
      if seen.count == 3 { break }
    }
    #expect(seen == [0, 1, 3])
  }

  @Test func aReducerActorsStatesReachAnotherTask() async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    let states = await room.states
    await room.send(.add(1))
    await room.send(.load(2)).finish()
    var counts: [Int] = []
    for await state in states {
      counts.append(state.count)
      if counts.count == 5 { break }
    }
    // Every reduction: the initial state, .add, .load, and its two deliveries.
    #expect(counts == [0, 1, 1, 2, 4])
  }

  /// The consumer waits on another task while the actor reduces: each job's states wake it.
  @Test(arguments: stressRuns)
  func stressAConsumerWaitingOnAnotherTaskSeesEveryState(run: Int) async {
    let room = ReducerActor(initialState: TallyState(), reducer: Tally(onReduce: {}))
    let states = await room.states
    let consumer = Task {
      var counts: [Int] = []
      for await state in states {
        counts.append(state.count)
        if state.count == 100 { break }
      }
      return counts
    }
    for _ in 0..<100 { await room.send(.add(1)) }
    #expect(await consumer.value == Array(0...100))
  }

  /// Made, sent to and released on a test actor: the stream yields what was reduced, then ends.
  @Test func releasingTheRootEndsItsStreams() async {
    let states = await StreamMaker().statesOfAStoreReleasedAfterTwoSends()
    var counts: [Int] = []
    for await state in states { counts.append(state.count) }
    #expect(counts == [0, 1, 3])
  }

  /// The stream keeps the scoped store it was made from, which keeps the root.
  @Test func aScopedStoresStreamKeepsItAlive() async {
    let maker = StreamMaker()
    let counts = await maker.countsOfAScopedStoreNobodyElseHolds()
    await maker.sendToTheRootKeptByTheStream(.add(4))
    var seen: [Int] = []
    for await count in counts {
      seen.append(count)
      if seen.count == 2 { break }
    }
    #expect(seen == [0, 4])
  }
}

/// Makes streams of stores that only the streams, or nothing, hold.
actor StreamMaker {
  private weak var root: ActorStore<HouseState, HouseAction>?

  func statesOfAStoreReleasedAfterTwoSends() -> StateStream<TallyState> {
    let store = ActorStore(initialState: TallyState(), reducer: Tally(onReduce: {}))
    let states = store.states
    store.send(.add(1))
    store.send(.add(2))
    return states
  }

  func countsOfAScopedStoreNobodyElseHolds() -> StateStream<Int> {
    let root = ActorStore(
      initialState: HouseState(), reducer: House(tally: Tally(onReduce: {})))
    self.root = root
    return root.scope(state: \.tally.count, action: HouseAction.tally).values(of: \.self)
  }

  func sendToTheRootKeptByTheStream(_ action: TallyAction) {
    root?.send(.tally(action))
  }
}
