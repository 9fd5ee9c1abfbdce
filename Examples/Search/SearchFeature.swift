import Reductor

/// Type-ahead search over a word list: a query change waits for 300 ms of quiet, then searches,
/// and a newer query replaces the search that is waiting or running.
enum SearchFeature {
  struct State: Equatable, Codable {
    /// What the user typed last.
    var query = ""
    /// The words that match the last query that finished searching.
    var results: [String] = []
    /// Whether a search for `query` is waiting for quiet or running.
    var isSearching = false
    /// Why the last search failed, if it did.
    var failure: String?
  }

  enum Action: Sendable, Equatable, Codable {
    case queryChanged(String)
    case searchResponse([String])
    case searchFailed(String)
  }

  /// The key the search is debounced under: a newer query cancels the older search.
  enum Key: Hashable, Sendable {
    case search
  }

  /// How long the query must stay unchanged before the search starts.
  static let debounceInterval = Duration.milliseconds(300)

  struct Dependencies: Sendable {
    /// Returns the words that match a query.
    var search: @Sendable (String) async throws -> [String]

    /// Searches `words` after `latency` on the effect's clock, like a slow server would.
    static func wordList(_ words: [String], latency: Duration) -> Dependencies {
      Dependencies { query in
        try await EffectContext.clock.sleep(for: latency)
        return SearchFeature.matches(for: query, in: words)
      }
    }

    /// The built-in word list, answering after 100 ms.
    static let live = wordList(Words.all, latency: .milliseconds(100))
  }

  /// The words that start with `query`, ignoring case, in the order of `words`.
  static func matches(for query: String, in words: [String]) -> [String] {
    let prefix = query.lowercased()
    return words.filter { $0.hasPrefix(prefix) }
  }

  struct Reducer: InjectableReducer {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .queryChanged(let query):
        state.query = query
        state.failure = nil
        guard !query.isEmpty else {
          state.results = []
          state.isSearching = false
          return .cancel(Key.search)  // nothing to search; stop a pending search
        }
        state.isSearching = true
        let search = dependencies.search
        return .run {
          .searchResponse(try await search(query))
        } catch: { error in
          .searchFailed("\(error)")
        }
        .debounced(for: SearchFeature.debounceInterval, key: Key.search)
      case .searchResponse(let results):
        state.results = results
        state.isSearching = false
        return .none
      case .searchFailed(let message):
        state.failure = message
        state.isSearching = false
        return .none
      }
    }
  }
}
