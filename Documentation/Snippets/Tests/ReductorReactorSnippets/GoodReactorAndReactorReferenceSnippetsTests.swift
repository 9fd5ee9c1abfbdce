import Observation
import Reductor
import ReductorReactor
import Testing

// The snippets of GoodReactor's and Reactor's documentation (../shared/reference/goodreactor.md
// and reactor.md), which the article "Coming from GoodReactor and Reactor" cites, must compile, with their SwiftUI and Combine parts removed and the import
// changed. Where the snippets are incomplete or disagree with one another, the smallest change
// that compiles is made and marked `// Adapted:`. The types they use (services, items) are
// declared at the end.

// MARK: - GoodReactor: the view model

@Observable final class ViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action {
    case login(username: String, password: String)
  }

  enum Mutation {
    case didReceiveAuthResponse(Credentials)
  }

  enum Destination {
    case homeScreen
    case errorAlert
  }

  @Observable final class State {
    // Adapted: initial values, which `State()` below needs.
    var username: String = ""
    var password: String = ""
  }

  // Adapted: the destination, which the protocol requires and the snippets do not show.
  var destination: Destination?
  // Adapted: the `networking` the reducer uses.
  @ObservationIgnored let networking = Networking()

  func makeInitialState() -> State {
    return State()
  }

  // Adapted: `GoodReactor.Event` is `ReactorEvent`; the protocol provides this alias, so the
  // line may as well go.
  typealias Event = ReactorEvent<Action, Mutation, Destination>

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.login(let username, let password)):
      run(event) {
        let credentials = await networking.login(username, password)
        return Mutation.didReceiveAuthResponse(credentials)
      }

    // ...

    case .mutation(.didReceiveAuthResponse(let credentials)):
      // proceed with login
      // Adapted: a case needs a statement.
      state.username = credentials.username

    // Adapted: the destinations, which the snippet's `// ...` leaves out.
    case .destination:
      break
    }
  }
}

// MARK: - GoodReactor: subscriptions and the view's calls

final class MyViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  // Adapted: the events and state the view's snippets use.
  enum Action: Sendable {
    case setUsername(String)
    case login(String, String)
  }

  enum Mutation: Sendable {
    case didChangeTime(seconds: Int)
  }

  enum Destination: Sendable {
    case errorAlert
  }

  struct State {
    var username = ""
    var seconds = 0
  }

  var destination: Destination?

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.setUsername(let username)): state.username = username
    case .mutation(.didChangeTime(let seconds)): state.seconds = seconds
    case .action(.login), .destination: break
    }
  }

  // in ViewModel:
  func transform() {
    subscribe {
      await ExternalTimer.shared.timePublisher
    } map: {
      Mutation.didChangeTime(seconds: $0)
    }
  }
}

@MainActor
private func goodReactorView(model: MyViewModel, username: String, password: String) {
  // in View (SwiftUI): `.task { viewModel.start() }`
  model.start()

  // binding (refactored to a variable for better readability)
  let binding = model.bind(\.username, action: { .setUsername($0) })
  // Adapted: `TextField("Username", text: binding)` is SwiftUI.
  binding.value = username

  model.send(action: .login(username, password))
  model.send(destination: .errorAlert)
}

// MARK: - Reactor: the view model

@Observable final class ItemsViewModel: Reactor {
  let reactorStorage = ReactorStorage()

  // Adapted: `Reactor::Event` is `ReductorReactor::ReactorEvent`.
  typealias Event = ReductorReactor::ReactorEvent<Action, Mutation, Destination>

  // MARK: - Dependencies

  @ObservationIgnored private let itemService = ItemService()
  // Adapted: the publisher `transform()` subscribes to.
  @ObservationIgnored private let itemEventService = ItemEventService()

  // MARK: - Properties

  var destination: Destination?

  // MARK: - Action

  enum Action: Sendable {

    case load
    // Adapted: the binding's action.
    case didChangeQuery(String)

  }

  // MARK: - Mutation

  enum Mutation: Sendable {
    // Adapted: the mutation of the external-events snippet.
    case didReceiveUpdate(Item.ID)
  }

  // MARK: - Destination

  enum Destination: Sendable {

    case detail(Item.ID)

  }

  // MARK: - State

  @MainActor @Observable final class State {

    var itemsFetchingState: DataFetchingState<[Item], ItemError> = .idle

    var items: [Item] {
      return itemsFetchingState.successValue ?? []
    }

    // Adapted: the state of the binding snippet.
    var query = ""

  }

  // MARK: - Lifecycle

  func makeInitialState() -> State {
    return State()
  }

  func transform() {
    subscribe(
      to: { itemEventService.updatesPublisher },
      map: { .didReceiveUpdate($0) }
    )
  }

  // MARK: - Reduce

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load):
      fetch(event, \.itemsFetchingState) {
        return try await itemService.fetchItems()
      }

    case .mutation, .destination:
      break

    // Adapted: the binding's action.
    case .action(.didChangeQuery(let query)):
      state.query = query

    }
  }

}

// MARK: - Reactor: asynchronous work

