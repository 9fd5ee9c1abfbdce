import Reductor
import Terminal

// A terminal counter: type `+`, `-`, `reset`, `load`, `tick`, `save` or `q`, one per line.
// Input is read on a thread of its own, so the timer ticks while the program waits for a line.
// Works interactively and with piped input: printf '+\n+\nload\nsave\nq\n' | swift run counter
// Ctrl-C (SIGINT) and SIGTERM quit like `q`: the program waits for a save still running.
// With --log, every action and state is logged (debug builds): swift run counter --log

let store = ReducerStore(
  initialState: AppFeature.State(),
  reducer: AppFeature.Reducer(dependencies: .live))
if CommandLine.arguments.dropFirst().contains("--log") {
  store.logging()
}
let program = CounterProgram(store: store, write: { print($0) })
await program.run(Terminal.events())
