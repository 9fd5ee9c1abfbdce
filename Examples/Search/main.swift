import Reductor

// Type-ahead search in the terminal: type a query per line, `q` quits. Each query waits for
// 300 ms of quiet, then searches a built-in word list that answers after 100 ms.
// Works interactively and with piped input: printf 'sw\nswi\nq\n' | swift run search

let store = StoreBuilder.reducer(
  initialState: SearchFeature.State(),
  reducer: SearchFeature.Reducer(dependencies: .live))

func show(_ state: SearchFeature.State) {
  if let failure = state.failure {
    print("\"\(state.query)\": search failed: \(failure)")
  } else if state.query.isEmpty {
    print("(no query)")
  } else if state.results.isEmpty {
    print("\"\(state.query)\": no matches")
  } else {
    let shown = state.results.prefix(8).joined(separator: ", ")
    let more = state.results.count > 8 ? ", … \(state.results.count - 8) more" : ""
    print("\"\(state.query)\": \(state.results.count) matches: \(shown)\(more)")
  }
}

print("Search \(Words.all.count) programming words — type a query per line, q quits")
while let line = readLine() {
  let query = line.trimmingSpaces()
  if query == "q" { break }
  // Each line is a new query: wait until its search has answered, then show the results.
  await store.send(.queryChanged(query)).finish()
  show(store.state)
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
