import Reductor
import ReductorReactor
import StressRuns
import Testing

@MainActor
@Suite struct ReactableTests {
  let clock = ManualClock()

  @Test func actionReducesItsJustMutationBeforeItReturns() {
    let reactable = ValueCounterReactable(clock: clock)
    reactable.action(.increase)
    #expect(reactable.currentState.count == 1)
    reactable.action(.increase)
    #expect(reactable.currentState.count == 2)
  }

  @Test func anObservableStateWorksTheSame() {
    let reactable = ObjectCounterReactable(clock: clock)
    reactable.action(.increase)
    reactable.action(.increase)
    #expect(reactable.currentState.count == 2)
  }

  @Test func aConcatenationOfJustMutationsIsReducedAtOnce() {
    let reactable = ValueCounterReactable(clock: clock)
    let task = reactable.action(.increaseTwiceAtOnce)
    #expect(reactable.currentState.count == 2)
    #expect(task.isFinished)
  }

  @Test func mutateRunsOnceEachActionsTurnComesAndReadsThePredecessorsState() {
    let reactable = ValueCounterReactable(clock: clock)
    var counts: [Int] = []
    let observation = reactable.store.observe(\.count) { count in
      counts.append(count)
      // Sent while the store is busy: carried out after this action, before the outer returns.
      if count == 1 { reactable.action(.increase) }
    }
    reactable.action(.increase)
    #expect(counts == [0, 1, 2])
    #expect(reactable.mutateCount == 2)
    observation.cancel()
  }

  /// Repeated: the advance runs in a task of its own, whichever way the two interleave.
  @Test(arguments: stressRuns)
  func asyncActionReturnsTheStateOnceTheActionsRunHasFinished(repetition: Int) async {
    let reactable = ValueCounterReactable(clock: clock)
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    let state = await reactable.asyncAction(.loadData)
    await advancing.value
    #expect(state == CountingValueState(count: 0, isLoading: false, data: "loaded"))
    #expect(clock.now.offset == .seconds(1))
  }

  @Test func aRunDeliversItsMutationsAsItGoes() async {
    let reactable = ValueCounterReactable(clock: clock)
    reactable.action(.loadData)
    await clock.advance(by: .zero)
    #expect(reactable.currentState.isLoading)
    await clock.advance(by: .seconds(1))
    #expect(reactable.currentState == CountingValueState(isLoading: false, data: "loaded"))
  }

