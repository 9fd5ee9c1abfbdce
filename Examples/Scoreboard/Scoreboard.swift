import Reductor
import ReductorReactor

/// The board of a match: it holds the two teams and shows their score, which it learns from the
/// events of its own children, whichever team currently plays away.
final class Scoreboard: Reactable {
  enum Action: Sendable {
    case heard(Team.State)
    case replaceAway(String)
  }

  enum Mutation: Sendable {
    case setScore(of: Team.State)
    case setAway(Team)
  }

  struct State {
    var home: Team
    var away: Team
    var homePoints = 0
    var awayPoints = 0
    /// How many team events the board has heard.
    var heard = 0
  }

  let reactorStorage = ReactorStorage()
  let initialState: State

  init(home: Team, away: Team) {
    initialState = State(home: home, away: away)
    initialize()
  }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .heard(let team): .just(.setScore(of: team))
    case .replaceAway(let name): .just(.setAway(Team(name: name)))
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setScore(let team):
      if team.name == state.home.currentState.name {
        state.homePoints = team.points
      } else {
        state.awayPoints = team.points
      }
      state.heard += 1
    case .setAway(let team):
      state.away = team
      state.awayPoints = 0
    }
  }

  func transformAction() -> Effect<Action> {
    // The events of whichever team each key path holds when the event comes.
    let home = child(\.home).observe()
    let away = child(\.away).observe()
    return .merge([
      .stream { home.map { Action.heard($0.state) } },
      .stream { away.map { Action.heard($0.state) } },
    ])
  }

  /// The score as one line: `Lions 2 – 1 Tigers`.
  var line: String {
    let state = currentState
    return "\(state.home.currentState.name) \(state.homePoints) – \(state.awayPoints) "
      + state.away.currentState.name
  }
}
