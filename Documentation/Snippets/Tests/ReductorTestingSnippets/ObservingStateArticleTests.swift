// The code of the article "Observing state" of the Reductor documentation.
import Reductor
import ReductorTesting
import Testing

/// A test sends binding actions as a view's bindings do, and asserts what they changed.
@MainActor
@Suite struct ObservingStateArticleTests {
  struct Settings: Reducer {
    struct State: Equatable {
      var nickname = ""
      var isValid = false
    }

    enum Action: BindableAction, Equatable {
      case binding(BindingAction<State>)
    }

    var body: some Reducer<State, Action> {
      BindingReducer()
      Reduce { state, _ in
        state.isValid = state.nickname.count >= 3
        return .none
      }
    }
  }

  @Test func aBindingActionIsSentAndAsserted() async {
    let store = TestStore(initialState: Settings.State(), reducer: Settings())
    await store.send(.binding(.set(\.nickname, "ad"))) { $0.nickname = "ad" }
    await store.send(.binding(.set(\.nickname, "ada"))) {
      $0.nickname = "ada"
      $0.isValid = true
    }
    await store.finish()
  }

  @Test func aFieldIsSentByItsPathAsInTCA() async {
    let store = TestStore(initialState: Settings.State(), reducer: Settings())
    await store.send(\.binding.nickname, "ada") {
      $0.nickname = "ada"
      $0.isValid = true
    }
    let failures = await recordedFailures {
      await store.send(\.binding.nickname, "al") { $0.nickname = "al" }
    }
    #expect(
      failures == [
        "State after send(binding(set(\\State.nickname, \"al\"))) differs from the expected "
          + "state (− expected, + actual):\nisValid\n  - true\n  + false"
      ])
    await store.finish()
  }

  @Test func aWrongValueFailsWithTheBindingActionsDescription() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Settings.State(), reducer: Settings())
      await store.send(.binding(.set(\.nickname, "ada"))) { $0.nickname = "ada" }
      await store.finish()
    }
    #expect(
      failures == [
        "State after send(binding(set(\\State.nickname, \"ada\"))) differs from the expected "
          + "state (− expected, + actual):\nisValid\n  - false\n  + true"
      ])
  }
}
