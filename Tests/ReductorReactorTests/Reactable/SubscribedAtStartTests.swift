import Reductor
import Testing

@testable import ReductorReactor

/// What is sent right after `initialize()`, or right after a send whose effect is a `.stream`,
/// reaches the stream: its sequence is made, and subscribed, when the effect starts (#30 item 4).
@MainActor
@Suite struct SubscribedAtStartTests {
  let clock = ManualClock()

  /// RxTodo's case: the list reactable listens to a global event publisher, and a task is
  /// created right after the list is made.
  private final class TaskList: Reactable {
    let reactorStorage = ReactorStorage()
    let initialState: [String] = []
    let clock: any Clock<Duration>
    private let created: PassthroughPublisher<String>

    init(clock: any Clock<Duration>, created: PassthroughPublisher<String>) {
      self.clock = clock
      self.created = created
      initialize()
    }

    func transformAction() -> Effect<String> {
      let created = created
      return .stream { created }
    }

    func mutate(action title: String) -> Effect<String> { .just(title) }
    func reduce(state: inout [String], mutation title: String) { state.append(title) }
  }

  @Test func aValueSentRightAfterInitializeIsNotLost() async {
    let created = PassthroughPublisher<String>()
    let list = TaskList(clock: clock, created: created)
    #expect(created.subscriberCount == 1)
    created.send("Buy milk")
    await clock.advance(by: .zero)
    #expect(list.currentState == ["Buy milk"])
  }

  enum Action: Sendable, Equatable {
    case listen
    case heard(Int)
  }

  @Test func aStoresStreamIsSubscribedBeforeSendReturns() async {
    let updates = PassthroughPublisher<Int>()
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce { (heard: inout [Int], action: Action) in
        switch action {
        case .listen:
          return .stream { updates.map(Action.heard) }
        case .heard(let value):
          heard.append(value)
          return .none
        }
      },
      clock: clock)
    store.send(.listen)
    #expect(updates.subscriberCount == 1)
    updates.send(5)
    updates.send(6)
    await clock.advance(by: .zero)
    #expect(store.state == [5, 6])
  }

  /// A store released before its stream's task ran: the task runs cancelled, and the
  /// sequence's transform sees nothing sent meanwhile.
  @Test func aStreamReleasedBeforeItsTaskRanTransformsNothing() async {
    let updates = PassthroughPublisher<Int>()
    let transformed = Locked<[Int]>([])
    var store: ReducerStore<[Int], Action>? = ReducerStore(
      initialState: [Int](),
      reducer: Reduce { (_: inout [Int], action: Action) in
        guard action == .listen else { return .none }
        return .stream {
          updates.map { value in
            transformed.withLock { $0.append(value) }
            return Action.heard(value)
          }
        }
      },
      clock: clock)
    store?.send(.listen)
    store = nil
    updates.send(5)
    await clock.advance(by: .zero)
    #expect(transformed.value == [])
    #expect(updates.subscriberCount == 0)
  }

  /// Made where the effect starts, the sequence still sees the effect's dependencies: its clock
  /// is the store's.
  @Test func theSequenceIsMadeWithTheEffectsClock() async {
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce { (heard: inout [Int], action: Action) in
        switch action {
        case .listen:
          return .stream {
            let onTheStoresClock = EffectContext.clock is ManualClock
            return AsyncStream<Action> { continuation in
              continuation.yield(.heard(onTheStoresClock ? 1 : 0))
              continuation.finish()
            }
          }
        case .heard(let value):
          heard.append(value)
          return .none
        }
      },
      clock: clock)
    store.send(.listen)
    await clock.advance(by: .zero)
    #expect(store.state == [1])
  }
}
