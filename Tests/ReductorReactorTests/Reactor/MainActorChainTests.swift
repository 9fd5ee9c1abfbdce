import Reductor
import ReductorReactor
import StressRuns
import Testing

/// The main-actor forms of #29 on each reactor shape: a chain of three main-actor calls, each
/// sleeping 500 ms, ends at 1,500 ms within one advance; `MainActor.run` before and after a
/// two-second sleep runs at 0 and at 2,000 ms. Each scenario runs `stressRuns` times (100
/// in CI), since a broken mechanism shows as a race.
@MainActor
@Suite struct MainActorChainTests {
  enum Shape: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case reactor, reactable, asyncReactor
    var testDescription: String { rawValue }
  }

  @Test(arguments: Shape.allCases, stressRuns)
  func aChainThroughTheMainActorEndsWithinOneAdvance(shape: Shape, run: Int) async {
    let clock = ManualClock()
    let stamps = Stamps(clock: clock)
    let start = Self.starter(of: shape, clock: clock, stamps: stamps)
    start(.chain)
    await clock.advance(by: .milliseconds(1_500))
    #expect(stamps.values == [.milliseconds(500), .milliseconds(1_000), .milliseconds(1_500)])
    #expect(stamps.isDone)
  }

  @Test(arguments: Shape.allCases, stressRuns)
  func mainActorRunRunsAtTheVirtualTimeOfEachSide(shape: Shape, run: Int) async {
    let clock = ManualClock()
    let stamps = Stamps(clock: clock)
    let start = Self.starter(of: shape, clock: clock, stamps: stamps)
    start(.aroundASleep)
    await clock.advance(by: .zero)
    #expect(stamps.values == [.zero])
    await clock.advance(by: .seconds(2))
    #expect(stamps.values == [.zero, .seconds(2)])
    #expect(stamps.isDone)
  }

  /// Makes a reactor of `shape` and returns how to send it an action; the reactor stays alive
  /// with the returned function.
  private static func starter(
    of shape: Shape, clock: ManualClock, stamps: Stamps
  ) -> (Scenario) -> Void {
    switch shape {
    case .reactor:
      let model = ScenarioViewModel(clock: clock, stamps: stamps)
      return { _ = model.send(action: $0) as StoreTask }
    case .reactable:
      let reactable = ScenarioReactable(clock: clock, stamps: stamps)
      return { reactable.action($0) }
    case .asyncReactor:
      let reactor = ScenarioAsyncReactor(clock: clock, stamps: stamps)
      return { reactor.send($0) }
    }
  }
}

enum Scenario: Sendable {
  /// Three calls of `Stamps.step(after:)`, 500 ms each, then done.
  case chain
  /// A stamp in `MainActor.run`, a two-second sleep, another stamp, then done.
  case aroundASleep
}

/// Main-actor code of the app: it stamps the virtual time at which it runs.
@MainActor
final class Stamps {
  private let clock: ManualClock
  private(set) var values: [Duration] = []
  var isDone = false

  init(clock: ManualClock) { self.clock = clock }

  func stamp() { values.append(clock.now.offset) }

  func step(after delay: Duration) async {
    try? await EffectContext.clock.sleep(for: delay)
    stamp()
  }

  /// Runs `scenario` as effect code would: from a task that is not on the main actor.
  nonisolated func perform(_ scenario: Scenario) async {
    switch scenario {
    case .chain:
      for _ in 0..<3 { await step(after: .milliseconds(500)) }
    case .aroundASleep:
      await MainActor.run { stamp() }
      try? await EffectContext.clock.sleep(for: .seconds(2))
      await MainActor.run { stamp() }
    }
  }
}

private final class ScenarioViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  typealias Action = Scenario

  enum Mutation: Sendable {
    case done
  }

  struct State {}

  let clock: any Clock<Duration>
  private let stamps: Stamps

  init(clock: any Clock<Duration>, stamps: Stamps) {
    self.clock = clock
    self.stamps = stamps
  }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(let scenario):
      run(event) { [stamps] in
        await stamps.perform(scenario)
        return .done
      }
    case .mutation(.done):
      stamps.isDone = true
    case .destination:
      break
    }
  }
}

@MainActor
private final class ScenarioReactable: Reactable {
  let reactorStorage = ReactorStorage()
  typealias Action = Scenario

  enum Mutation: Sendable {
    case done
  }

  struct State {}

  let clock: any Clock<Duration>
  private let stamps: Stamps

  init(clock: any Clock<Duration>, stamps: Stamps) {
    self.clock = clock
    self.stamps = stamps
  }

  var initialState: State { State() }

  func mutate(action: Action) -> Effect<Mutation> {
    .run { [stamps] send in
      await stamps.perform(action)
      send(.done)
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    stamps.isDone = true
  }
}

@MainActor
private final class ScenarioAsyncReactor: AsyncReactor {
  let reactorStorage = ReactorStorage()
  typealias Input = Scenario

  enum Mutation: Sendable {
    case done
  }

  struct State: Sendable {}

  let clock: any Clock<Duration>
  private let stamps: Stamps

  init(clock: any Clock<Duration>, stamps: Stamps) {
    self.clock = clock
    self.stamps = stamps
  }

  nonisolated func initialState() -> State { State() }

  func reduce(_ input: Input) async -> Mutation {
    await stamps.perform(input)
    return .done
  }

  func mutate(_ state: State, mutation: Mutation) async -> State {
    stamps.isDone = true
    return state
  }
}
