import Terminal

// A match's scoreboard: the board is a reactable whose children, the two teams, are
// `ObservableEvent` reactables; `home` and `away` score, `disallow home` takes a point back,
// `new NAME` replaces the away team, whose old instance the board no longer hears. Works with
// piped input:
// printf 'home\naway\nhome\ndisallow away\nnew Bears\naway\nq\n' | swift run scoreboard

let scoreboard = Scoreboard(home: Team(name: "Lions"), away: Team(name: "Tigers"))
let program = ScoreboardProgram(scoreboard: scoreboard, write: { print($0) })
await program.run(Terminal.events())
