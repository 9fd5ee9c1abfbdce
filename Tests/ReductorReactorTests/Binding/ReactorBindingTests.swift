import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct ReactorBindingTests {
  @Test(arguments: StateKind.allCases)
  func aBindingReadsTheStateAndSendsItsActionWhenSet(kind: StateKind) {
    let model = kind.makeCounter(clock: ManualClock())
    let count = model.countBinding()
    #expect(count.value == 9)
    count.value = 21
    #expect(model.count == 21)
    #expect(count.value == 21)
  }

  /// ReactableKit's `store.binding`: any store's `binding(_:send:)`, a reactable's included.
  @Test func aReactablesStoreBindsAFieldToAnAction() {
    let reactable = ValueCounterReactable(clock: ManualClock())
    let count = reactable.store.binding(\.count, send: { _ in .increase })
    #expect(count.value == 0)
    count.value = 100
    #expect(reactable.currentState.count == 1)
    #expect(count.value == 1)
  }

  @Test func theReducerDecidesWhatASetMeans() {
    let model = Clamp()
    let value = model.bind(\.value, action: Clamp.Action.set)
    value.value = 150
    #expect(value.value == 100)
  }
}

/// Keeps its value between 0 and 100, whatever a binding sets.
private final class Clamp: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case set(Int) }
  struct State { var value = 0 }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.set(let value)): state.value = min(max(value, 0), 100)
    case .mutation, .destination: break
    }
  }
}
