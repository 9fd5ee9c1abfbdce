// The code of the article "Coming from ReactableKit, ReactorKit and AsyncReactorKit" of
// ReductorReactor: the snippets of those libraries' documentation, and a stub in a test.
import Reductor
import ReductorReactor
import Testing

// The snippets of ReactableKit's and AsyncReactorKit's documentation
// (../shared/reference/reactablekit.md and asyncreactorkit.md) must compile, with their SwiftUI,
// UIKit and Combine parts removed and the import changed. Where a snippet needs Combine or is
// incomplete, the smallest change that compiles is made and marked `// Adapted:`. Property
// wrappers for shared state and dependency injection (`@Shared`, `@Dependency`) and
// `ReactableInstrument` are not in this module; their snippets are left out.

// MARK: - ReactableKit: the core structure

final class CounterReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case increase
    case decrease
    case loadData
    // Adapted: the timer's action, which transformAction's snippet sends.
    case autoIncrease
  }

  struct State: Sendable {
    var count: Int = 0
    var isLoading: Bool = false
    var data: String = ""
    var errorMessage: String? = nil
  }

  enum Mutation: Sendable {
    case setCount(Int)
    case setLoading(Bool)
    case setData(String)
    case setError(String)
  }

  let initialState = State()
  // Adapted: a clock, so that the test below controls the sleep.
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  // Adapted: `Effect<Mutation>` in place of `AnyPublisher<Mutation, Never>`.
  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .increase, .autoIncrease:
      return .just(.setCount(currentState.count + 1))

    case .decrease:
      // Adapted: the count read before the work starts, which runs off the main actor.
      let count = currentState.count
      return .run { send in
        send(.setCount(count - 1))
      }

    case .loadData:
      return .run(priority: .userInitiated) { send in
        send(.setLoading(true))

        // Simulate async operation that can throw
        // Adapted: the sleep on the reactable's clock.
        try await EffectContext.clock.sleep(for: .seconds(1))
        let data = try await fetchDataFromAPI()

        send(.setData(data))
        send(.setLoading(false))
      } catch: { error, send in
        // Handle errors safely
        send(.setLoading(false))
        // Adapted: `"\(error)"`; `localizedDescription` is Foundation's.
        send(.setError("\(error)"))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    // Adapted: `switch mutation`; the snippet switches on `mutate`.
    // swift-format-ignore: UseLetInEveryBoundCaseVariable
    switch mutation {
    case let .setCount(value):
      state.count = value
    case let .setLoading(isLoading):
      state.isLoading = isLoading
    case let .setData(data):
      state.data = data
    case let .setError(error):
      state.errorMessage = error
    }
  }

  // MARK: ReactableKit: transformAction

  // Adapted: `EffectContext.ticks(every:)` on the reactable's clock in place of `Timer.publish`.
  func transformAction() -> Effect<Action> {
    return .stream {
      EffectContext.ticks(every: .seconds(5))
        .map { _ in Action.autoIncrease }
    }
  }
}

// Adapted: the API the snippet calls.
func fetchDataFromAPI() async throws -> String {
  "data"
}

// MARK: - ReactableKit: @Emit

struct EmitState {
  @Emit var title: String = "Hello"
}

// MARK: - ReactableKit: ObservableEvent

final class ChildReactable: Reactable, ObservableEvent {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case notifyParent(Int)
  }

  // Adapted: the state, mutation and functions the protocol requires.
  let initialState = 0

  func mutate(action: Action) -> Effect<Int> {
    switch action {
    case .notifyParent(let value): .just(value)
    }
  }

  func reduce(state: inout Int, mutation: Int) {
    state = mutation
  }
}

final class ParentReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case parentAction(ObservableEventResult<ChildReactable>)
  }

  // Parent State - child can be non-optional or optional
  struct State {
    var childReactable: ChildReactable  // non-optional
    var optionalChild: ChildReactable?  // optional (e.g. lazy-loaded)
  }

  let initialState: State
  let clock: any Clock<Duration>
  private(set) var heard: [Int] = []

  init(child: ChildReactable, clock: any Clock<Duration>) {
    initialState = State(childReactable: child)
    self.clock = clock
  }

  func mutate(action: Action) -> Effect<Action> {
    .just(action)
  }

  func reduce(state: inout State, mutation: Action) {
    if case .parentAction(let result) = mutation, case .notifyParent(let value) = result.action {
      heard.append(value)
    }
  }

  // Parent transformAction
  // Adapted: sequences filtered in `.stream` effects, merged, in place of publishers.
  func transformAction() -> Effect<Action> {
    // Non-optional: call .observe() to subscribe
    let childEvents = self.child(\.childReactable)
      .observe()

    // Optional: same pattern – call .observe() to subscribe
    let optionalChildEvents = self.child(\.optionalChild)
      .observe()

    return .merge([
      .stream {
        childEvents
          .filter { result in
            if case .notifyParent = result.action { return true }
            return false
          }
          .map(Action.parentAction)
      },
      .stream {
        optionalChildEvents
          .filter { result in
            if case .notifyParent = result.action { return true }
            return false
          }
          .map(Action.parentAction)
      },
    ])
  }
}

