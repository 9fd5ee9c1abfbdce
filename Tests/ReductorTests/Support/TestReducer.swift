import Reductor

/// A reducer built from a closure, so each test states its own rules in place.
struct TestReducer<State, Action: Sendable>: Reducer {
  let body: (inout State, Action) -> Effect<Action>

  init(_ body: @escaping (inout State, Action) -> Effect<Action>) {
    self.body = body
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body(&state, action)
  }
}

/// An action stamped with the virtual time at which it was reduced.
struct Stamped<Value: Equatable>: Equatable, CustomStringConvertible {
  let value: Value
  let at: Duration

  var description: String { "\(value)@\(at)" }
}
