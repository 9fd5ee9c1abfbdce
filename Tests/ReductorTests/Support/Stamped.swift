// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Reductor

/// An action stamped with the virtual time at which it was reduced.
struct Stamped<Value: Equatable>: Equatable, CustomStringConvertible {
  let value: Value
  let at: Duration

  var description: String { "\(value)@\(at)" }
}
