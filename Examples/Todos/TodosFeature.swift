import Reductor

/// One todo: a title, done or not, and a deletion that waits 2 s for an undo.
enum TodoFeature {
  struct State: Equatable, Identifiable {
    let id: Int
    var title: String
    var isDone = false
    /// Set while the deletion waits; the row goes when it ends.
    var isDeleting = false
  }

  enum Action: Sendable, Equatable {
    case toggle
    /// Deletes the row in 2 s, unless `undo` comes first.
    case delete
    case undo
    /// The wait is over: the list removes the row.
    case deleteNow
  }

  /// How long a deletion waits for an undo.
  static let undoInterval = Duration.seconds(2)

  struct Reducer: Reductor.Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggle:
        state.isDone.toggle()
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

/// The list: todos, a filter that applies once typing pauses, and each row its own feature.
enum TodosFeature {
  struct State: Equatable {
    var todos: IdentifiedArrayOf<TodoFeature.State> = []
    /// The filter as typed, and as applied after 300 ms without typing.
    var query = ""
    var filter = ""
    var nextID = 1

    /// The todos the filter shows.
    var visible: [TodoFeature.State] {
      filter.isEmpty ? Array(todos) : todos.filter { $0.title.contains(filter) }
    }
  }

  enum Action: Sendable, Equatable {
    case add(String)
    case queryChanged(String)
    case applyFilter
    case todo(id: Int, action: TodoFeature.Action)
  }

  /// How long the filter waits for typing to pause.
  static let filterDelay = Duration.milliseconds(300)

  struct Reducer: Reductor.Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let title):
        state.todos.append(TodoFeature.State(id: state.nextID, title: title))
        state.nextID += 1
        return .none
      case .queryChanged(let query):
        state.query = query
        return Effect.send(.applyFilter).debounced(for: TodosFeature.filterDelay, key: "filter")
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
  }

  /// The list's reducer with each row's.
  static var reducer: some Reductor.Reducer<State, Action> {
    Reducer().forEach(\.todos, action: .todo, element: TodoFeature.Reducer())
  }
}

extension ActionCase where Parent == TodosFeature.Action, Child == (Int, TodoFeature.Action) {
  /// A row's action: `.todo(id:action:)`.
  static var todo: Self {
    ActionCase(Parent.todo) { if case .todo(let id, let action) = $0 { (id, action) } else { nil } }
  }
}

extension TodosFeature.State {
  /// The line that shows the list.
  var line: String {
    let rows = visible.map { todo in
      "#\(todo.id) \(todo.title)" + (todo.isDone ? " ✓" : "")
        + (todo.isDeleting ? " (deleting)" : "")
    }
    let filtered = filter.isEmpty ? "" : " [filter: \(filter)]"
    return "todos\(filtered): " + (rows.isEmpty ? "none" : rows.joined(separator: ", "))
  }
}
