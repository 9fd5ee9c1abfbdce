// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Foundation
import Reductor
import ReductorSharing

/// A counter whose count is shared and persisted, and whose taps are its own.
struct SharedCounter: Reducer {
  struct State: Equatable {
    @Shared(.file(URL(filePath: "/counter.json"))) var count = 0
    var taps = 0
  }

  enum Action: Sendable, Equatable {
    case increment
    case tap
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .tap:
      state.taps += 1
      return .none
    }
  }
}