// MARK: - AsyncReactorKit: the reactor

class CounterReactor: AsyncReactor {
  let reactorStorage = ReactorStorage()
  // Adapted: `Sendable`, which the protocol requires of inputs and mutations.
  enum Input: Sendable {
    case increment
    case decrement
    case reset
  }

  enum Mutation: Sendable {
    case setCount(Int)
  }

  struct State: Sendable {
    @Pulse var count: Int = 0
    @Pulse var message: String?
  }

  nonisolated func initialState() -> State {
    State()
  }

  func reduce(_ input: Input) async -> Mutation {
    switch input {
    case .increment:
      return .setCount(currentState.count + 1)
    case .decrement:
      return .setCount(currentState.count - 1)
    case .reset:
      return .setCount(0)
    }
  }

  func mutate(_ state: State, mutation: Mutation) async -> State {
    var newState = state
    switch mutation {
    case .setCount(let count):
      newState.count = count
      newState.message = "Count updated to \(count)"
    }
    return newState
  }
}

// MARK: - AsyncReactorKit: the view

// Adapted: `AsyncReactorView` in place of `Store`; no UIKit outlets or targets.
class CounterViewController: AsyncReactorView {
  typealias Reactor = CounterReactor

  var countLabel = ""
  var alerts: [String] = []

  var reactor: CounterReactor?

  func viewDidLoad() {
    reactor = CounterReactor()
  }

  func incrementTapped() {
    send(.increment)
  }

  func decrementTapped() {
    send(.decrement)
  }

  // AsyncReactorView protocol implementation
  // Adapted: the state's fields read directly; `$count.updated { }` is
  // `reactor.store.observe(pulse: \.$count) { }` here.
  func state(_ state: CounterReactor.State) {
    countLabel = "\(state.count)"
    if let message = state.message { alerts.append(message) }
  }
}

// MARK: - A stub in a test

/// A reactable like ReactableKit's counter, which counts the calls of its `mutate`.
final class ValueCounterReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable, Equatable {
    case increase
    case loadData
  }

  enum Mutation: Sendable {
    case setCount(Int)
    case setLoading(Bool)
    case setData(String)
  }

  let clock: any Clock<Duration>
  /// How many times `mutate` was called.
  private(set) var mutateCount = 0

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  var initialState: CountingValueState { CountingValueState() }

  func mutate(action: Action) -> Effect<Mutation> {
    mutateCount += 1
    switch action {
    case .increase:
      return .just(.setCount(currentState.count + 1))
    case .loadData:
      return .run { send in
        send(.setLoading(true))
        try await EffectContext.clock.sleep(for: .seconds(1))
        send(.setData("loaded"))
        send(.setLoading(false))
      }
    }
  }

  func reduce(state: inout CountingValueState, mutation: Mutation) {
    switch mutation {
    case .setCount(let count): state.count = count
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setData(let data): state.data = data
    }
  }
}

struct CountingValueState: Equatable {
  var count = 0
  var isLoading = false
  var data = ""
}

// MARK: - ReactorKit: sources that emit at once

/// ReactorKit's `testReduceIsExecutedRightAfterMutation`, whose `.append` concatenates one
/// `Observable.create` per character, each emitting at once the state's characters with its own
/// appended: here, `.just`s that `mutate` computes from the state it reads.
final class CharactersReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case append([String])
  }

  enum Mutation: Sendable {
    case setCharacters([String])
  }

  struct State {
    var characters: [String] = []
  }

  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .append(let characters):
      let appended = characters.indices.map { currentState.characters + characters[...$0] }
      return .concat(appended.map { .just(.setCharacters($0)) })
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCharacters(let newCharacters):
      state.characters = newCharacters
    }
  }
}

/// The same `.append` with asynchronous sources: each character takes 100 ms of work. In a queue
/// that runs one effect at a time, an action's work starts once the mutations of the action
/// before it are reduced, and reads the state they left.
final class QueuedCharactersReactable: Reactable {
  let reactorStorage = ReactorStorage()
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  enum Action: Sendable {
    case append([String])
  }

