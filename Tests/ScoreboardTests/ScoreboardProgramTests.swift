import StressRuns
import Terminal
import Testing

@testable import Scoreboard

/// The terminal program around the board, driven by a script of events.
@MainActor
@Suite struct ScoreboardProgramTests {
  final class Output {
    var lines: [String] = []
  }

  func run(_ lines: String...) async -> [String] {
    let output = Output()
    let program = ScoreboardProgram(
      scoreboard: Scoreboard(home: Team(name: "Lions"), away: Team(name: "Tigers")),
      write: { output.lines.append($0) })
    let events = AsyncStream<TerminalEvent> { continuation in
      for line in lines { continuation.yield(.line(line)) }
      continuation.finish()
    }
    await program.run(events)
    return output.lines
  }

  /// CI's piped run; repeated: the board hears its teams through tasks of its own.
  @Test(arguments: stressRuns)
  func theBoardFollowsItsTeamsAndTheNewAwayTeam(run: Int) async {
    let lines = await self.run("home", "away", "home", "disallow away", "new Bears", "away", "q")
    #expect(
      lines == [
        "Scoreboard — \(ScoreboardProgram.help)",
        "Lions 0 – 0 Tigers",
        "Lions 1 – 0 Tigers",
        "Lions 1 – 1 Tigers",
        "Lions 2 – 1 Tigers",
        "Lions 2 – 0 Tigers",
        "Lions 2 – 0 Bears",
        "Lions 2 – 1 Bears",
        "final: Lions 2 – 1 Bears",
      ])
  }

  @Test func anUnknownCommandSaysSo() async {
    let lines = await run("draw", "q")
    #expect(lines[2] == "unknown command 'draw'; \(ScoreboardProgram.help)")
  }
}
