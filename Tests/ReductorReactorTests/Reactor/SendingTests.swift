import Reductor
import ReductorReactor
import StressRuns
import Testing

@MainActor
@Suite struct SendingTests {
  let clock = ManualClock()

  @Test(arguments: StateKind.allCases)
  func sendReducesBeforeItReturns(kind: StateKind) {
    let model = kind.makeCounter(clock: clock)
    #expect(model.count == 9)
    _ = model.send(action: .addOne) as StoreTask
    #expect(model.count == 10)
  }

  /// GoodReactor's `initialState`: what `makeInitialState()` returned, also through
  /// `AnyReactor`. A struct state keeps it; a class state is one object, changed since.
  @Test func initialStateIsTheStateTheReactorStartedWith() {
    let viewModel = CounterViewModel<CounterValueState>(clock: clock)
    viewModel.send(action: .addOne)
    #expect(viewModel.initialState.count == 9)
    #expect(viewModel.eraseToAnyReactor().initialState.count == 9)
    let objectModel = CounterViewModel<CounterObjectState>(clock: clock)
    objectModel.send(action: .addOne)
    #expect(objectModel.initialState === objectModel.state)
  }

  @Test(arguments: StateKind.allCases)
  func runDeliversItsMutationOnceItsSleepEnds(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    let task: StoreTask = model.send(action: .resetLater)
    #expect(model.count == 9)
    await clock.advance(by: .milliseconds(999))
    #expect(model.count == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.count == 0)
    #expect(task.isFinished)
  }

  /// Repeated: the advance runs in a task of its own, whichever way the two interleave.
  @Test(arguments: StateKind.allCases, stressRuns)
  func awaitingSendReturnsWhenItsRunHasBeenReduced(kind: StateKind, repetition: Int) async {
    let model = kind.makeCounter(clock: clock)
    // It can only run once the send below waits: the send has reduced and started its run.
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    await model.send(action: .resetLater)
    await advancing.value
    #expect(model.count == 0)
    #expect(clock.now.offset == .seconds(1))
  }

  @Test(arguments: StateKind.allCases)
  func concurrentRunsAllDeliver(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    for _ in 0..<5 { _ = model.send(action: .addOneLater) as StoreTask }
    await clock.advance(by: .milliseconds(999))
    #expect(model.count == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.count == 14)
  }

  @Test(arguments: StateKind.allCases)
  func awaitingSendWaitsForTheRunsItsMutationsStart(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    await model.send(action: .fanOut)
    #expect(model.count == 209)
  }

  @Test(arguments: StateKind.allCases)
  func destinationIsSetAfterItsEventIsReduced(kind: StateKind) {
    let model = kind.makeCounter(clock: clock)
    model.send(destination: .detail(3))
    #expect(model.destination == .detail(3))
    model.send(destination: nil)
    #expect(model.destination == nil)
    #expect(model.log == ["destination detail(3), was nil", "destination nil, was detail(3)"])
  }

  @Test(arguments: StateKind.allCases)
  func cancellingTheWaitingTaskCancelsTheWork(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    let waiting = Task { await model.send(action: .resetLater) }
    await clock.advance(by: .milliseconds(500))
    waiting.cancel()
    await waiting.value
    await clock.advance(by: .seconds(1))
    // The run's sleep was cancelled; it returned `.reset` then, and the send was dropped.
    #expect(model.count == 9)
  }

  @Test func inAnAsyncFunctionTheResultPicksTheSendThatDoesNotWait() async {
    let model = CounterViewModel<CounterValueState>(clock: clock)
    let task: StoreTask = model.send(action: .resetLater)
    #expect(model.count == 9)
    #expect(!task.isFinished)
    await clock.advance(by: .seconds(1))
    #expect(model.count == 0)
  }

  @Test func workStartedOutsideReduceRunsToo() async {
    let model = CounterViewModel<CounterValueState>(clock: clock)
    model.addOneSoon()
    await clock.advance(by: .milliseconds(10))
    #expect(model.count == 10)
  }

  @Test func theStateIsTheReactorsMembers() {
    let model = CounterViewModel<CounterValueState>(clock: clock)
    #expect(model.count == 9)
    #expect(model.state.count == 9)
    #expect(model.itemState == .idle)
  }

  @Test func theStoreSendsActionsToTheReactorAndObservesItsState() {
    let model = CounterViewModel<CounterValueState>(clock: clock)
    var seen: [Int] = []
    let token = model.store.observe(\.count) { seen.append($0) }
    model.store.send(.addOne)
    _ = model.send(action: .addOne) as StoreTask
    #expect(seen == [9, 10, 11])
    token.cancel()
  }
}
