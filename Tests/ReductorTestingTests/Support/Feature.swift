// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
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
    case deliverTwiceOffClock
    case deliverNoiseThenLoadedOffClock
    case answerAtOnce
    case escapeSend
    case leaveUnchanged
    case throttled(Int)
    case throttledResponse(Int)
  }

  /// Where `escapeSend`'s operation keeps its `Send` after it returns.
  var escapedSend = Locked<Send<Action>?>(nil)

  static let stoppedClock = ManualClock()
  /// The line the timer's effect names as its place; any line would do.
  static let timerLine: UInt = 4_242

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
      return .run(lifetime: .replaceable("timer"), line: Self.timerLine) { send in
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
    case .deliverTwiceOffClock:
      return .run { send in
        await Elsewhere.shared.hop()
        send(.increment)
        await Elsewhere.shared.hop()
        send(.tick)
      }
    case .deliverNoiseThenLoadedOffClock:
      return .run { send in
        send(.tick)
        await Elsewhere.shared.hop()
        send(.loaded(7))
      }
    case .answerAtOnce:
      return .run { .loaded(1) }
    case .escapeSend:
      return .run { [escapedSend] send in escapedSend.withLock { $0 = send } }
    case .leaveUnchanged:
      return .none
    case .throttled(let value):
      return Effect.send(.throttledResponse(value))
        .throttled(for: .seconds(1), key: "throttle", latest: true)
    case .throttledResponse(let value):
      state.count = value
      return .none
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

  /// Returns at once, but from this actor: the caller leaves its executor and comes back.
  func hop() {}
}
