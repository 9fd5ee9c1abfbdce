import Reductor
import ReductorReactor

/// One team's score: a child reactable whose finished actions its parent hears.
final class Team: Reactable, ObservableEvent {
  enum Action: Sendable {
    case score
    case disallow
  }

  enum Mutation: Sendable {
    case setPoints(Int)
  }

  struct State: Sendable {
    let name: String
    var points = 0
  }

  let reactorStorage = ReactorStorage()
  let initialState: State

  init(name: String) {
    initialState = State(name: name)
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .score: .just(.setPoints(currentState.points + 1))
    case .disallow: .just(.setPoints(max(0, currentState.points - 1)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setPoints(let points): state.points = points
    }
  }
}
