import Observation
import Reductor
import Testing

// The "Composing Features" shape users know from NanoRedux: an app reducer that embeds child
// reducers, one of them injectable, on parts of an `@Observable` class state.

enum TodoFeature {
  struct State: Equatable {
    var items: [String] = []
  }

  enum Action: Sendable, Equatable {
    case add(String)
    case addDefault
  }

  struct Dependencies: Sendable {
    let defaultItem: @Sendable () async -> String
  }

  struct Reducer: Reductor.InjectableReducer {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let item):
        state.items.append(item)
        return .none
      case .addDefault:
        let defaultItem = dependencies.defaultItem
        return .run { .add(await defaultItem()) }
      }
    }
  }
}

enum SettingsFeature {
  struct State: Equatable {
    var darkMode = false
    var savedCount = 0
  }

  enum Action: Sendable {
    case toggle
    case saved
  }

  struct Reducer: Reductor.Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .toggle:
        state.darkMode.toggle()
        return .run { .saved }  // the work runs; the parent's mapNone drops `.saved`
      case .saved:
        state.savedCount += 1
        return .none
      }
    }
  }
}

enum AppFeature {
  @Observable
  final class State {
    var todo = TodoFeature.State()
    var settings = SettingsFeature.State()
  }

  enum Action: Sendable {
    case todo(TodoFeature.Action)
    case settings(SettingsFeature.Action)
  }

  struct Dependencies: Sendable {
    let todo: TodoFeature.Dependencies
  }

  struct Reducer: Reductor.InjectableReducer {
    let dependencies: Dependencies
    private let todoReducer: TodoFeature.Reducer
    private let settingsReducer = SettingsFeature.Reducer()

    init(dependencies: Dependencies) {
      self.dependencies = dependencies
      todoReducer = TodoFeature.Reducer(dependencies: dependencies.todo)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .todo(let childAction):
        return todoReducer(into: &state.todo, action: childAction).map { Action.todo($0) }
      case .settings(let childAction):
        return settingsReducer(into: &state.settings, action: childAction).mapNone()
      }
    }
  }
}

@MainActor
@Suite struct ReducerCompositionTests {
  @Test func aParentEmbedsChildReducersAndMapsTheirEffects() async {
    let store = ReducerStore(
      initialState: AppFeature.State(),
      reducer: AppFeature.Reducer(
        dependencies: .init(todo: .init(defaultItem: { "milk" }))))
    let todo = store.scope(state: \.todo, action: AppFeature.Action.todo)
    todo.send(.add("eggs"))
    await todo.send(.addDefault).finish()
    #expect(store.state.todo.items == ["eggs", "milk"])
    await store.send(.settings(.toggle)).finish()
    #expect(store.state.settings == SettingsFeature.State(darkMode: true, savedCount: 0))
  }
}
