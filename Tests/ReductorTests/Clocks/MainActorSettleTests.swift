import StressRuns
import Testing

@testable import Reductor

/// Effects that await main-actor code stay on the manual clock (#29): a `@MainActor` service, a
/// chain of calls to it and `MainActor.run` run inside settle points like the rest of an effect,
/// so an advance returns with what they made due reduced. Each scenario runs `stressRuns`
/// times (100 in CI, 1,000 in `.ci/stress`), since a broken mechanism shows as a race.
@MainActor
@Suite struct MainActorSettleTests {
  enum Action: Sendable, Equatable {
    case load
    case loadThreeTimes
    case countAroundASleep
    case countAtOnce
    case loaded(Int)
    case counted(Int)
  }

  /// A service of the app, isolated to the main actor, that waits on the store's clock.
  @MainActor
  final class Service {
    private(set) var calls = 0

    func load(after delay: Duration) async throws -> Int {
      calls += 1
      try await EffectContext.clock.sleep(for: delay)
      return calls * 10
    }
  }

  private typealias StampStore = ReducerStore<[Stamped<Int>], Action>

  private func makeStore(clock: ManualClock, service: Service) -> StampStore {
    ReducerStore(
      initialState: [],
      reducer: Reduce<[Stamped<Int>], Action> { state, action in
        switch action {
        case .load:
          return .run { .loaded(try await service.load(after: .seconds(1))) }
        case .loadThreeTimes:
          return .run {
            var total = 0
            for _ in 0..<3 { total += try await service.load(after: .milliseconds(500)) }
            return .loaded(total)
          }
        case .countAroundASleep:
          return .run { send in
            send(.counted(await MainActor.run { service.calls }))
            try await EffectContext.clock.sleep(for: .seconds(2))
            send(.counted(await MainActor.run { service.calls + 1 }))
          }
        case .countAtOnce:
          return .run { .counted(await MainActor.run { service.calls }) }
        case .loaded(let value), .counted(let value):
          state.append(Stamped(value: value, at: clock.now.offset))
          return .none
        }
      },
      clock: clock)
  }

  /// The service's sleep starts inside the send's settle point, so one advance of a second
  /// wakes it and reduces its answer.
  @Test(arguments: stressRuns)
  func anAnswerFromAMainActorServiceArrivesWithinTheAdvance(run: Int) async {
    let clock = ManualClock()
    let store = makeStore(clock: clock, service: Service())
    store.send(.load)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == [Stamped(value: 10, at: .seconds(1))])
  }

  /// Three calls in a row, each sleeping 500 ms: the chain goes through the main actor three
  /// times within one advance of 1,500 ms.
  @Test(arguments: stressRuns)
  func aChainOfMainActorCallsAdvancesWithinOneAdvance(run: Int) async {
    let clock = ManualClock()
    let store = makeStore(clock: clock, service: Service())
    store.send(.loadThreeTimes)
    await clock.advance(by: .milliseconds(1_500))
    #expect(store.state == [Stamped(value: 60, at: .milliseconds(1_500))])
  }

  /// `MainActor.run` before and after a two-second sleep: the first result is reduced by the
  /// settle point at 0, the second by the advance that reaches 2 s.
  @Test(arguments: stressRuns)
  func mainActorRunInsideAnEffectRunsInsideTheSettlePoint(run: Int) async {
    let clock = ManualClock()
    let store = makeStore(clock: clock, service: Service())
    store.send(.countAroundASleep)
    await clock.advance(by: .zero)
    #expect(store.state == [Stamped(value: 0, at: .zero)])
    await clock.advance(by: .seconds(2))
    #expect(store.state == [Stamped(value: 0, at: .zero), Stamped(value: 1, at: .seconds(2))])
  }

  /// Main-actor work that needs no time ends within the send's `finish()`.
  @Test(arguments: stressRuns)
  func finishWaitsForMainActorWorkThatNeedsNoTime(run: Int) async {
    let clock = ManualClock()
    let store = makeStore(clock: clock, service: Service())
    await store.send(.countAtOnce).finish()
    #expect(store.state == [Stamped(value: 0, at: .zero)])
  }
}
