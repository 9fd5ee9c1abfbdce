// The reactors of the article "Instrumentation" (InstrumentingStores) of the Reductor
// documentation.
import Reductor
import ReductorReactor
import Testing

/// A reactable whose `load` takes a second, instrumented under the label it is given.
@MainActor
private final class TimedReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case increase, load }
  enum Mutation: Sendable { case setCount(Int), setLoading(Bool) }
  struct State { var count = 0, isLoading = false }

  let clock: any Clock<Duration>
  let instrumentation: Instrumentation.Options<Action>?
  private(set) var mutateCount = 0

  init(clock: any Clock<Duration>, label: String) {
    self.clock = clock
    self.instrumentation = .init(label: label)
  }

  var initialState: State { State() }

  func mutate(action: Action) -> Effect<Mutation> {
    mutateCount += 1
    switch action {
    case .increase:
      return .just(.setCount(currentState.count + 1))
    case .load:
      return .run { send in
        send(.setLoading(true))
        try await EffectContext.clock.sleep(for: .seconds(1))
        send(.setLoading(false))
      }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setCount(let count): state.count = count
    case .setLoading(let isLoading): state.isLoading = isLoading
    }
  }
}

/// A reactor whose `load` runs for a second, instrumented under the label it is given.
@MainActor
private final class TimedReactor: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case load }
  enum Mutation: Sendable { case loaded }
  struct State { var loads = 0 }

  let clock: any Clock<Duration>
  let instrumentation: Instrumentation.Options<Action>?

  init(clock: any Clock<Duration>, label: String) {
    self.clock = clock
    self.instrumentation = .init(label: label)
  }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load):
      run(event) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return .loaded
      }
    case .mutation(.loaded):
      state.loads += 1
    case .destination:
      break
    }
  }
}

/// An async reactor that counts, instrumented under the label it is given.
@MainActor
private final class TimedAsyncReactor: AsyncReactor {
  let reactorStorage = ReactorStorage()
  enum Input: Sendable { case increment }
  struct State: Sendable { var count = 0 }

  let clock: any Clock<Duration>
  let instrumentation: Instrumentation.Options<Input>?

  init(clock: any Clock<Duration>, label: String) {
    self.clock = clock
    self.instrumentation = .init(label: label)
  }

  nonisolated func initialState() -> State { State() }

  func reduce(_ input: Input) async -> Int { 1 }

  func mutate(_ state: State, mutation: Int) async -> State {
    State(count: state.count + mutation)
  }
}

/// A reactable migrated from ReactableKit: its instrumentation spelled as there.
@MainActor
private final class MigratedReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case increase }
  enum Mutation: Sendable { case increase }
  struct State { var count = 0 }

  var initialState: State { State() }

  var instrumentation: ReactableInstrument.Options<Action>? { .default }

  func mutate(action: Action) -> Effect<Mutation> { .just(.increase) }

  func reduce(state: inout State, mutation: Mutation) { state.count += 1 }
}

/// The reactors' stages, read from the report's rows of each test's label (measurements are made
/// in debug builds only).
@MainActor
@Suite struct InstrumentingStoresArticleTests {
  #if DEBUG
  /// Count and maximum of each row of `label`, as `stage case count max`.
  private func rows(of label: String) -> [String] {
    Instrumentation.report().split(separator: "\n").compactMap { line in
      let cells = line.split(separator: " ")
      guard cells.first.map(String.init) == label else { return nil }
      return [cells[1], cells[2], cells[3], cells[6]].joined(separator: " ")
    }
    .sorted()
  }

  @Test func aReactablesActionsAreQueuedMutatedAndTheirEffectsTimedAndItsMutationsReduced()
    async
  {
    let clock = ManualClock()
    let reactable = TimedReactable(clock: clock, label: "reactable.stages")
    reactable.action(.increase)
    reactable.action(.load)
    await clock.advance(by: .seconds(1))
    #expect(reactable.currentState.count == 1)
    #expect(reactable.mutateCount == 2)
    // The load's effect lasts its second on the reactable's manual clock, the reduction of its
    // mutations included; an action has no reduce stage of its own, its mutations do.
    #expect(
      rows(of: "reactable.stages") == [
        "effect increase 1 0.0ms", "effect load 1 1000.0ms", "mutate increase 1 0.0ms",
        "mutate load 1 0.0ms", "queue increase 1 0.0ms", "queue load 1 0.0ms",
        "reduce setCount 1 0.0ms", "reduce setLoading 2 0.0ms",
      ])
  }

  @Test func aReactorsEventsEachHaveTheirStages() async {
    let clock = ManualClock()
    let reactor = TimedReactor(clock: clock, label: "reactor.stages")
    _ = reactor.send(action: .load) as StoreTask
    await clock.advance(by: .seconds(1))
    #expect(reactor.state.loads == 1)
    #expect(
      rows(of: "reactor.stages") == [
        "effect load 1 1000.0ms", "queue load 1 0.0ms", "queue loaded 1 0.0ms",
        "reduce load 1 0.0ms", "reduce loaded 1 0.0ms",
      ])
  }

  @Test func aReactableSpellingItsInstrumentationAsReactableKitDoesIsInstrumented() {
    let reactable = MigratedReactable()
    reactable.action(.increase)
    #expect(reactable.currentState.count == 1)
    // Labelled with its type name, as the default options say.
    #expect(rows(of: "MigratedReactable").contains("mutate increase 1 0.0ms"))
  }

  @Test func anAsyncReactorsInputsAreQueuedAndTheirTurnsTimed() async {
    let reactor = TimedAsyncReactor(clock: ManualClock(), label: "asyncReactor.stages")
    reactor.send(.increment)
    await reactor.send(.increment).finish()
    #expect(reactor.currentState.count == 2)
    // On the manual clock, whose time did not move.
    #expect(
      rows(of: "asyncReactor.stages") == ["effect increment 2 0.0ms", "queue increment 2 0.0ms"])
  }
  #endif
}