  @Test func theCatchHandlerDeliversSeveralMutations() async {
    let reactable = ValueCounterReactable(clock: clock)
    reactable.action(.failToLoad)
    await clock.advance(by: .seconds(1))
    #expect(
      reactable.currentState
        == CountingValueState(isLoading: false, errorMessage: "LoadError()"))
  }

  @Test func cancellingAnActionStopsItsMutations() async {
    let reactable = ValueCounterReactable(clock: clock)
    let task = reactable.action(.loadData)
    await clock.advance(by: .zero)
    task.cancel()
    await clock.advance(by: .seconds(1))
    #expect(reactable.currentState == CountingValueState(isLoading: true))
  }

  @Test func transformActionsTimerSendsAnActionEveryFiveSeconds() async {
    let reactable = ValueCounterReactable(clock: clock, ticksEvery: .seconds(5))
    reactable.initialize()
    var counts: [Int] = []
    for _ in 0..<4 {
      await clock.advance(by: .seconds(5))
      counts.append(reactable.currentState.count)
    }
    #expect(counts == [1, 2, 3, 4])
  }

  @Test func initializingTwiceStartsOneTimer() async {
    let reactable = ValueCounterReactable(clock: clock, ticksEvery: .seconds(5))
    reactable.initialize()
    reactable.initialize()
    await clock.advance(by: .seconds(15))
    #expect(reactable.currentState.count == 3)
  }

  @Test func theTimerOfAReleasedReactableStopsAndItsStateIsFreed() async {
    var reactable: ObjectCounterReactable? = ObjectCounterReactable(
      clock: clock, ticksEvery: .seconds(5))
    weak let released = reactable
    weak let state = reactable?.currentState
    reactable?.initialize()
    await clock.advance(by: .seconds(15))
    #expect(state?.count == 3)
    reactable = nil
    #expect(released == nil)
    // The next tick reaches no reactable: its store is freed, and the timer with it.
    await clock.advance(by: .seconds(5))
    #expect(state == nil)
    #expect(clock.nextDeadline == nil)
  }

  @Test func aReleasedReactablesRunDeliversNothingAndIsCancelled() async {
    var reactable: ObjectCounterReactable? = ObjectCounterReactable(clock: clock)
    weak let released = reactable
    weak let state = reactable?.currentState
    reactable?.action(.loadData)
    await clock.advance(by: .zero)
    #expect(state?.isLoading == true)
    reactable = nil
    #expect(released == nil)
    await clock.advance(by: .seconds(1))
    #expect(state == nil)
  }

  @Test func anActionSentFromMutateComesAfterItsImmediateMutations() {
    let reactable = ChainReactable()
    reactable.action(.chain)
    #expect(reactable.currentState == ChainReactable.State(count: 11))
  }

  @Test func anActionSentFromMutateInABusyStoreComesAfterItsImmediateMutationsToo() {
    let reactable = ChainReactable()
    let observation = reactable.store.observe(\.trigger) { trigger in
      // The store is reducing: `.chain` is carried out in its turn.
      if trigger { reactable.action(.chain) }
    }
    reactable.action(.pull)
    #expect(reactable.currentState == ChainReactable.State(count: 11, trigger: true))
    observation.cancel()
  }

  @Test func anActionEnqueuedWhileMutateRunsIsReducedAfterTheAction() {
    let reactable = ChainReactable()
    reactable.action(.enqueueThenIncrement)
    #expect(reactable.currentState == ChainReactable.State(count: 11))
  }

  @Test func emitDeliversEveryAssignmentOfAnEmitField() async {
    let reactable = TitleReactable()
    var titles = reactable.emit(\.$title).makeAsyncIterator()
    reactable.action("Hello")
    reactable.action("Hello")
    reactable.action("World")
    #expect(await titles.next() == "Hello")
    #expect(await titles.next() == "Hello")
    #expect(await titles.next() == "World")
  }

  @Test func anEffectThatThrowsWithoutAHandlerIsReported() async {
    let reactable = ThrowingReactable(clock: clock)
    let reported = Locked<[String]>([])
    reactable.diagnosticHandler = { diagnostic in
      reported.withLock { $0.append(diagnostic.message) }
    }
    await reactable.asyncAction(.go)
    #expect(reported.value.count == 1)
    #expect(reported.value.first?.contains("Boom()") == true)
    #expect(reactable.currentState == 1)
  }
}

@MainActor
private final class ThrowingReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case go }
  struct Boom: Error {}

  let clock: any Clock<Duration>
  let initialState = 0

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Int> {
    .run { send in
      send(1)
      throw Boom()
    }
  }

  func reduce(state: inout Int, mutation: Int) {
    state = mutation
  }
}

@MainActor
private final class TitleReactable: Reactable {
  let reactorStorage = ReactorStorage()
  struct State {
    @Emit var title = ""
  }

  let initialState = State()

  func mutate(action: String) -> Effect<String> {
    .just(action)
  }

  func reduce(state: inout State, mutation: String) {
    state.title = mutation
  }
}

/// Actions whose `mutate` sends or enqueues another action.
@MainActor
private final class ChainReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case chain
    case add(Int)
    case pull
    case enqueueThenIncrement
  }

  enum Mutation: Sendable {
    case setCount(Int)
    case pull
  }

  struct State: Equatable {
    var count = 0
    var trigger = false
  }

  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .chain:
      // Read before the action it sends, which comes after this action's mutation.
      let count = currentState.count
      self.action(.add(10))
      return .just(.setCount(count + 1))
    case .add(let amount):
      return .just(.setCount(currentState.count + amount))
    case .pull:
      return .just(.pull)
    case .enqueueThenIncrement:
      store.enqueue(.add(10))
      return .just(.setCount(currentState.count + 1))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCount(let count): state.count = count
    case .pull: state.trigger = true
    }
  }
}