// Adapted: the snippet's cases, in a view model of their own, since its `load` fetches one item
// where the first snippet's fetches the list.
final class ItemDetailViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case load
    case didTapSave
  }

  enum Mutation: Sendable {
    case didFinishSaving(Item)
    case didFailSaving
  }

  struct State {
    var itemID: Item.ID = 1
    var itemFetchingState: DataFetchingState<Item, ItemError> = .idle
    var draft = Item(id: 0, name: "draft")
    var savedItem: Item?
    var isShowingSaveError = false
  }

  private let itemService: ItemService

  init(itemService: ItemService = ItemService()) { self.itemService = itemService }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load):
      let itemID = state.itemID

      fetch(event, \.itemFetchingState) { () throws(ItemError) in
        return try await itemService.fetchItem(id: itemID)
      }

    case .action(.didTapSave):
      let draft = state.draft

      run(event) {
        do {
          return .didFinishSaving(try await itemService.save(draft))
        } catch {
          return .didFailSaving
        }
      }

    case .mutation(.didFinishSaving(let item)):
      state.savedItem = item

    case .mutation(.didFailSaving):
      state.isShowingSaveError = true

    // Adapted: the destinations, which the snippet leaves out.
    case .destination:
      break
    }
  }
}

@MainActor
private func itemsView(viewModel: ItemsViewModel) async {
  // Adapted: the body of the SwiftUI view's `.task`, and its button's action.
  viewModel.start()
  await viewModel.send(action: .load)
  for item in viewModel.items {
    viewModel.send(destination: .detail(item.id))
  }
  // Adapted: `TextField("Search", text: ...)` is SwiftUI.
  let text = viewModel.bind(\.query, action: ItemsViewModel.Action.didChangeQuery)
  text.value = "a"
}

// MARK: - Reactor: type erasure and stubs

typealias ItemsReactor = AnyReactor<
  ItemsViewModel.Action,
  ItemsViewModel.Destination,
  ItemsViewModel.State
>

@MainActor
private func erasedViewModels() -> (ItemsReactor, ItemsReactor) {
  let viewModel: ItemsReactor = ItemsViewModel()
    .eraseToAnyReactor()

  let previewViewModel = Stub<ItemsViewModel>(
    supplier: {
      let state = ItemsViewModel.State()
      state.itemsFetchingState = .success([.placeholder])
      return state
    }
  ).eraseToAnyReactor()
  return (viewModel, previewViewModel)
}

// MARK: - They behave as documented

@MainActor
@Suite struct GoodReactorAndReactorReferenceSnippetsTests {
  @Test func goodReactorsLoginReducesTheAuthResponse() async {
    let model = ViewModel()
    await model.send(action: .login(username: "ada", password: "secret"))
    #expect(model.state.username == "ada")
  }

  @Test func goodReactorsViewCallsReachTheModel() async {
    let model = MyViewModel()
    goodReactorView(model: model, username: "ada", password: "secret")
    #expect(model.state.username == "ada")
    #expect(model.destination == .errorAlert)
  }

  @Test func itemsLoadThroughFetchAndNavigateToADetail() async {
    let viewModel = ItemsViewModel()
    await itemsView(viewModel: viewModel)
    #expect(viewModel.items == [Item(id: 1, name: "one"), Item(id: 2, name: "two")])
    guard case .detail(2) = viewModel.destination else {
      Issue.record("destination: \(String(describing: viewModel.destination))")
      return
    }
    #expect(viewModel.query == "a")
  }

  @Test func theDetailFetchesItsItemAndSaves() async {
    let viewModel = ItemDetailViewModel()
    await viewModel.send(action: .load)
    #expect(viewModel.itemFetchingState == .success(Item(id: 1, name: "one")))
    await viewModel.send(action: .didTapSave)
    #expect(viewModel.savedItem == Item(id: 0, name: "draft"))
    #expect(!viewModel.isShowingSaveError)
  }

  @Test func theErasedViewModelAndThePreviewStub() async {
    let (viewModel, preview) = erasedViewModels()
    #expect(preview.items == [.placeholder])
    await viewModel.send(action: .load)
    #expect(viewModel.items.count == 2)
  }
}

// MARK: - What the snippets use

struct Credentials: Sendable {
  let username: String
}

struct Networking: Sendable {
  func login(_ username: String, _ password: String) async -> Credentials {
    Credentials(username: username)
  }
}

actor ExternalTimer {
  static let shared = ExternalTimer()
  private let publisher = PassthroughPublisher<Int>()

  var timePublisher: PassthroughPublisher<Int> { publisher }
}

struct Item: Identifiable, Equatable, Sendable {
  let id: Int
  let name: String

  static let placeholder = Item(id: 0, name: "placeholder")
}

struct ItemService: Sendable {
  func fetchItems() async throws(ItemError) -> [Item] {
    [Item(id: 1, name: "one"), Item(id: 2, name: "two")]
  }

  func fetchItem(id: Item.ID) async throws(ItemError) -> Item {
    Item(id: id, name: "one")
  }

  func save(_ draft: Item) async throws -> Item {
    draft
  }
}

struct ItemEventService: Sendable {
  let updatesPublisher = PassthroughPublisher<Item.ID>()
}
