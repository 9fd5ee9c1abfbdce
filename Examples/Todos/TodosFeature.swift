import Foundation
import Reductor
import ReductorSharing

/// One todo: a title and a done mark that the view edits through bindings, and a deletion that
/// waits 2 s for an undo.
enum TodoFeature {
  struct State: Equatable, Identifiable, Codable {
    let id: UUID
    var title: String
    var isDone = false
    /// Set while the deletion waits; the row goes when it ends.
    var isDeleting = false
  }

  enum Action: BindableAction, Equatable, Codable {
    /// The view edited the title or the done mark.
    case binding(BindingAction<State>)
    /// Deletes the row in 2 s, unless `undo` comes first.
    case delete
    case undo
    /// The wait is over: the list removes the row.
    case deleteNow
  }

  /// How long a deletion waits for an undo.
  static let undoInterval = Duration.seconds(2)

  struct Reducer: Reductor.Reducer {
    var body: some Reductor.Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .binding:
          return .none
        case .delete:
          state.isDeleting = true
          // Under the row's own key: another row's deletion is another key.
          return .run(lifetime: .replaceable("delete")) {
            try await EffectContext.clock.sleep(for: TodoFeature.undoInterval)
            return .deleteNow
          }
        case .undo:
          state.isDeleting = false
          return .cancel("delete")
        case .deleteNow:
          return .none
        }
      }
    }
  }
}

/// The list: todos with ids from the `uuid` dependency, a filter that applies once typing
/// pauses, and each row its own feature.
enum TodosFeature {
  struct State: Equatable, Codable {
    var todos: IdentifiedArrayOf<TodoFeature.State> = []
    /// The filter as typed, and as applied after 300 ms without typing.
    var query = ""
    var filter = ""

    /// The todos the filter shows.
    var visible: [TodoFeature.State] {
      filter.isEmpty ? Array(todos) : todos.filter { $0.title.contains(filter) }
    }
  }

  enum Action: BindableAction, Equatable, Codable {
    case add(String)
    /// The view edited the query.
    case binding(BindingAction<State>)
    case applyFilter
    case todo(id: UUID, action: TodoFeature.Action)
  }

  /// How long the filter waits for typing to pause.
  static let filterDelay = Duration.milliseconds(300)

  struct Reducer: Reductor.Reducer {
    var body: some Reductor.Reducer<State, Action> {
      BindingReducer()
      Reduce { state, action in
        switch action {
        case .add(let title):
          @Dependency(\.uuid) var uuid
          state.todos.append(TodoFeature.State(id: uuid(), title: title))
          return .none
        case .binding(\.query):
          return Effect.send(.applyFilter).debounced(for: TodosFeature.filterDelay, key: "filter")
        case .binding:
          return .none
        case .applyFilter:
          state.filter = state.query
          return .none
        case .todo(let id, .deleteNow):
          // The row reduced it first; its effects end with it.
          state.todos.remove(id: id)
          return .none
        case .todo:
          return .none
        }
      }
      .forEach(\.todos, action: .todo, element: TodoFeature.Reducer())
    }
  }
}

// The fields the view binds, by name: what lets a session with binding actions be recorded.
extension TodoFeature.State: NamedBindingFields {
  static let bindingFields: [BindingField<Self>] = [
    BindingField("title", \.title), BindingField("isDone", \.isDone),
  ]
}

extension TodosFeature.State: NamedBindingFields {
  static let bindingFields: [BindingField<Self>] = [BindingField("query", \.query)]
}

extension ActionCase where Parent == TodosFeature.Action, Child == (UUID, TodoFeature.Action) {
  /// A row's action: `.todo(id:action:)`.
  static var todo: Self {
    ActionCase(Parent.todo) { if case .todo(let id, let action) = $0 { (id, action) } else { nil } }
  }
}

extension TodosFeature.State {
  /// The line that shows the list: each todo by its place in the list, from 1.
  var line: String {
    let rows = todos.enumerated().compactMap { offset, todo -> String? in
      guard filter.isEmpty || todo.title.contains(filter) else { return nil }
      return "#\(offset + 1) \(todo.title)" + (todo.isDone ? " ✓" : "")
        + (todo.isDeleting ? " (deleting)" : "")
    }
    let filtered = filter.isEmpty ? "" : " [filter: \(filter)]"
    return "todos\(filtered): " + (rows.isEmpty ? "none" : rows.joined(separator: ", "))
  }

  /// The id of the todo at place `number`, from 1.
  func id(at number: Int) -> UUID? {
    todos.indices.contains(number - 1) ? todos[number - 1].id : nil
  }
}