  enum Mutation: Sendable {
    case setCharacters([String])
  }

  struct State {
    var characters: [String] = []
  }

  let initialState = State()

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .append(let characters):
      return .run(lifetime: .queued("append", .oldest(1, whenFull: .suspendNew))) {
        [weak self] send in
        var current = await self?.currentState.characters ?? []
        for character in characters {
          try await EffectContext.clock.sleep(for: .milliseconds(100))
          current.append(character)
          send(.setCharacters(current))
        }
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCharacters(let newCharacters):
      state.characters = newCharacters
    }
  }
}

@MainActor
@Suite struct ComingFromReactableKitReactorKitAndAsyncReactorKitArticleTests {
  @Test func theCounterReactableCountsLoadsAndTicks() async {
    let clock = ManualClock()
    let reactable = CounterReactable(clock: clock)
    reactable.action(.increase)
    reactable.action(.increase)
    reactable.action(.decrease)
    await clock.advance(by: .zero)
    #expect(reactable.currentState.count == 1)
    let advancing = Task { await clock.advance(by: .seconds(1)) }
    let finalState = await reactable.asyncAction(.loadData)
    await advancing.value
    #expect(finalState.data == "data")
    #expect(!finalState.isLoading)
    reactable.initialize()
    await clock.advance(by: .seconds(5))
    #expect(reactable.currentState.count == 2)
  }

  @Test func emitDeliversEveryAssignment() async {
    var state = EmitState()
    state.title = "Hello"
    #expect(state.$title.valueUpdatedCount == 1)
  }

  @Test func theParentHearsItsChild() async {
    let clock = ManualClock()
    let child = ChildReactable()
    let parent = ParentReactable(child: child, clock: clock)
    parent.initialize()
    child.action(.notifyParent(7))
    await clock.advance(by: .zero)
    #expect(parent.heard == [7])
  }

  @Test func theCounterReactorAndItsView() async {
    let view = CounterViewController()
    view.viewDidLoad()
    view.incrementTapped()
    view.incrementTapped()
    await view.send(.decrement).finish()
    #expect(view.countLabel == "1")
    #expect(view.alerts == ["Count updated to 1", "Count updated to 2", "Count updated to 1"])
  }

  // MARK: AsyncReactorKit: testing with Stub

  // Adapted: Swift Testing in place of XCTest; `AsyncReactorStub` in place of `Stub`.
  @Test func testIncrement() async {
    let reactor = CounterReactor()
    let stub = AsyncReactorStub(reactor: reactor)

    let newState = await stub.test(input: .increment)

    #expect(newState.count == 1)
  }

  // MARK: ReactorKit: sources that emit at once

  @Test func testReduceIsExecutedRightAfterMutation() {
    let reactor = CharactersReactable()
    var states: [[String]] = []
    let observation = reactor.store.observe(\.characters) { states.append($0) }
    reactor.action(.append(["a", "b"]))
    reactor.action(.append(["c"]))
    reactor.action(.append(["d", "e", "f"]))
    #expect(reactor.currentState.characters == ["a", "b", "c", "d", "e", "f"])
    #expect(
      states == [
        [], ["a"], ["a", "b"], ["a", "b", "c"], ["a", "b", "c", "d"], ["a", "b", "c", "d", "e"],
        ["a", "b", "c", "d", "e", "f"],
      ])
    observation.cancel()
  }

  /// The three actions' sources run one after another: the last character is appended at
  /// 600 ms.
  @Test func queuedSourcesAppendInTheOrderOfTheActions() async {
    let clock = ManualClock()
    let reactor = QueuedCharactersReactable(clock: clock)
    reactor.action(.append(["a", "b"]))
    reactor.action(.append(["c"]))
    reactor.action(.append(["d", "e", "f"]))
    await clock.advance(by: .milliseconds(599))
    #expect(reactor.currentState.characters == ["a", "b", "c", "d", "e"])
    await clock.advance(by: .milliseconds(1))
    #expect(reactor.currentState.characters == ["a", "b", "c", "d", "e", "f"])
  }

  // MARK: A stub in a test

  @Test func anEnabledStubRecordsActionsInsteadOfMutating() {
    let clock = ManualClock()
    let reactable = ValueCounterReactable(clock: clock)
    reactable.isStubEnabled = true
    reactable.action(.increase)
    reactable.action(.loadData)
    #expect(reactable.stub.actions == [.increase, .loadData])
    #expect(reactable.mutateCount == 0)
    #expect(reactable.currentState == CountingValueState())
  }
}
