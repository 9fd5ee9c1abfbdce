import Reductor
import ReductorSharing

/// The counter: a count, a load from a (simulated) server that replaces it, a save to it, and a
/// timer that counts up every second.
enum CounterFeature {
  struct State: Equatable, Codable {
    var count = 0
    var isLoading = false
    var isTicking = false
    var isSaving = false
    /// The count the last save stored, if one finished: kept in a file, so that the next run
    /// knows it.
    @Shared(.file(named: "saved-count.json")) var savedCount: Int? = nil
  }

  enum Action: Sendable, Equatable, Codable {
    case increment
    case decrement
    case reset
    case load
    case loaded(Int)
    case toggleTicking
    case ticked
    case save
    case saved(Int)
    case saveFailed
  }

  /// The keys of the effects that a newer one, or a cancel, replaces.
  enum Key: Hashable, Sendable {
    case load
    case ticking
  }

  struct Dependencies: Sendable {
    /// Fetches the saved count.
    var fetchCount: @Sendable () async throws -> Int
    /// Stores the count.
    var saveCount: @Sendable (Int) async throws -> Void

    /// A server that answers 42 after 300 ms, and saves in 200 ms, on the effect's clock.
    static let live = Dependencies(
      fetchCount: {
        try await EffectContext.clock.sleep(for: .milliseconds(300))
        return 42
      },
      saveCount: { _ in
        try await EffectContext.clock.sleep(for: .milliseconds(200))
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
        return .run(lifetime: .replaceable(Key.load)) {
          .loaded(try await fetchCount())
        } catch: { _ in
          .loaded(current)  // keep the count when the server fails
        }
      case .loaded(let count):
        state.isLoading = false
        state.count = count
        return .none
      case .toggleTicking:
        state.isTicking.toggle()
        guard state.isTicking else { return .cancel(Key.ticking) }
        return .stream(lifetime: .replaceable(Key.ticking)) {
          EffectContext.ticks(every: .seconds(1)).map { _ in Action.ticked }
        }
      case .ticked:
        state.count += 1
        return .none
      case .save:
        state.isSaving = true
        let saveCount = dependencies.saveCount
        let count = state.count
        // Detached: a save finishes even if the store goes away first.
        return .run(lifetime: .detached) {
          try await saveCount(count)
          return .saved(count)
        } catch: { _ in
          .saveFailed
        }
      case .saved(let count):
        state.isSaving = false
        state.savedCount = count
        return .none
      case .saveFailed:
        state.isSaving = false
        return .none
      }
    }
  }
}

/// The app: the counter, how many commands the user typed, and whether it is quitting.
enum AppFeature {
  struct State: Equatable, Codable {
    var counter = CounterFeature.State()
    var commands = 0
    /// Why the app is quitting, once it is.
    var quitReason: QuitReason?
  }

  /// What made the app quit.
  enum QuitReason: Sendable, Equatable, Codable {
    /// The user typed `q`.
    case command
    /// Standard input ended.
    case endOfInput
    /// The process received a signal, such as `SIGINT` (Ctrl-C) or `SIGTERM`.
    case signal(Int32)
  }

  enum Action: Sendable, Equatable, Codable {
    case counter(CounterFeature.Action)
    case commandEntered
    case quit(QuitReason)
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
      case .quit(let reason):
        guard state.quitReason == nil else { return .none }
        state.quitReason = reason
        // The timer would never end; a load or a save in flight is left to finish.
        state.counter.isTicking = false
        return .cancel(CounterFeature.Key.ticking)
      }
    }
  }
}
