import Observation
import Reductor
import Testing

/// Actions declared effect-only start their work, and `states` yields nothing for them.
@MainActor
@Suite struct EffectOnlyActionsTests {
  enum Action: Sendable, Equatable {
    case load
    case loaded(Int)
    case increment
  }

  func makeStore(clock: ManualClock) -> ReducerStore<Int, Action> {
    ReducerStore(
      initialState: 0,
      reducer: Reduce { (count: inout Int, action: Action) in
        switch action {
        case .load:
          return .run { send in
            try await EffectContext.clock.sleep(for: .seconds(1))
            send(.loaded(10))
          }
        case .loaded(let value):
          count += value
          return .none
        case .increment:
          count += 1
          return .none
        }
      },
      clock: clock
    )
    .effectOnlyActions { $0 == .load }
  }

  @Test func statesYieldNothingForAnEffectOnlyActionAndItsWorkStillRuns() async {
    let clock = ManualClock()
    var store: ReducerStore<Int, Action>? = makeStore(clock: clock)
    let states = store!.states
    store?.send(.load)
    store?.send(.increment)
    await clock.advance(by: .seconds(1))
    store = nil
    var seen: [Int] = []
    for await state in states { seen.append(state) }
    #expect(seen == [0, 1, 11])
  }

  @Test func anObserverInstalledBeforeTheDeclarationFollowsIt() async {
    let clock = ManualClock()
    var store: ReducerStore<Int, Action>? = ReducerStore(
      initialState: 0,
      reducer: Reduce { (count: inout Int, action: Action) in
        if action == .increment { count += 1 }
        return .none
      },
      clock: clock)
    let states = store!.states
    store?.effectOnlyActions { $0 == .load }
    store?.send(.load)
    store?.send(.increment)
    store = nil
    var seen: [Int] = []
    for await state in states { seen.append(state) }
    #expect(seen == [0, 1])
  }
}
