import Reductor
import ReductorReactor
import Terminal

/// The terminal program around the board: commands go to the teams, and the board, which hears
/// its teams' events, prints the score.
@MainActor
struct ScoreboardProgram {
  let scoreboard: Scoreboard
  /// Writes one line of output.
  let write: @MainActor (String) -> Void

  static let help = "commands: home, away, disallow home|away, new NAME (a new away team), q"

  /// Runs until `q`, the end of input or a signal.
  func run(_ events: some AsyncSequence<TerminalEvent, Never>) async {
    write("Scoreboard — \(Self.help)")
    write(scoreboard.line)
    for await event in events {
      guard case .line(let line) = event else { break }
      guard let command = TerminalCommand(line) else { continue }
      if command.name == "q" { break }
      await perform(command.name, command.argument)
    }
    write("final: \(scoreboard.line)")
  }

  private func perform(_ command: String, _ argument: String) async {
    switch (command, argument) {
    case ("home", _), ("away", _):
      await teamActs(.score, team: command)
    case ("disallow", "home"), ("disallow", "away"):
      await teamActs(.disallow, team: argument)
    case ("new", let name) where !name.isEmpty:
      let replaced = scoreboard.currentState.away
      scoreboard.action(.replaceAway(name))
      // The old team is no longer the board's child: the board does not hear it.
      replaced.action(.score)
      write(scoreboard.line)
    default:
      write("unknown command '\(command)'; \(Self.help)")
    }
  }

  /// Sends `action` to a team, and writes the score once the board has heard the team.
  private func teamActs(_ action: Team.Action, team: String) async {
    let state = scoreboard.currentState
    let heard = state.heard
    let updates = scoreboard.store.states
    (team == "home" ? state.home : state.away).action(action)
    for await state in updates where state.heard > heard { break }
    write(scoreboard.line)
  }
}
