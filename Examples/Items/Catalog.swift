import Reductor
import ReductorReactor

/// The items' server: answers after a latency on the effect's clock, fails while `isDown`, and
/// announces every change on `changes`.
actor Catalog {
  private var items: [Item]
  private var isDown = false
  private let latency: Duration
  /// Sends a value whenever the items change.
  nonisolated let changes = PassthroughPublisher<Void>()

  init(items: [String], latency: Duration = .milliseconds(300)) {
    self.items = items.enumerated().map { Item(id: $0.offset + 1, name: $0.element) }
    self.latency = latency
  }

  func items() async throws(CatalogError) -> [Item] {
    do {
      try await EffectContext.clock.sleep(for: latency)
    } catch {
      throw CatalogError(reason: "cancelled")
    }
    if isDown { throw CatalogError(reason: "the catalog is down") }
    return items
  }

  func add(_ name: String) async {
    items.append(Item(id: (items.map(\.id).max() ?? 0) + 1, name: name))
    changes.send(())
  }

  func setDown(_ isDown: Bool) {
    self.isDown = isDown
  }
}
