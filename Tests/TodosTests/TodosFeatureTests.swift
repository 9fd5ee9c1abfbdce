import Reductor
import ReductorTesting
import Testing

@testable import Todos

@MainActor
@Suite struct TodosFeatureTests {
  func makeStore() async -> TestStore<TodosFeature.State, TodosFeature.Action> {
    let store = TestStore(initialState: TodosFeature.State(), reducer: TodosFeature.reducer)
    await store.send(.add("milk")) {
      $0.todos = [TodoFeature.State(id: 1, title: "milk")]
      $0.nextID = 2
    }
    await store.send(.add("eggs")) {
      $0.todos.append(TodoFeature.State(id: 2, title: "eggs"))
      $0.nextID = 3
    }
    return store
  }

  @Test func aRowIsToggledByItsOwnAction() async {
    let store = await makeStore()
    await store.send(.todo(id: 2, action: .toggle)) { $0.todos[id: 2]?.isDone = true }
    #expect(store.state.line == "todos: #1 milk, #2 eggs ✓")
  }

  @Test func aDeletedRowGoesAfterTwoSecondsAndItsSiblingStays() async {
    let store = await makeStore()
    await store.send(.todo(id: 1, action: .delete)) { $0.todos[id: 1]?.isDeleting = true }
    await store.clock.advance(by: .milliseconds(1_999))
    await store.send(.todo(id: 2, action: .delete)) { $0.todos[id: 2]?.isDeleting = true }
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.todo(id: 1, action: .deleteNow)) { $0.todos.remove(id: 1) }
    await store.send(.todo(id: 2, action: .undo)) { $0.todos[id: 2]?.isDeleting = false }
    await store.clock.advance(by: .seconds(5))
    #expect(store.state.line == "todos: #2 eggs")
    await store.finish()
  }

  @Test func theFilterAppliesOnceTypingPauses() async {
    let store = await makeStore()
    await store.send(.queryChanged("m")) { $0.query = "m" }
    await store.clock.advance(by: .milliseconds(200))
    await store.send(.queryChanged("mi")) { $0.query = "mi" }
    await store.clock.advance(by: .milliseconds(299))
    #expect(store.state.filter == "")
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.applyFilter) { $0.filter = "mi" }
    #expect(store.state.line == "todos [filter: mi]: #1 milk")
  }

  @Test func anActionForARowThatIsGoneIsAFailure() async {
    let store = await makeStore()
    await withKnownIssue {
      await store.send(.todo(id: 9, action: .toggle))
    }
  }
}
