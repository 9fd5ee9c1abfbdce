import Reductor
import ReductorReactor
import Testing

@MainActor
/// Serialized: `Child.observe()` hears the children of every test.
@Suite(.serialized) struct ObservableEventTests {
  let clock = ManualClock()

  @Test func aParentHearsOnlyItsOwnChildAndTheStaticObserveHearsEveryChild() async {
    let c1 = Child(clock: clock)
    let c2 = Child(clock: clock)
    let p1 = Parent(clock: clock, child: c1)
    let p2 = Parent(clock: clock, child: c2)
    let everyChild = Listener(clock: clock)
    for reactable in [p1, p2] { reactable.initialize() }
    everyChild.initialize()
    c1.action(.notifyParent(1))
    await clock.advance(by: .zero)
    #expect(p1.currentState.heard == [1])
    #expect(p2.currentState.heard == [])
    #expect(everyChild.currentState.map(\.value) == [1])
  }

  @Test func aReplacedChildIsFollowedToTheNewInstance() async {
    let c1 = Child(clock: clock)
    let p1 = Parent(clock: clock, child: c1)
    p1.initialize()
    c1.action(.notifyParent(1))
    let replacement = Child(clock: clock)
    p1.action(.setChild(replacement))
    c1.action(.notifyParent(2))
    replacement.action(.notifyParent(3))
    await clock.advance(by: .zero)
    #expect(p1.currentState.heard == [1, 3])
  }

  @Test func anOptionalChildIsHeardOnlyOnceItIsSet() async {
    let p1 = Parent(clock: clock, child: Child(clock: clock))
    p1.initialize()
    let later = Child(clock: clock)
    later.action(.notifyParent(9))
    await clock.advance(by: .zero)
    #expect(p1.currentState.heardOptional == [])
    p1.action(.setOptionalChild(later))
    later.action(.notifyParent(4))
    await clock.advance(by: .zero)
    #expect(p1.currentState.heardOptional == [4])
    #expect(p1.currentState.heard == [])
  }

  @Test func chainedChildrenReachAGrandchild() async {
    let grandchild = Child(clock: clock)
    let parent = Parent(clock: clock, child: grandchild)
    let grandparent = Grandparent(clock: clock)
    grandparent.initialize()
    grandchild.action(.notifyParent(5))
    grandparent.action(.setParent(parent))
    grandchild.action(.notifyParent(6))
    await clock.advance(by: .zero)
    #expect(grandparent.currentState.heard == [6])
  }

  @Test func aRunsEventComesOnceWithTheStateAfterAllItsMutations() async {
    let child = Child(clock: clock)
    let everyChild = Listener(clock: clock)
    everyChild.initialize()
    child.action(.addThree)
    await clock.advance(by: .zero)
    #expect(everyChild.currentState.map(\.count) == [3])
    #expect(everyChild.currentState.map(\.value) == [nil])
  }

  @Test func aCancelledActionPublishesNothing() async {
    let child = Child(clock: clock)
    let everyChild = Listener(clock: clock)
    everyChild.initialize()
    let task = child.action(.addOneLater)
    await clock.advance(by: .zero)
    task.cancel()
    await clock.advance(by: .seconds(1))
    #expect(everyChild.currentState.isEmpty)
    child.action(.addOneLater)
    await clock.advance(by: .seconds(1))
    #expect(everyChild.currentState.map(\.count) == [1])
  }

  @Test func aDebounceThatANewerOneReplacedPublishesNothing() async {
    let child = Child(clock: clock)
    let everyChild = Listener(clock: clock)
    everyChild.initialize()
    child.action(.setLater(1))
    await clock.advance(by: .milliseconds(100))
    child.action(.setLater(2))
    await clock.advance(by: .seconds(1))
    #expect(everyChild.currentState.map(\.value) == [2])
  }

  @Test func typesOfTheSameNameDoNotHearEachOther() async {
    let first = First.Child(clock: clock)
    let second = Second.Child(clock: clock)
    #expect("\(First.Child.self)" == "\(Second.Child.self)")
    var firstEvents = First.Child.observe().makeAsyncIterator()
    var secondEvents = Second.Child.observe().makeAsyncIterator()
    first.action(1)
    second.action(2)
    #expect(await firstEvents.next()?.action == 1)
    #expect(await secondEvents.next()?.action == 2)
  }

  @Test func anInstancesObserveHearsOnlyThatInstance() async {
    let first = Child(clock: clock)
    let second = Child(clock: clock)
    var events = second.observe().makeAsyncIterator()
    first.action(.notifyParent(1))
    second.action(.notifyParent(2))
    let event = await events.next()
    #expect(event?.action == .notifyParent(2))
    #expect(event?.sourceID == ObjectIdentifier(second))
  }
}

