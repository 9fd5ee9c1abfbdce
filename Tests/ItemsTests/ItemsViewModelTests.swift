import Reductor
import ReductorReactor
import Testing

@testable import Items

@MainActor
@Suite struct ItemsViewModelTests {
  let clock = ManualClock()
  let catalog = Catalog(items: ["apple", "banana"])

  func makeViewModel() -> ItemsViewModel {
    let viewModel = ItemsViewModel(catalog: catalog, clock: clock)
    viewModel.start()
    return viewModel
  }

  @Test func loadingShowsAtOnceAndTheItemsAfterTheLatency() async {
    let viewModel = makeViewModel()
    let task: StoreTask = viewModel.send(action: .load)
    #expect(viewModel.itemsState == .loading)
    await clock.advance(by: .milliseconds(299))
    #expect(viewModel.itemsState == .loading)
    await clock.advance(by: .milliseconds(1))
    #expect(viewModel.items == [Item(id: 1, name: "apple"), Item(id: 2, name: "banana")])
    #expect(task.isFinished)
  }

  @Test func aCatalogThatIsDownFailsTheLoad() async {
    let viewModel = makeViewModel()
    // Through the clock: the catalog is free again when the load's effect calls it.
    await clock.settle { [catalog] in await catalog.setDown(true) }
    let task: StoreTask = viewModel.send(action: .load)
    await clock.advance(by: .milliseconds(300))
    #expect(viewModel.itemsState == .failure(CatalogError(reason: "the catalog is down")))
    #expect(task.isFinished)
  }

  @Test func aChangeOfTheCatalogReloadsTheListThroughTheSubscription() async {
    let viewModel = makeViewModel()
    await clock.settle { [catalog] in await catalog.add("cherry") }
    #expect(viewModel.itemsState == .loading)
    #expect(viewModel.loads == 1)
    await clock.advance(by: .milliseconds(300))
    #expect(viewModel.items.map(\.name) == ["apple", "banana", "cherry"])
  }

  @Test func aDetailIsADestination() {
    let viewModel = makeViewModel()
    viewModel.send(destination: .detail(2))
    #expect(viewModel.destination == .detail(2))
    viewModel.send(destination: nil)
    #expect(viewModel.destination == nil)
  }
}
