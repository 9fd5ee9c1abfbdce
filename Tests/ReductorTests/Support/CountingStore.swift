// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Reductor

/// The actions of the counting store: an increment, actions that send others, and a load and a
/// save that run effects.
enum CountingAction: Sendable, Equatable {
  case increment
  case first, second, third
  case load
  case loaded(Int)
  case save
  case saved
}

/// A store that logs each action it reduces into its state and carries it out.
@MainActor
func makeCountingStore<S: CountingState>(
  _ initial: S, clock: any Clock<Duration> = ContinuousClock()
) -> ReducerStore<S, CountingAction> {
  ReducerStore(
    initialState: initial,
    reducer: Reduce<S, CountingAction> { state, action in
      state.log.append("\(action)")
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .first:
        return .send(.second)
      case .second, .third, .saved:
        return .none
      case .load:
        return .run { .loaded(42) }
      case .loaded(let value):
        state.count = value
        return .run { .saved }
      case .save:
        return .none
      }
    },
    clock: clock)
}
