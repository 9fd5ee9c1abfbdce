// The code of the article "Coming from GoodReactor and Reactor" of ReductorReactor.
import Reductor
import ReductorReactor
import Testing

/// A counter view model, which starts at 9 as GoodReactor's own tests do.
final class CounterViewModel: Reactor {
  let reactorStorage = ReactorStorage()

  enum Action: Sendable {
    case addOne
    case set(Int)
    /// Resets to 0 after a second.
    case resetLater
  }

  enum Mutation: Sendable {
    case reset
    case addOne
  }

  struct State {
    var count = 9
  }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  func makeInitialState() -> State {
    State()
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.addOne), .mutation(.addOne):
      state.count += 1
    case .action(.set(let count)):
      state.count = count
    case .action(.resetLater):
      run(event) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return .reset
      }
    case .mutation(.reset):
      state.count = 0
    case .destination:
      break
    }
  }
}

@MainActor
@Suite struct ComingFromGoodReactorAndReactorArticleTests {
  @Test func runDeliversItsMutationOnceItsSleepEnds() async {
    let clock = ManualClock()
    let model = CounterViewModel(clock: clock)
    let task: StoreTask = model.send(action: .resetLater)
    #expect(model.state.count == 9)
    await clock.advance(by: .milliseconds(999))
    #expect(model.state.count == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.state.count == 0)
    #expect(task.isFinished)
  }
}
