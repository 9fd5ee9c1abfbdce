import Foundation
import Reductor
import ReductorRecording
import ReductorSharing
import Terminal

// A todo list in the terminal, one command per line: `add <title>`, `toggle <n>`,
// `rename <n> <title>`, `delete <n>` (the row goes after 2 s unless `undo <n>`), `filter <text>`
// (applied once typing pauses for 300 ms; `filter` alone clears it), `q`. Each row is a feature
// of its own, with its own effects; toggling and renaming go through the row's bindings, as a
// view's controls would.
// Piped: printf 'add milk\nadd eggs\ntoggle 1\ndelete 2\nq\n' | swift run todos
// `swift run todos --record session.jsonl` records the session (see ReductorRecording).

let store = ReducerStore(initialState: TodosFeature.State(), reducer: TodosFeature.Reducer())
let arguments = CommandLine.arguments.dropFirst()
let recorder: SessionRecorder<TodosFeature.State, TodosFeature.Action>?
if arguments.first == "--record", let path = arguments.dropFirst().first {
  recorder = try store.record(to: URL(filePath: path))
} else {
  recorder = nil
}
// A recorded session's ids come in order, UUID(0), UUID(1), …: a replay of it, whose ids come
// from the test context, makes the same ones.
let recordedIDs: UUIDGenerator? = recorder == nil ? nil : .incrementing
let rows = store.scope(state: \.todos, action: .todo)

print("Todos — add <title>, toggle <n>, rename <n> <title>, delete <n>, undo <n>, filter <text>, q")
let rendering = store.observe(\.line) { line in print(line) }
input: for await event in Terminal.events() {
  guard case .line(let line) = event else { break input }
  let words = line.split(separator: " ", maxSplits: 1).map(String.init)
  guard let command = words.first else { continue }
  let argument = words.count > 1 ? words[1] : ""
  switch command {
  case "q": break input
  case "add":
    withDependencies {
      if let recordedIDs { $0.uuid = recordedIDs }
    } operation: {
      store.send(.add(argument))
    }
  case "filter":
    // What a view's binding of the query sends; waits for the filter to apply, so that the
    // next command sees it.
    await store.send(\.binding.query, argument).finish()
  case "toggle", "rename", "delete", "undo":
    let parts = argument.split(separator: " ", maxSplits: 1).map(String.init)
    guard let number = parts.first.flatMap({ Int($0) }), let id = store.state.id(at: number),
      let row = rows[id: id]
    else {
      print("no todo #\(argument)")
      continue
    }
    switch command {
    case "toggle": row.binding(\.isDone).value.toggle()
    case "rename": row.binding(\.title).value = parts.count > 1 ? parts[1] : ""
    case "delete": row.send(.delete)
    default: row.send(.undo)
    }
  default:
    print("unknown command '\(command)'")
  }
}
// A deletion still waiting finishes before the program ends.
await store.finishEffects(timeout: .seconds(5))
recorder?.stop()
rendering.cancel()
print("bye with \(store.state.todos.count) todos")
