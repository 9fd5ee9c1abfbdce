import Reductor

/// The counter: a count, and a load from a (simulated) server that replaces it.
enum CounterFeature {
  struct State: Equatable {
    var count = 0
    var isLoading = false
  }

  enum Action: Sendable, Equatable {
    case increment
    case decrement
    case reset
    case load
    case loaded(Int)
  }

  struct Dependencies: Sendable {
    /// Fetches the saved count.
    var fetchCount: @Sendable () async throws -> Int

    /// A server that answers 42 after 300 ms on the effect's clock.
    static let live = Dependencies(fetchCount: {
      try await EffectContext.clock.sleep(for: .milliseconds(300))
      return 42
    })
  }

  struct Reducer: InjectableReducer {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
        return .none
      case .decrement:
        state.count -= 1
        return .none
      case .reset:
        state.count = 0
        return .none
      case .load:
        state.isLoading = true
        let fetchCount = dependencies.fetchCount
        let current = state.count
        return .run(lifetime: .replaceable("load")) {
          .loaded(try await fetchCount())
        } catch: { _ in
          .loaded(current)  // keep the count when the server fails
        }
      case .loaded(let count):
        state.isLoading = false
        state.count = count
        return .none
      }
    }
  }
}

/// The app: the counter, plus how many commands the user typed.
enum AppFeature {
  struct State: Equatable {
    var counter = CounterFeature.State()
    var commands = 0
  }

  enum Action: Sendable, Equatable {
    case counter(CounterFeature.Action)
    case commandEntered
  }

  struct Reducer: InjectableReducer {
    let dependencies: CounterFeature.Dependencies
    private let counter: CounterFeature.Reducer

    init(dependencies: CounterFeature.Dependencies) {
      self.dependencies = dependencies
      counter = CounterFeature.Reducer(dependencies: dependencies)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .counter(let action):
        return counter(into: &state.counter, action: action).map(Action.counter)
      case .commandEntered:
        state.commands += 1
        return .none
      }
    }
  }
}
