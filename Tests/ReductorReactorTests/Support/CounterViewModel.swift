import Observation
import Reductor
import ReductorReactor
import Testing

/// The state of ``CounterViewModel``, as a struct or as an `@Observable` class.
protocol CounterState {
  static func make() -> Self
  var count: Int { get set }
  var log: [String] { get set }
  var itemState: DataFetchingState<String, ItemError> { get set }
}

enum CounterAction: Sendable {
  case addOne
  case set(Int)
  /// Resets to 0 after a second.
  case resetLater
  /// Adds one after a second.
  case addOneLater
  /// Two runs, each returning `.fanOut`, which starts 100 runs that add one.
  case fanOut
  /// Adds one 500 ms after the last of these.
  case addOneDebounced
  /// Fetches `name` after `delay`; fails if `fails`.
  case load(String, after: Duration, fails: Bool = false)
  case acknowledge(Int)
}

enum CounterMutation: Sendable {
  case reset
  case addOne
  case fanOut
  case received(Int)
}

enum CounterDestination: Sendable, Equatable {
  case detail(Int)
}

/// The view model of the counter tests, which starts at 9 as GoodReactor's own tests do.
final class CounterViewModel<State: CounterState>: Reactor {
  let reactorStorage = ReactorStorage()
  typealias Action = CounterAction
  typealias Mutation = CounterMutation
  typealias Destination = CounterDestination

  var destination: Destination?
  let clock: any Clock<Duration>
  private let updates: PassthroughPublisher<Int>?

  init(clock: any Clock<Duration>, updates: PassthroughPublisher<Int>? = nil) {
    self.clock = clock
    self.updates = updates
  }

  func makeInitialState() -> State {
    var state = State.make()
    state.count = 9
    return state
  }

  /// Starts work outside `reduce`, as a view might.
  func addOneSoon() {
    run(Event(kind: .action(.addOne))) {
      try? await EffectContext.clock.sleep(for: .milliseconds(10))
      return .addOne
    }
  }

  func transform() {
    guard let updates else { return }
    subscribe(to: { updates }, map: { .received($0) })
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.addOne), .mutation(.addOne):
      state.count += 1
    case .action(.set(let count)):
      state.count = count
    case .action(.resetLater):
      run(event) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return .reset
      }
    case .action(.addOneLater):
      run(event) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return .addOne
      }
    case .action(.fanOut):
      for _ in 0..<2 {
        run(event) { .fanOut }
      }
    case .mutation(.fanOut):
      for _ in 0..<100 {
        run(event) { .addOne }
      }
    case .action(.addOneDebounced):
      debounce(duration: .milliseconds(500)) { .addOne }
    case .action(.load(let name, let delay, let fails)):
      fetch(event, \.itemState) { () throws(ItemError) in
        do {
          try await EffectContext.clock.sleep(for: delay)
        } catch {
          return "cancelled \(name)"
        }
        if fails { throw ItemError(reason: "no \(name)") }
        return name
      }
    case .mutation(.reset):
      state.count = 0
    case .mutation(.received(let value)):
      state.count += value
      state.log.append("received \(value)")
      send(action: .acknowledge(value))
    case .action(.acknowledge(let value)):
      state.log.append("acknowledged \(value)")
    case .destination(let destination):
      let previous = self.destination.map { "\($0)" } ?? "nil"
      state.log.append("destination \(destination.map { "\($0)" } ?? "nil"), was \(previous)")
    }
  }
}

struct CounterValueState: CounterState {
  var count = 0
  var log: [String] = []
  var itemState: DataFetchingState<String, ItemError> = .idle

  static func make() -> CounterValueState { CounterValueState() }
}

@Observable
final class CounterObjectState: CounterState {
  var count = 0
  var log: [String] = []
  var itemState: DataFetchingState<String, ItemError> = .idle

  static func make() -> CounterObjectState { CounterObjectState() }
}

/// Which kind of state a test runs with.
enum StateKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case value
  case object

  var testDescription: String { rawValue }
}

/// A counter view model, whatever its state's type, for tests that run with both.
@MainActor
protocol CounterModel: AnyObject, Sendable {
  var count: Int { get }
  var log: [String] { get }
  var itemState: DataFetchingState<String, ItemError> { get }
  var destination: CounterDestination? { get }
  @discardableResult func send(action: CounterAction) -> StoreTask
  func send(action: CounterAction) async
  @discardableResult func send(destination: CounterDestination?) -> StoreTask
  func start()
  /// `bind(\.count, action: CounterAction.set)`.
  func countBinding() -> ReactorBinding<Int>
}

extension CounterViewModel: CounterModel {
  var count: Int { state.count }
  var log: [String] { state.log }
  var itemState: DataFetchingState<String, ItemError> { state.itemState }
  func countBinding() -> ReactorBinding<Int> { bind(\.count, action: CounterAction.set) }
}

extension StateKind {
  @MainActor
  func makeCounter(
    clock: ManualClock, updates: PassthroughPublisher<Int>? = nil
  )
    -> any CounterModel
  {
    switch self {
    case .value: CounterViewModel<CounterValueState>(clock: clock, updates: updates)
    case .object: CounterViewModel<CounterObjectState>(clock: clock, updates: updates)
    }
  }
}
