import Reductor
import ReductorReactor
import Testing

// Adapted: ReactableKit's DependencyInjectable and Factory examples, with Sendable protocols.
protocol ServiceProtocol: Sendable {
  func test() -> String
}

struct Service: ServiceProtocol {
  func test() -> String { "real" }

  struct Mock: ServiceProtocol {
    func test() -> String { "mock" }
  }

  struct TestMock: ServiceProtocol {
    func test() -> String { "test" }
  }
}

extension Service: DependencyInjectable {
  static var real: any ServiceProtocol { Service() }
  static var preview: any ServiceProtocol { Service.Mock() }
  static var test: any ServiceProtocol { Service.TestMock() }
}

/// Only `real`: previews and tests use it too.
struct RealOnly: DependencyInjectable {
  static var real: String { "real only" }
}

final class TestObject: Factory {
  struct Payload {
    var text: String
  }

  let payload: Payload

  init(payload: Payload) {
    self.payload = payload
  }
}

extension TestObject: DependencyInjectable {
  typealias DependencyType = TestObject.Factory
  static var real: TestObject.Factory { .init() }
}

protocol Describing {
  var text: String { get }
}

extension TestObject: Describing {
  var text: String { payload.text }
}

/// Makes `Describing` values: test objects in programs, a mock in tests.
struct DescribingFactoryKey: DependencyInjectable {
  struct Mock: Describing {
    let text = "mock"
  }

  static var real: AnyFactory<any Describing, TestObject.Payload> {
    AnyFactory(factory: TestObject.Factory()) { $0 }
  }

  static var test: AnyFactory<any Describing, TestObject.Payload> {
    AnyFactory { _ in Mock() }
  }
}

extension GlobalDependencyKey {
  var service: any ServiceProtocol {
    self[Service.self]
  }

  var testObjectFactory: TestObject.Factory {
    self[TestObject.self]
  }

  var describingFactory: AnyFactory<any Describing, TestObject.Payload> {
    self[DescribingFactoryKey.self]
  }
}

/// A reactable whose `mutate` reads the service.
@MainActor
final class ServiceReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case ask }
  enum Mutation: Sendable { case answered(String) }
  struct State { var answer = "" }

  @Dependency(\.service) var service

  var initialState: State { State() }

  func mutate(action: Action) -> Effect<Mutation> {
    .just(.answered(service.test()))
  }

  func reduce(state: inout State, mutation: Mutation) {
    guard case .answered(let answer) = mutation else { return }
    state.answer = answer
  }
}

/// A GoodReactor-style view model whose `reduce` reads the service.
@MainActor
final class ServiceViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case ask }
  struct State { var answer = "" }

  @Dependency(\.service) var service

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    guard case .action(.ask) = event.kind else { return }
    state.answer = service.test()
  }
}

struct Reader {
  @Dependency(\.service) var service
  @Dependency(RealOnly.self) var realOnly
  @Dependency(\.testObjectFactory) var testObjectFactory
  @Dependency(\.describingFactory) var describingFactory
}

@MainActor
@Suite struct ReactableKitDependencyTests {
  @Test(arguments: [
    (DependencyContext.live, "real"), (.preview, "mock"), (.test, "test"),
  ])
  func aDependencyInjectableGivesItsValueOfEachContext(context: DependencyContext, value: String) {
    let read = withDependencies {
      $0.context = context
    } operation: {
      [Reader().service.test(), Reader().realOnly]
    }
    #expect(read == [value, "real only"])
  }

  @Test func aReactablesMutateReadsTheDependenciesInForce() {
    let reactable = ServiceReactable()
    withDependencies {
      $0[Service.self] = Service.Mock()
    } operation: {
      reactable.action(.ask)
    }
    #expect(reactable.currentState.answer == "mock")
    reactable.action(.ask)
    #expect(reactable.currentState.answer == "real")
  }

  @Test func aReactorsReduceReadsTheDependenciesInForce() {
    let viewModel = ServiceViewModel()
    withDependencies {
      $0.context = .preview
    } operation: {
      viewModel.send(action: .ask)
    }
    #expect(viewModel.state.answer == "mock")
    viewModel.send(action: .ask)
    #expect(viewModel.state.answer == "real")
  }

  @Test func factoriesAreDependenciesAndAnyFactoryTurnsTheirProductsIntoOneType() {
    #expect(Reader().testObjectFactory.create(payload: .init(text: "made")).payload.text == "made")
    #expect(Reader().describingFactory.create(payload: .init(text: "object")).text == "object")
    let inTests = withDependencies {
      $0.context = .test
    } operation: {
      Reader().describingFactory.create(payload: .init(text: "object")).text
    }
    #expect(inTests == "mock")
  }
}
