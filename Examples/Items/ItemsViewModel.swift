import Observation
import Reductor
import ReductorReactor

/// An item of the catalog.
struct Item: Identifiable, Equatable, Sendable {
  let id: Int
  var name: String
}

/// Why the catalog could not be loaded.
struct CatalogError: Error, Equatable, CustomStringConvertible {
  let reason: String

  var description: String { reason }
}

/// The list of items: loaded with `fetch`, refreshed when the catalog announces a change, and
/// a detail to navigate to.
@Observable
final class ItemsViewModel: Reactor {
  enum Action: Sendable, Equatable {
    case load
    case add(String)
  }

  enum Mutation: Sendable {
    /// The catalog changed (announced through its `changes` publisher).
    case catalogChanged
  }

  enum Destination: Sendable, Equatable {
    case detail(Item.ID)
  }

  @MainActor @Observable final class State {
    var itemsState: DataFetchingState<[Item], CatalogError> = .idle
    /// How many times the list was loaded.
    var loads = 0

    var items: [Item] { itemsState.successValue ?? [] }
  }

  var destination: Destination?
  @ObservationIgnored let reactorStorage = ReactorStorage()
  @ObservationIgnored let clock: any Clock<Duration>
  @ObservationIgnored private let catalog: Catalog

  init(catalog: Catalog, clock: any Clock<Duration> = ContinuousClock()) {
    self.catalog = catalog
    self.clock = clock
  }

  func makeInitialState() -> State { State() }

  func transform() {
    subscribe(to: { catalog.changes }, map: { _ in .catalogChanged })
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load), .mutation(.catalogChanged):
      state.loads += 1
      let catalog = catalog
      fetch(event, \.itemsState) { () throws(CatalogError) in
        try await catalog.items()
      }
    case .action(.add(let name)):
      let catalog = catalog
      run(event) {
        await catalog.add(name)
        return nil  // the catalog announces the change; the subscription reloads
      }
    case .destination:
      break
    }
  }
}