@MainActor
private final class Child: Reactable, ObservableEvent {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable, Equatable {
    case notifyParent(Int)
    case addThree
    case addOneLater
    case setLater(Int)
  }

  struct State: Sendable {
    var count = 0
    var value: Int?
  }

  enum Mutation: Sendable {
    case add(Int)
    case setValue(Int)
  }

  let clock: any Clock<Duration>
  let initialState = State()

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .notifyParent(let value):
      .just(.setValue(value))
    case .addThree:
      .run { send in
        for _ in 0..<3 { send(.add(1)) }
      }
    case .addOneLater:
      .run { send in
        try await EffectContext.clock.sleep(for: .seconds(1))
        send(.add(1))
      }
    case .setLater(let value):
      Effect.just(.setValue(value)).debounced(for: .milliseconds(300), key: "set")
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .add(let amount): state.count += amount
    case .setValue(let value): state.value = value
    }
  }
}

@MainActor
private final class Parent: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case heard(Int)
    case heardOptional(Int)
    case setChild(Child)
    case setOptionalChild(Child?)
  }

  struct State {
    var child: Child
    var optionalChild: Child?
    var heard: [Int] = []
    var heardOptional: [Int] = []
  }

  let clock: any Clock<Duration>
  let initialState: State

  init(clock: any Clock<Duration>, child: Child) {
    self.clock = clock
    initialState = State(child: child)
  }

  func mutate(action: Action) -> Effect<Action> {
    .just(action)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .heard(let value): state.heard.append(value)
    case .heardOptional(let value): state.heardOptional.append(value)
    case .setChild(let child): state.child = child
    case .setOptionalChild(let child): state.optionalChild = child
    }
  }

  func transformAction() -> Effect<Action> {
    let childEvents = child(\.child).observe()
    let optionalChildEvents = child(\.optionalChild).observe()
    return .merge([
      .stream { childEvents.compactMap { $0.notifiedValue.map(Action.heard) } },
      .stream { optionalChildEvents.compactMap { $0.notifiedValue.map(Action.heardOptional) } },
    ])
  }
}

@MainActor
private final class Grandparent: Reactable {
  let reactorStorage = ReactorStorage()
  struct State {
    var parent: Parent?
    var heard: [Int] = []
  }

  enum Action: Sendable {
    case setParent(Parent)
    case heard(Int)
  }

  let clock: any Clock<Duration>
  let initialState = State()

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Action) -> Effect<Action> {
    .just(action)
  }

  func reduce(state: inout State, mutation: Action) {
    switch mutation {
    case .setParent(let parent): state.parent = parent
    case .heard(let value): state.heard.append(value)
    }
  }

  func transformAction() -> Effect<Action> {
    let grandchildEvents = child(\.parent).child(\.child).observe()
    return .stream { grandchildEvents.compactMap { $0.notifiedValue.map(Action.heard) } }
  }
}

/// Records the state of every child event of any instance.
@MainActor
private final class Listener: Reactable {
  let reactorStorage = ReactorStorage()
  let clock: any Clock<Duration>
  let initialState: [Child.State] = []

  init(clock: any Clock<Duration>) { self.clock = clock }

  func mutate(action: Child.State) -> Effect<Child.State> {
    .just(action)
  }

  func reduce(state: inout [Child.State], mutation: Child.State) {
    state.append(mutation)
  }

  func transformAction() -> Effect<Child.State> {
    let events = Child.observe()
    return .stream { events.map(\.state) }
  }
}

extension ObservableEventResult<Child> {
  /// The value of a `notifyParent` action.
  fileprivate var notifiedValue: Int? {
    if case .notifyParent(let value) = action { value } else { nil }
  }
}

/// Two reactable types both named `Child`.
private enum First {
  @MainActor
  final class Child: Reactable, ObservableEvent {
    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>
    let initialState = 0
    init(clock: any Clock<Duration>) { self.clock = clock }
    func mutate(action: Int) -> Effect<Int> { .just(action) }
    func reduce(state: inout Int, mutation: Int) { state = mutation }
  }
}

private enum Second {
  @MainActor
  final class Child: Reactable, ObservableEvent {
    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>
    let initialState = 0
    init(clock: any Clock<Duration>) { self.clock = clock }
    func mutate(action: Int) -> Effect<Int> { .just(action) }
    func reduce(state: inout Int, mutation: Int) { state = mutation }
  }
}
