import Reductor
import Testing

@testable import ReductorReactor

@MainActor
@Suite struct ReleasedParentTests {
  /// A parent that listens to its child's events goes with its store at once, and the child's
  /// next event reaches nobody.
  @Test func aReleasedParentsStoreGoesAtOnce() async {
    let child = Child()
    var parent: Parent? = Parent(child: child)
    weak let released = parent
    weak let store = parent.map { $0.store as AnyObject }
    parent?.initialize()
    child.action(1)
    parent = nil
    #expect(released == nil)
    #expect(store == nil)
    child.action(2)
    #expect(child.currentState == 2)
  }
}

@MainActor
private final class Child: Reactable, ObservableEvent {
  let reactorStorage = ReactorStorage()
  let initialState = 0
  func mutate(action: Int) -> Effect<Int> { .just(action) }
  func reduce(state: inout Int, mutation: Int) { state = mutation }
}

@MainActor
private final class Parent: Reactable {
  let reactorStorage = ReactorStorage()
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
