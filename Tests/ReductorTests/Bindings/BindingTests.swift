import Reductor
import Testing

/// A form whose fields are set by binding actions, and whose own reducer reacts to them.
struct SignUp: Reducer {
  struct State: Equatable {
    var name = ""
    var agreed = false
    var canSubmit = false
    var submitted: [String] = []
  }

  enum Action: BindableAction, Equatable {
    case binding(BindingAction<State>)
    case submit
  }

  var body: some Reducer<State, Action> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding:
        state.canSubmit = !state.name.isEmpty && state.agreed
      case .submit:
        state.submitted.append(state.name)
      }
      return .none
    }
  }
}

@MainActor
@Suite struct BindingTests {
  let clock = ManualClock()

  @Test func aBindingSetsItsFieldBeforeTheFeatureReacts() {
    let store = ReducerStore(initialState: SignUp.State(), reducer: SignUp(), clock: clock)
    let name = store.binding(\.name)
    let agreed = store.binding(\.agreed)
    name.value = "Ada"
    #expect(store.state.name == "Ada")
    #expect(store.state.canSubmit == false)
    agreed.value = true
    #expect(name.value == "Ada")
    #expect(store.state.canSubmit == true)
  }

  @Test func aFieldIsSentByItsPath() {
    let store = ReducerStore(initialState: SignUp.State(), reducer: SignUp(), clock: clock)
    store.send(\.binding.name, "Ada")
    store.send(\.binding.agreed, true)
    #expect(store.state.name == "Ada")
    #expect(store.state.canSubmit == true)
  }

  @Test func aBindingOfAnyActionSendsIt() {
    let store = ReducerStore(initialState: SignUp.State(), reducer: SignUp(), clock: clock)
    let submitted = store.binding(\.submitted.count, send: { _ in .submit })
    submitted.value = 99
    #expect(store.state.submitted == [""])
    #expect(submitted.value == 1)
  }

  @Test func bindingActionsAreEqualWhenTheySetOneFieldToOneValue() {
    let ada = BindingAction<SignUp.State>.set(\.name, "Ada")
    #expect(ada == .set(\.name, "Ada"))
    #expect(ada != .set(\.name, "Bob"))
    #expect(BindingAction<SignUp.State>.set(\.agreed, true) != .set(\.canSubmit, true))
    #expect(ada.description == #"set(\State.name, "Ada")"#)
  }

  @Test func theBindingCaseIsFoundByReflection() {
    #expect(SignUp.Action.binding(.set(\.agreed, true)).binding == .set(\.agreed, true))
    #expect(SignUp.Action.submit.binding == nil)
  }
}

@Suite struct BindingPatternTests {
  @Test func aKeyPathMatchesTheBindingActionsOfItsFieldOnly() {
    let action = SignUp.Action.binding(.set(\.name, "Ada"))
    var matched: [String] = []
    if case .binding(\.agreed) = action { matched.append("if agreed") }
    if case .binding(\.name) = action { matched.append("if name") }
    switch action {
    case .binding(\.agreed): matched.append("agreed")
    case .binding(\.name): matched.append("name")
    default: matched.append("none")
    }
    #expect(matched == ["if name", "name"])
  }
}
