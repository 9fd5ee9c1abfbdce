import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct DebounceTests {
  let clock = ManualClock()

  /// Ten calls 100 ms apart, the last at 900 ms; 500 ms of quiet after it end at 1,400 ms.
  @Test(arguments: StateKind.allCases)
  func onlyTheLastCallRunsOnceTheDurationHasPassed(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    for call in 0..<10 {
      if call > 0 { await clock.advance(by: .milliseconds(100)) }
      _ = model.send(action: .addOneDebounced) as StoreTask
    }
    await clock.advance(to: ManualClock.Instant(offset: .milliseconds(1_399)))
    #expect(model.count == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.count == 10)
    await clock.advance(by: .seconds(5))
    #expect(model.count == 10)
  }

  @Test func eachReactorHasItsOwnDebouncer() async {
    let first = StateKind.value.makeCounter(clock: clock)
    let second = StateKind.value.makeCounter(clock: clock)
    _ = first.send(action: .addOneDebounced) as StoreTask
    await clock.advance(by: .milliseconds(100))
    _ = second.send(action: .addOneDebounced) as StoreTask
    await clock.advance(by: .milliseconds(400))
    #expect(first.count == 10)
    #expect(second.count == 9)
    await clock.advance(by: .milliseconds(100))
    #expect(second.count == 10)
  }
}

/// GoodReactor's `testDebounce`: `await send(action:)` returns once its event is reduced, and
/// does not wait for the debounced work, which runs once, 500 ms after the last call, and takes
/// 330 ms of its own.
@MainActor
@Suite struct AwaitedDebounceTests {
  /// A clock on which a wait for work that sleeps on it gives up at once, with a diagnostic.
  let clock = ManualClock(stalledWaitTimeout: .milliseconds(50))

  @Test func awaitingASendDoesNotWaitForItsDebouncedWork() async {
    let model = DebouncingModel(clock: clock)
    let diagnostics = Locked<[StoreDiagnostic.Kind]>([])
    model.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic.kind) } }
    for _ in 0..<10 {
      await model.send(action: .debounceTest)
    }
    #expect(model.state.counter == 9)
    #expect(diagnostics.value == [])
    await clock.advance(by: .milliseconds(829))
    #expect(model.state.counter == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.state.counter == 10)
    await clock.advance(by: .seconds(1))
    #expect(model.state.counter == 10)
  }

  /// What the awaited send still waits for: the work `run` started, the mutation it returned,
  /// and the work that mutation started; not the debounce that mutation started.
  @Test func awaitingASendWaitsForItsRunsTransitivelyButNotForADebounceTheyStart() async {
    let model = DebouncingModel(clock: clock)
    let diagnostics = Locked<[StoreDiagnostic.Kind]>([])
    model.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic.kind) } }
    await model.send(action: .runThenDebounce)
    #expect(model.state.counter == 11)
    #expect(model.state.debounced == false)
    #expect(diagnostics.value == [])
    await clock.advance(by: .seconds(1))
    #expect(model.state.debounced)
  }
}

/// The part of GoodReactor's `ObservableModel` its debounce test uses, on a clock of its own.
private final class DebouncingModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case debounceTest
    case runThenDebounce
  }

  enum Mutation: Sendable {
    case didAddOne
    case didAddOneThenDebounce
    case didDebounce
  }

  struct State {
    var counter = 9
    var debounced = false
  }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.debounceTest):
      let counterValue = state.counter
      debounce(duration: .milliseconds(500)) {
        await self.asyncAddOne(oldValue: counterValue)
      }
    case .action(.runThenDebounce):
      run(event) { .didAddOneThenDebounce }
    case .mutation(.didAddOne):
      state.counter += 1
    case .mutation(.didAddOneThenDebounce):
      state.counter += 1
      run(event) { .didAddOne }
      debounce(duration: .seconds(1)) { .didDebounce }
    case .mutation(.didDebounce):
      state.debounced = true
    case .destination:
      break
    }
  }

  /// GoodReactor's helper: 330 ms of work, then one more if the count was below 10.
  private func asyncAddOne(oldValue: Int) async -> Mutation? {
    do {
      try await EffectContext.clock.sleep(for: .milliseconds(330))
    } catch {
      return nil
    }
    return oldValue < 10 ? .didAddOne : nil
  }
}
