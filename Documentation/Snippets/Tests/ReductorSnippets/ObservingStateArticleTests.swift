// The code of the article "Observing state" of the Reductor documentation.
import Foundation
import Reductor
import Testing

/// The examples of the "Observing state" article, with the sequences its table gives.
@MainActor
@Suite struct ObservingArticleTests {
  struct State: Equatable, Sendable {
    var count = 0
    var title = "counter"
    @Pulse var alert: String?
  }

  enum Action: Sendable {
    case increment
    case rename(String)
    case noop
    case showAlert(String)
  }

  static func makeStore() -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .increment: state.count += 1
        case .rename(let title): state.title = title
        case .noop: break
        case .showAlert(let message): state.alert = message
        }
        return .none
      })
  }

  /// The table's sequence: increment, increment, noop, increment.
  static let actions: [Action] = [.increment, .increment, .noop, .increment]

  @Test func theFourWaysForTheSameActions() async {
    var store: ReducerStore<State, Action>? = Self.makeStore()
    let states = store!.states
    let counts = store!.values(of: \.count)
    var observed: [Int] = []
    var observation: ObservationToken? = store!.observe(\.count) { observed.append($0) }
    for action in Self.actions { store?.send(action) }
    #expect(observation?.isCancelled == false)
    observation = nil
    store = nil
    var stateCounts: [Int] = []
    for await state in states { stateCounts.append(state.count) }
    var countValues: [Int] = []
    for await count in counts { countValues.append(count) }
    #expect(stateCounts == [0, 1, 2, 2, 3])
    #expect(countValues == [0, 1, 2, 3])
    #expect(observed == [0, 1, 2, 3])
  }

  @Test func renderingFromAnObserver() {
    let store = Self.makeStore()
    var lines: [String] = []
    let observation = store.observe(\.count) { count in
      lines.append("count: \(count)")
    }
    store.send(.increment)
    store.send(.rename("clicks"))
    observation.cancel()
    #expect(lines == ["count: 0", "count: 1"])
  }

  @Test func anAlertShownTwiceWithTheSameMessage() async {
    let store = Self.makeStore()
    var alerts = store.pulses(of: \.$alert).makeAsyncIterator()
    store.send(.showAlert("Saved"))
    store.send(.increment)
    store.send(.showAlert("Saved"))
    #expect(await alerts.next() == "Saved")
    #expect(await alerts.next() == "Saved")
  }

  @Test func aRenderingLoopThatKeepsOnlyTheNewestState() async {
    var store: ReducerStore<State, Action>? = Self.makeStore()
    let newest = store!.states(buffering: .bufferingNewest(1))
    for action in Self.actions { store?.send(action) }
    store = nil
    var rendered: [Int] = []
    for await state in newest {
      rendered.append(state.count)
    }
    #expect(rendered == [3])
  }
}

// MARK: - Bindings

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

extension SignUp.State: NamedBindingFields {
  static let bindingFields: [BindingField<Self>] = [
    BindingField("name", \.name), BindingField("agreed", \.agreed),
  ]
}

/// Binding actions and identified arrays encode and decode, as a recorded session needs.
@Suite struct BindingCodingTests {
  struct Row: Codable, Equatable, Identifiable {
    var id: Int
    var title: String
  }

  func json(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }

  func decoded<Value: Decodable>(_ type: Value.Type, from json: String) throws -> Value {
    try JSONDecoder().decode(type, from: Data(json.utf8))
  }

  @Test func aBindingActionEncodesAsItsFieldsNameAndValue() throws {
    let actions: [BindingAction<SignUp.State>] = [.set(\.name, "Ada"), .set(\.agreed, true)]
    #expect(try json(actions) == #"[{"name":"Ada"},{"agreed":true}]"#)
    #expect(try decoded([BindingAction<SignUp.State>].self, from: json(actions)) == actions)
  }

  @Test func aFieldTheStateDoesNotNameIsAnErrorThatNamesIt() throws {
    let unnamed = BindingAction<SignUp.State>.set(\.canSubmit, true)
    #expect {
      try json(unnamed)
    } throws: { error in
      guard case EncodingError.invalidValue(_, let context) = error else { return false }
      return context.debugDescription
        == #"\State.canSubmit is not one of State.bindingFields."#
    }
    #expect {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"canSubmit":true}"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription
        == #""canSubmit" is not the name of one of State.bindingFields."#
    }
    #expect(throws: DecodingError.self) {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"name":"Ada","agreed":true}"#)
    }
    #expect(throws: DecodingError.self) {
      try decoded(BindingAction<SignUp.State>.self, from: #"{"name":1}"#)
    }
  }

  @Test func anIdentifiedArrayEncodesAsAnArrayOfItsElements() throws {
    let rows: IdentifiedArrayOf<Row> = [Row(id: 2, title: "b"), Row(id: 1, title: "a")]
    #expect(try json(rows) == #"[{"id":2,"title":"b"},{"id":1,"title":"a"}]"#)
    let back = try decoded(IdentifiedArrayOf<Row>.self, from: json(rows))
    #expect(back == rows)
    #expect(back[id: 1]?.title == "a")
  }

  @Test func anIdentifiedArrayWithAnIDTwiceDoesNotDecode() throws {
    #expect {
      try decoded(
        IdentifiedArrayOf<Row>.self, from: #"[{"id":1,"title":"a"},{"id":1,"title":"b"}]"#)
    } throws: { error in
      guard case DecodingError.dataCorrupted(let context) = error else { return false }
      return context.debugDescription == "The id 1 appears twice."
    }
  }
}
