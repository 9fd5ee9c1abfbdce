import Reductor
import Terminal

// A todo list in the terminal, one command per line: `add <title>`, `toggle <n>`, `delete <n>`
// (the row goes after 2 s unless `undo <n>`), `filter <text>` (applied once typing pauses for
// 300 ms; `filter` alone clears it), `q`. Each row is a feature of its own, with its own effects.
// Piped: printf 'add milk\nadd eggs\ntoggle 1\ndelete 2\nq\n' | swift run todos

let store = ReducerStore(initialState: TodosFeature.State(), reducer: TodosFeature.reducer)
let rows = store.scope(state: \.todos, action: .todo)

print("Todos — add <title>, toggle <n>, delete <n>, undo <n>, filter <text>, q")
let rendering = store.observe(\.line) { line in print(line) }
input: for await event in Terminal.events() {
  guard case .line(let line) = event else { break input }
  let words = line.split(separator: " ", maxSplits: 1).map(String.init)
  guard let command = words.first else { continue }
  let argument = words.count > 1 ? words[1] : ""
  switch command {
  case "q": break input
  case "add": store.send(.add(argument))
  case "filter":
    // Waits for the filter to apply, so that the next command sees it.
    await store.send(.queryChanged(argument)).finish()
  case "toggle", "delete", "undo":
    guard let id = Int(argument), let row = rows[id: id] else {
      print("no todo #\(argument)")
      continue
    }
    row.send(command == "toggle" ? .toggle : command == "delete" ? .delete : .undo)
  default:
    print("unknown command '\(command)'")
  }
}
// A deletion still waiting finishes before the program ends.
await store.finishEffects(timeout: .seconds(5))
rendering.cancel()
print("bye with \(store.state.todos.count) todos")
