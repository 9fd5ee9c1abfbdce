import Foundation
import Reductor
import ReductorRecording
import Terminal

// Type-ahead search in the terminal: type a query per line, `q` quits. Each query waits for
// 300 ms of quiet, then searches a built-in word list that answers after 100 ms; a newer query
// replaces the search that waits or runs. Input is read on a thread of its own, so results show
// as they arrive. Works interactively and with piped input: printf 'sw\nswi\nq\n' | swift run search
// `swift run search --record session.jsonl` records the session (see ReductorRecording).

let store = ReducerStore(
  initialState: SearchFeature.State(),
  reducer: SearchFeature.Reducer(dependencies: .live))
let arguments = CommandLine.arguments.dropFirst()
let recorder: SessionRecorder<SearchFeature.State, SearchFeature.Action>?
if arguments.first == "--record", let path = arguments.dropFirst().first {
  recorder = try store.record(to: URL(filePath: path))
} else {
  recorder = nil
}

extension SearchFeature.State {
  /// The line that shows the search.
  fileprivate var line: String {
    if let failure {
      return "\"\(query)\": search failed: \(failure)"
    } else if query.isEmpty {
      return "(no query)"
    } else if isSearching {
      return "\"\(query)\": searching…"
    } else if results.isEmpty {
      return "\"\(query)\": no matches"
    }
    let shown = results.prefix(8).joined(separator: ", ")
    let more = results.count > 8 ? ", … \(results.count - 8) more" : ""
    return "\"\(query)\": \(results.count) matches: \(shown)\(more)"
  }
}

print("Search \(Words.all.count) programming words — type a query per line, q quits")
// A line now, and one whenever the results or the query change, also while waiting for input.
let rendering = store.observe(\.line) { line in print(line) }
input: for await event in Terminal.events() {
  switch event {
  case .line(let line):
    let query = line.trimmingSpaces()
    if query == "q" { break input }
    store.send(.queryChanged(query))  // the observer shows the results when they arrive
  case .endOfInput, .signal:
    break input
  }
}
// Let the last search answer before the program ends, and its step be written.
await store.finishEffects(timeout: .seconds(5))
recorder?.stop()
rendering.cancel()

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
