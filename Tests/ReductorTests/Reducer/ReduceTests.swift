import Reductor
import Testing

/// `Reduce`, a reducer made of a closure, as TCA users write one.
@MainActor
@Suite struct ReduceTests {
  enum Action: Sendable, Equatable {
    case increment
    case load
    case loaded(Int)
  }

  @Test func aStoreReducesWithTheClosureAndRunsTheEffectsItReturns() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce { (count: inout Int, action: Action) in
        switch action {
        case .increment:
          count += 1
          return .none
        case .load:
          return .run { send in
            try await EffectContext.clock.sleep(for: .seconds(1))
            send(.loaded(10))
          }
        case .loaded(let value):
          count += value
          return .none
        }
      },
      clock: clock)
    store.send(.increment)
    store.send(.load)
    #expect(store.state == 1)
    await clock.advance(by: .seconds(1))
    #expect(store.state == 11)
  }

  @Test func itIsCalledLikeAnyReducer() {
    let double = Reduce { (value: inout Int, _: Action) in
      value *= 2
      return .none
    }
    var value = 3
    _ = double(into: &value, action: .increment)
    #expect(value == 6)
  }
}
