import Observation
import Reductor
import ReductorReactor

/// A reactable like ReactableKit's counter, with a state of either kind.
@MainActor
final class CountingReactable<State: CountingState>: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable, Equatable {
    case increase
    case increaseTwiceAtOnce
    case loadData
    case failToLoad
    case autoIncrease
  }

  enum Mutation: Sendable {
    case setCount(Int)
    case setLoading(Bool)
    case setData(String)
    case setError(String)
  }

  struct LoadError: Error {}

  let clock: any Clock<Duration>
  let ticksEvery: Duration?
  /// How many times `mutate` was called.
  private(set) var mutateCount = 0

  init(clock: any Clock<Duration>, ticksEvery: Duration? = nil) {
    self.clock = clock
    self.ticksEvery = ticksEvery
  }

  var initialState: State { State() }

  func mutate(action: Action) -> Effect<Mutation> {
    mutateCount += 1
    switch action {
    case .increase, .autoIncrease:
      return .just(.setCount(currentState.count + 1))
    case .increaseTwiceAtOnce:
      let count = currentState.count
      return .concat([.just(.setCount(count + 1)), .just(.setCount(count + 2))])
    case .loadData:
      return .run(priority: .userInitiated) { send in
        send(.setLoading(true))
        try await EffectContext.clock.sleep(for: .seconds(1))
        send(.setData("loaded"))
        send(.setLoading(false))
      } catch: { _, send in
        send(.setLoading(false))
        send(.setError("failed"))
      }
    case .failToLoad:
      return .run { send in
        send(.setLoading(true))
        try await EffectContext.clock.sleep(for: .seconds(1))
        throw LoadError()
      } catch: { error, send in
        send(.setLoading(false))
        send(.setError("\(error)"))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCount(let count): state.count = count
    case .setLoading(let isLoading): state.isLoading = isLoading
    case .setData(let data): state.data = data
    case .setError(let message): state.errorMessage = message
    }
  }

  func transformAction() -> Effect<Action> {
    guard let ticksEvery else { return .none }
    return .stream { EffectContext.ticks(every: ticksEvery).map { _ in Action.autoIncrease } }
  }
}

/// What the counter reactable's state offers, as a struct or an `@Observable` class.
protocol CountingState: SendableMetatype {
  init()
  var count: Int { get set }
  var isLoading: Bool { get set }
  var data: String { get set }
  var errorMessage: String? { get set }
}

struct CountingValueState: CountingState, Equatable {
  var count = 0
  var isLoading = false
  var data = ""
  var errorMessage: String?
}

@Observable
final class CountingObjectState: CountingState {
  var count = 0
  var isLoading = false
  var data = ""
  var errorMessage: String?
}

typealias ValueCounterReactable = CountingReactable<CountingValueState>
typealias ObjectCounterReactable = CountingReactable<CountingObjectState>
