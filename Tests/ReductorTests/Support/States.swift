// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Observation

/// The state shape the shared store scenarios run on, as a struct and as an `@Observable` class.
protocol CountingState {
  var count: Int { get set }
  var log: [String] { get set }
}

struct CountingValue: CountingState, Equatable {
  var count = 0
  var log: [String] = []
}

@Observable
final class CountingModel: CountingState {
  var count = 0
  var log: [String] = []
  var title = "counter"
}

/// Which kind of state a parameterized scenario runs on.
enum StateKind: String, CaseIterable, Sendable {
  case value, observableClass
}
