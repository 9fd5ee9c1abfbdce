import Reductor
import Terminal

// Type-ahead search in the terminal: type a query per line, `q` quits. Each query waits for
// 300 ms of quiet, then searches a built-in word list that answers after 100 ms; a newer query
// replaces the search that waits or runs. Input is read on a thread of its own, so results show
// as they arrive. Works interactively and with piped input: printf 'sw\nswi\nq\n' | swift run search

let store = StoreBuilder.reducer(
  initialState: SearchFeature.State(),
  reducer: SearchFeature.Reducer(dependencies: .live))

func describe(_ state: SearchFeature.State) -> String {
  if let failure = state.failure {
    return "\"\(state.query)\": search failed: \(failure)"
  } else if state.query.isEmpty {
    return "(no query)"
  } else if state.isSearching {
    return "\"\(state.query)\": searching…"
  } else if state.results.isEmpty {
    return "\"\(state.query)\": no matches"
  }
  let shown = state.results.prefix(8).joined(separator: ", ")
  let more = state.results.count > 8 ? ", … \(state.results.count - 8) more" : ""
  return "\"\(state.query)\": \(state.results.count) matches: \(shown)\(more)"
}

print("Search \(Words.all.count) programming words — type a query per line, q quits")
let renderer = Renderer(print: { print($0) }) { describe(store.state) }
renderer.render()
input: for await event in Terminal.events() {
  switch event {
  case .line(let line):
    let query = line.trimmingSpaces()
    if query == "q" { break input }
    store.send(.queryChanged(query))  // the renderer shows the results when they arrive
    renderer.render()
  case .endOfInput, .signal:
    break input
  }
}
// Let the last search answer before the program ends.
await store.finishEffects(timeout: .seconds(5))
renderer.render()

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
