import Reductor

/// The actions of the instrumentation tests' store.
enum Probe: Sendable, Equatable {
  /// Its reduce takes `microseconds` on the step clock.
  case work(microseconds: Int)
  /// Its effect sleeps `milliseconds` on the store's clock, under the key `"sleep"`.
  case sleep(milliseconds: Int)
  /// Its effect sleeps `milliseconds` on the store's clock, then delivers
  /// `withPayload(milliseconds)`; a detached effect when `detached`.
  case deliverLater(milliseconds: Int, detached: Bool = false)
  /// Its effect delivers `withPayload(0)` once 100 ms pass without another `debounce`.
  case debounce
  /// Cancels the sleeping effects.
  case stop
  case nested(Inner)
  case withPayload(Int)

  enum Inner: Sendable, Equatable {
    case inner
  }
}

/// A store of `Probe` actions counting the actions it reduced, on `clock`; a `work` action
/// moves `steps` forward while it is reduced.
@MainActor
func makeProbeStore<State>(
  _ state: State.Type, clock: ManualClock = ManualClock(), steps: StepClock? = nil,
  count: WritableKeyPath<State, Int>? = nil, initialState: State
) -> ReducerStore<State, Probe> {
  ReducerStore(
    initialState: initialState,
    reducer: Reduce { state, action in
      if let count { state[keyPath: count] += 1 }
      switch action {
      case .work(let microseconds):
        steps?.step(by: .microseconds(microseconds))
        return .none
      case .sleep(let milliseconds):
        return .run(lifetime: .replaceable("sleep")) { _ in
          try await EffectContext.clock.sleep(for: .milliseconds(milliseconds))
        }
      case .deliverLater(let milliseconds, let detached):
        return .run(lifetime: detached ? .detached : .storeBound) {
          try await EffectContext.clock.sleep(for: .milliseconds(milliseconds))
          return .withPayload(milliseconds)
        } catch: { _ in
          .stop
        }
      case .debounce:
        return Effect.send(.withPayload(0)).debounced(for: .milliseconds(100), key: "debounce")
      case .stop:
        return .cancel("sleep")
      case .nested, .withPayload:
        return .none
      }
    },
    clock: clock)
}

/// A store of `Probe` actions with an `Int` state counting them.
@MainActor
func makeProbeStore(
  clock: ManualClock = ManualClock(), steps: StepClock? = nil
) -> ReducerStore<Int, Probe> {
  makeProbeStore(Int.self, clock: clock, steps: steps, count: \.self, initialState: 0)
}
