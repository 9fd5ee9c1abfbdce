import Reductor
import ReductorReactor
import StressRuns
import Testing

@MainActor
@Suite struct AsyncReactorTests {
  let clock = ManualClock()

  @Test func twoIncrementsSentWithoutWaitingCountToTwo() async {
    let reactor = TallyReactor(clock: clock)
    reactor.send(.increment)
    let second = reactor.send(.increment)
    await second.finish()
    #expect(reactor.currentState.count == 2)
  }

  /// Repeated: the first input's `reduce` may reach its wait before or after the gate opens.
  @Test(arguments: stressRuns)
  func inputsAreProcessedInTheOrderSentEvenWhenTheFirstWaits(repetition: Int) async {
    let gate = Gate()
    let reactor = TallyReactor(clock: clock, gate: gate)
    let first = reactor.send(.addAfterGate(10))
    let second = reactor.send(.increment)
    #expect(reactor.currentState.count == 0)
    gate.open()
    await second.finish()
    #expect(first.isFinished)
    #expect(reactor.currentState.count == 11)
    #expect(reactor.currentState.message == "Count updated to 11")
  }

  /// The input's `reduce` is isolated to the main actor and sleeps a second on the reactor's
  /// clock: its sleep starts inside the send's settle point, so the mutation lands at 1,000 ms
  /// (#29).
  @Test(arguments: stressRuns)
  func anInputThatSleepsMutatesAtItsVirtualTime(repetition: Int) async {
    let reactor = TallyReactor(clock: clock)
    reactor.send(.addLater(10))
    await clock.advance(by: .milliseconds(999))
    #expect(reactor.currentState.count == 0)
    await clock.advance(by: .milliseconds(1))
    #expect(reactor.currentState.count == 10)
  }

  @Test func aViewIsCalledOnTheMainActorWithEveryStateInOrder() async {
    let reactor = TallyReactor(clock: clock)
    let view = TallyView(reactor: reactor)
    view.send(.increment)
    view.send(.increment)
    // Sent by someone else: the bound view is called too.
    await reactor.send(.reset).finish()
    #expect(view.rendered == [1, 2, 0])
  }

  @Test func aViewMaySendFromItsStateCallback() async {
    let reactor = TallyReactor(clock: clock)
    let view = TallyView(reactor: reactor)
    view.resetsAt = 2
    view.send(.increment)
    await view.send(.increment).finish()
    await reactor.send(.increment).finish()
    #expect(view.rendered == [1, 2, 0, 1])
  }

  @Test func aViewWithoutAReactorSendsNothing() async {
    let view = TallyView(reactor: nil)
    let task = view.send(.increment)
    #expect(task.isFinished)
    #expect(view.rendered == [])
  }

  @Test func everyAssignmentOfAPulseIsObserved() async {
    let reactor = TallyReactor(clock: clock)
    var messages: [String?] = []
    let observation = reactor.store.observe(pulse: \.$message) { messages.append($0) }
    reactor.send(.increment)
    reactor.send(.reset)
    await reactor.send(.reset).finish()
    #expect(messages == ["Count updated to 1", "Count updated to 0", "Count updated to 0"])
    observation.cancel()
  }

  @Test func theStubReturnsTheStateAfterTheInput() async {
    let stub = AsyncReactorStub(reactor: TallyReactor(clock: clock))
    let state = await stub.test(input: .increment)
    #expect(state.count == 1)
    #expect(await stub.test(input: .increment).count == 2)
  }

  @Test func aCancelledInputDoesNotStopTheNextOne() async {
    let reactor = TallyReactor(clock: clock)
    let first = reactor.send(.addLater(10))
    let second = reactor.send(.increment)
    first.cancel()
    await second.finish()
    // The cancelled sleep ends at once; its mutation is applied, then the next input's.
    #expect(reactor.currentState.count == 11)
    #expect(clock.now.offset == .zero)
  }

  @Test func aReactorReleasedBeforeItsInputRunsGoesAtOnceAndTheInputDoesNothing() async {
    let gate = Gate()
    var reactor: TallyReactor? = TallyReactor(clock: clock, gate: gate)
    weak let released = reactor
    // Its processing runs at the next settle point, on the manual clock.
    let waiting = reactor?.send(.addAfterGate(5))
    reactor = nil
    #expect(released == nil)
    // The input finds no reactor: its `reduce`, which would wait for the gate, never runs.
    await waiting?.finish()
    #expect(waiting?.isFinished == true)
  }

  @Test func aReleasedReactorIsDeinitialized() async {
    var reactor: TallyReactor? = TallyReactor(clock: clock)
    weak let released = reactor
    await reactor?.send(.increment).finish()
    let view = TallyView(reactor: nil)
    view.reactor = reactor
    reactor = nil
    view.reactor = nil
    #expect(released == nil)
  }

  @Test func aViewIsNotKeptAliveByItsReactor() async {
    let reactor = TallyReactor(clock: clock)
    var view: TallyView? = TallyView(reactor: reactor)
    weak let released = view
    await view?.send(.increment).finish()
    view = nil
    #expect(released == nil)
    await reactor.send(.increment).finish()
    #expect(reactor.currentState.count == 2)
  }
}

@MainActor
private final class TallyReactor: AsyncReactor {
  let reactorStorage = ReactorStorage()
  enum Input: Sendable {
    case increment
    case addLater(Int)
    case addAfterGate(Int)
    case reset
  }

  enum Mutation: Sendable {
    case setCount(Int)
  }

  struct State: Sendable {
    @Pulse var message: String?
    var count = 0
  }

  let clock: any Clock<Duration>
  let gate: Gate

  init(clock: any Clock<Duration>, gate: Gate = Gate()) {
    self.clock = clock
    self.gate = gate
  }

  nonisolated func initialState() -> State {
    State()
  }

  func reduce(_ input: Input) async -> Mutation {
    switch input {
    case .increment:
      return .setCount(currentState.count + 1)
    case .addLater(let amount):
      let count = currentState.count
      try? await EffectContext.clock.sleep(for: .seconds(1))
      return .setCount(count + amount)
    case .addAfterGate(let amount):
      let count = currentState.count
      await gate.wait()
      return .setCount(count + amount)
    case .reset:
      return .setCount(0)
    }
  }

  func mutate(_ state: State, mutation: Mutation) async -> State {
    var state = state
    switch mutation {
    case .setCount(let count):
      state.count = count
      state.message = "Count updated to \(count)"
    }
    return state
  }
}

@MainActor
private final class TallyView: AsyncReactorView {
  var reactor: TallyReactor?
  private(set) var rendered: [Int] = []
  /// A count at which the view sends `.reset` from `state(_:)`.
  var resetsAt: Int?

  init(reactor: TallyReactor?) { self.reactor = reactor }

  func state(_ state: TallyReactor.State) {
    MainActor.preconditionIsolated()
    rendered.append(state.count)
    if state.count == resetsAt { send(.reset) }
  }
}

/// Opens once; a wait returns once it is open.
private final class Gate: Sendable {
  private let opened: AsyncStream<Void>
  private let opener: AsyncStream<Void>.Continuation

  init() {
    (opened, opener) = AsyncStream.makeStream(of: Void.self)
  }

  func open() {
    opener.finish()
  }

  func wait() async {
    for await _ in opened {}
  }
}
