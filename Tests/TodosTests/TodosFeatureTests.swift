import Foundation
import Reductor
import ReductorSharing
import ReductorTesting
import Testing

@testable import Todos

@MainActor
@Suite struct TodosFeatureTests {
  func makeStore() async -> TestStore<TodosFeature.State, TodosFeature.Action> {
    // The test store's `uuid` makes UUID(0), UUID(1), … in order.
    let store = TestStore(initialState: TodosFeature.State(), reducer: TodosFeature.Reducer())
    await store.send(.add("milk")) {
      $0.todos = [TodoFeature.State(id: UUID(0), title: "milk")]
    }
    await store.send(.add("eggs")) {
      $0.todos.append(TodoFeature.State(id: UUID(1), title: "eggs"))
    }
    return store
  }

  @Test func aRowIsEditedThroughItsBindings() async {
    let store = await makeStore()
    await store.send(.todo(id: UUID(1), action: .binding(.set(\.isDone, true)))) {
      $0.todos[id: UUID(1)]?.isDone = true
    }
    await store.send(.todo(id: UUID(0), action: .binding(.set(\.title, "oat milk")))) {
      $0.todos[id: UUID(0)]?.title = "oat milk"
    }
    #expect(store.state.line == "todos: #1 oat milk, #2 eggs ✓")
  }

  /// TCA's spellings: a row's binding sent by its path, and the row's action received by its
  /// id, which another row's would not match.
  @Test func aRowIsSentToAndReceivedFromByItsID() async {
    let store = await makeStore()
    await store.send(\.todo[id: UUID(1)].binding.isDone, true) {
      $0.todos[id: UUID(1)]?.isDone = true
    }
    await store.send(\.todo[id: UUID(0)], .delete) { $0.todos[id: UUID(0)]?.isDeleting = true }
    await store.clock.advance(by: TodoFeature.undoInterval)
    await store.receive(\.todo[id: UUID(0)].deleteNow) { $0.todos.remove(id: UUID(0)) }
    #expect(store.state.line == "todos: #1 eggs ✓")
    await store.finish()
  }

  @Test func aDeletedRowGoesAfterTwoSecondsAndItsSiblingStays() async {
    let store = await makeStore()
    await store.send(.todo(id: UUID(0), action: .delete)) {
      $0.todos[id: UUID(0)]?.isDeleting = true
    }
    await store.clock.advance(by: .milliseconds(1_999))
    await store.send(.todo(id: UUID(1), action: .delete)) {
      $0.todos[id: UUID(1)]?.isDeleting = true
    }
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.todo(id: UUID(0), action: .deleteNow)) { $0.todos.remove(id: UUID(0)) }
    await store.send(.todo(id: UUID(1), action: .undo)) {
      $0.todos[id: UUID(1)]?.isDeleting = false
    }
    await store.clock.advance(by: .seconds(5))
    #expect(store.state.line == "todos: #1 eggs")
    await store.finish()
  }

  @Test func theFilterAppliesOnceTypingPauses() async {
    let store = await makeStore()
    await store.send(.binding(.set(\.query, "m"))) { $0.query = "m" }
    await store.clock.advance(by: .milliseconds(200))
    await store.send(.binding(.set(\.query, "mi"))) { $0.query = "mi" }
    await store.clock.advance(by: .milliseconds(299))
    #expect(store.state.filter == "")
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.applyFilter) { $0.filter = "mi" }
    #expect(store.state.line == "todos [filter: mi]: #1 milk")
  }

  @Test func aRowIsFoundByItsPlaceInTheList() async {
    let store = await makeStore()
    #expect(store.state.id(at: 2) == UUID(1))
    #expect(store.state.id(at: 3) == nil)
    #expect(store.state.id(at: 0) == nil)
  }

  @Test func anActionForARowThatIsGoneIsAFailure() async {
    let store = await makeStore()
    await withKnownIssue {
      await store.send(.todo(id: UUID(9), action: .undo))
    }
  }
}
