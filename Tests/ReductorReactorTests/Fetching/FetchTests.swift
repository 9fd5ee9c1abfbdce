import Reductor
import ReductorReactor
import StressRuns
import Testing

@MainActor
@Suite struct FetchTests {
  let clock = ManualClock()

  @Test(arguments: StateKind.allCases)
  func aFetchIsLoadingAtOnceThenSucceeds(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    _ = model.send(action: .load("A", after: .seconds(1))) as StoreTask
    #expect(model.itemState == .loading)
    await clock.advance(by: .seconds(1))
    #expect(model.itemState == .success("A"))
    #expect(model.itemState.successValue == "A")
  }

  @Test(arguments: StateKind.allCases)
  func aFetchThatThrowsItsFailureFails(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    await confirmation(expectedCount: 0) { diagnosed in
      (model as? CounterViewModel<CounterValueState>)?.diagnosticHandler = { _ in diagnosed() }
      (model as? CounterViewModel<CounterObjectState>)?.diagnosticHandler = { _ in diagnosed() }
      _ = model.send(action: .load("A", after: .seconds(1), fails: true)) as StoreTask
      await clock.advance(by: .seconds(1))
    }
    #expect(model.itemState == .failure(ItemError(reason: "no A")))
    #expect(model.itemState.errorValue == ItemError(reason: "no A"))
    #expect(model.itemState.isFailure)
  }

  /// A at 0 takes 2 s, B at 0.5 s takes 1 s: B replaces A, which never writes.
  @Test(arguments: StateKind.allCases)
  func aNewerFetchReplacesAnOlderOne(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    _ = model.send(action: .load("A", after: .seconds(2))) as StoreTask
    await clock.advance(by: .milliseconds(500))
    _ = model.send(action: .load("B", after: .seconds(1))) as StoreTask
    #expect(model.itemState == .loading)
    await clock.advance(by: .milliseconds(999))
    #expect(model.itemState == .loading)
    await clock.advance(by: .milliseconds(1))
    #expect(model.itemState == .success("B"))
    await clock.advance(by: .seconds(5))
    #expect(model.itemState == .success("B"))
  }

  @Test(arguments: StateKind.allCases)
  func aCancelledFetchGoesBackToIdle(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    let task: StoreTask = model.send(action: .load("A", after: .seconds(1)))
    await clock.advance(by: .milliseconds(500))
    task.cancel()
    await clock.advance(by: .zero)
    #expect(model.itemState == .idle)
    await clock.advance(by: .seconds(1))
    #expect(model.itemState == .idle)
  }

  /// Repeated: the advance runs in a task of its own, whichever way the two interleave.
  @Test(arguments: stressRuns)
  func awaitingTheSendReturnsWithTheFetchedValue(repetition: Int) async {
    let model = StateKind.value.makeCounter(clock: clock)
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    await model.send(action: .load("A", after: .seconds(1)))
    await advancing.value
    #expect(model.itemState == .success("A"))
  }

  @Test func anErrorThatIsNotTheFailureLeavesIdleAndIsReported() async {
    let model = UntypedFetcher(clock: clock)
    let reported = Locked<[String]>([])
    model.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic.message) } }
    _ = model.send(action: .load) as StoreTask
    #expect(model.state.value == .loading)
    await clock.advance(by: .seconds(1))
    #expect(model.state.value == .idle)
    #expect(
      reported.value == [
        "A fetch into \\State.value threw Timeout(), which is not of type ItemError; the state "
          + "went back to .idle. Throw ItemError, or map the error to it."
      ])
  }

  @Test func dataFetchingStateAnswersWhatItIs() {
    let states: [DataFetchingState<Int, ItemError>] = [
      .idle, .loading, .success(1), .failure(ItemError(reason: "x")),
    ]
    #expect(states.map(\.isIdle) == [true, false, false, false])
    #expect(states.map(\.isLoading) == [false, true, false, false])
    #expect(states.map(\.isSuccess) == [false, false, true, false])
    #expect(states.map(\.isFailure) == [false, false, false, true])
    #expect(states.map(\.successValue) == [nil, nil, 1, nil])
    #expect(states.map(\.errorValue) == [nil, nil, nil, ItemError(reason: "x")])
  }
}

/// A fetch whose untyped operation throws an error that is not the state's `Failure`.
private final class UntypedFetcher: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case load }
  struct State { var value: DataFetchingState<Int, ItemError> = .idle }
  struct Timeout: Error {}

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load):
      fetch(event, \.value) {
        try await EffectContext.clock.sleep(for: .seconds(1))
        throw Timeout()
      }
    case .mutation, .destination:
      break
    }
  }
}
