import Reductor
import Testing

@testable import ReductorReactor

@MainActor
@Suite struct ReleasedParentTests {
  @Test func aChildsNextEventReleasesTheStoreOfAParentThatIsGone() {
    let child = Child()
    var parent: Parent? = Parent(child: child)
    weak let released = parent
    parent?.initialize()
    child.action(1)
    let before = ReactorRegistry.count
    parent = nil
    #expect(released == nil)
    // The parent's subscription asks for the parent, finds it gone and releases its store.
    child.action(2)
    #expect(ReactorRegistry.count == before - 1)
  }
}

@MainActor
private final class Child: Reactable, ObservableEvent {
  let initialState = 0
  func mutate(action: Int) -> Effect<Int> { .just(action) }
  func reduce(state: inout Int, mutation: Int) { state = mutation }
}

@MainActor
private final class Parent: Reactable {
  struct State {
    let child: Child
    var heard: [Int] = []
  }

  let initialState: State

  init(child: Child) { initialState = State(child: child) }

  func mutate(action: Int) -> Effect<Int> { .just(action) }
  func reduce(state: inout State, mutation: Int) { state.heard.append(mutation) }

  func transformAction() -> Effect<Int> {
    let events = child(\.child).observe()
    return .stream { events.map(\.state) }
  }
}
