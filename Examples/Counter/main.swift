import Reductor

// A terminal counter: type `+`, `-`, `reset`, `load` or `q`, one per line.
// Works interactively and with piped input: printf '+\n+\nload\nq\n' | swift run counter
// With --log, every action and state is logged (debug builds): swift run counter --log

let store = StoreBuilder.reducer(
  initialState: AppFeature.State(),
  reducer: AppFeature.Reducer(dependencies: .live))
if CommandLine.arguments.dropFirst().contains("--log") {
  store.logging()
}
let counter = store.scope(state: \.counter, action: AppFeature.Action.counter)

func show(_ state: CounterFeature.State) {
  print("count: \(state.count)\(state.isLoading ? " (loading…)" : "")")
}

print("Counter — commands: + - reset load q")
show(counter.state)
while let line = readLine() {
  let command = line.trimmingSpaces()
  if command.isEmpty { continue }
  if command == "q" || command == "quit" { break }
  let action: CounterFeature.Action
  switch command {
  case "+": action = .increment
  case "-": action = .decrement
  case "reset": action = .reset
  case "load": action = .load
  default:
    print("unknown command '\(command)'; try + - reset load q")
    continue
  }
  store.send(.commandEntered)
  let task = counter.send(action)
  show(counter.state)
  if action == .load {
    await task.finish()
    show(counter.state)
  }
}
print("bye after \(store.state.commands) commands")

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
