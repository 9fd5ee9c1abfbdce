import Reductor
import Testing

@testable import ReductorReactor

/// A reactor's `store.states` yields the current state, then one state per reduction of the
/// object's own — a mutation, an event, a stored state — changed or not, as ReactorKit's
/// `reactor.state` does; the steps of the store's own machinery (an action's turn, its end, a
/// start, an input) yield nothing (#30 item 5).
@MainActor
@Suite struct ExactStatesTests {
  let clock = ManualClock()

  private final class Counter: Reactable {
    enum Action: Sendable {
      case nothing
      case twice
      case same
      case set(Int)
    }

    enum Mutation: Sendable {
      case add(Int)
      case set(Int)
    }

    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func mutate(action: Action) -> Effect<Mutation> {
      switch action {
      case .nothing: .none
      case .twice: .concat([.just(.add(1)), .just(.add(10))])
      case .same: .just(.set(currentState))
      case .set(let value): .just(.set(value))
      }
    }

    func reduce(state: inout Int, mutation: Mutation) {
      switch mutation {
      case .add(let amount): state += amount
      case .set(let value): state = value
      }
    }
  }

  /// The states up to and including `last`, which ends each test's actions.
  private func states(
    of states: StateStream<Int>, through last: Int
  ) async -> [Int] {
    var seen: [Int] = []
    for await state in states {
      seen.append(state)
      if state == last { break }
    }
    return seen
  }

  @Test func aReactableYieldsOneStatePerMutationAndNoneForItsActions() async {
    let counter = Counter(clock: clock)
    let stream = counter.store.states
    counter.action(.nothing)
    counter.action(.twice)
    counter.action(.set(100))
    #expect(await states(of: stream, through: 100) == [0, 1, 11, 100])
  }

  @Test func aMutationThatChangesNothingYieldsItsState() async {
    let counter = Counter(clock: clock)
    counter.action(.set(5))
    let stream = counter.store.states
    counter.action(.same)
    counter.action(.set(100))
    #expect(await states(of: stream, through: 100) == [5, 5, 100])
  }

  @Test func anEnqueuedActionYieldsOnlyItsMutations() async {
    let counter = Counter(clock: clock)
    let stream = counter.store.states
    counter.store.enqueue(.nothing)
    counter.store.enqueue(.set(100))
    await clock.advance(by: .zero)
    #expect(await states(of: stream, through: 100) == [0, 100])
  }

  private final class Tally: AsyncReactor {
    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    nonisolated func initialState() -> Int { 0 }
    func reduce(_ input: Int) async -> Int { input }
    func mutate(_ state: Int, mutation: Int) async -> Int { state + mutation }
  }

  @Test func anAsyncReactorYieldsOneStatePerInputsStoredState() async {
    let tally = Tally(clock: clock)
    let stream = tally.store.states
    tally.send(1)
    tally.send(99)
    await clock.advance(by: .zero)
    #expect(await states(of: stream, through: 100) == [0, 1, 100])
  }
}
