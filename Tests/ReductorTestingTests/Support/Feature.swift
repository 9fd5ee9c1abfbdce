import Reductor

/// A small feature with every kind of effect the test store must handle.
struct Feature: Reducer {
  struct State: Equatable {
    var count = 0
    var isLoading = false
    var ticks = 0
  }

  enum Action: Sendable, Equatable {
    case increment
    case incrementTwice
    case load
    case loaded(Int)
    case startTimer
    case tick
    case stopTimer
    case loadOffClock
    case waitForever
  }

  static let stoppedClock = ManualClock()

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .incrementTwice:
      state.count += 1
      return .send(.increment)
    case .load:
      state.isLoading = true
      return .run {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .loaded(42)
      }
    case .loaded(let value):
      state.isLoading = false
      state.count = value
      return .none
    case .startTimer:
      return .run(lifetime: .replaceable("timer")) { send in
        while true {
          try await EffectContext.clock.sleep(for: .seconds(1))
          send(.tick)
        }
      }
    case .tick:
      state.ticks += 1
      return .none
    case .stopTimer:
      return .cancel("timer")
    case .loadOffClock:
      return .run { .loaded(await Elsewhere.shared.answer()) }
    case .waitForever:
      return .run {
        // A clock nobody advances: the sleep ends only when the effect is cancelled.
        try await Self.stoppedClock.sleep(for: .seconds(1))
        return .loaded(0)
      }
    }
  }
}

/// An actor the effect hops to, leaving the clock's executor.
actor Elsewhere {
  static let shared = Elsewhere()

  func answer() -> Int { 7 }
}
