import Observation
import Reductor
import Synchronization
import Testing

@MainActor
@Suite struct ReducerStoreTests {
  @Test(arguments: StateKind.allCases)
  func threeIncrementsAreReducedBeforeSendReturns(kind: StateKind) {
    switch kind {
    case .value: checkThreeIncrements(CountingValue())
    case .observableClass: checkThreeIncrements(CountingModel())
    }
  }

  private func checkThreeIncrements<S: CountingState>(_ initial: S) {
    let store = makeCountingStore(initial)
    store.send(.increment)
    #expect(store.state.count == 1)
    store.send(.increment)
    store.send(.increment)
    #expect(store.state.count == 3)
  }

  @Test(arguments: StateKind.allCases)
  func finishWaitsForEffectsAndTheActionsTheyDeliver(kind: StateKind) async {
    switch kind {
    case .value: await checkFinish(CountingValue())
    case .observableClass: await checkFinish(CountingModel())
    }
  }

  /// `.load` runs an effect that delivers `.loaded(42)`, whose own effect delivers `.saved`.
  private func checkFinish<S: CountingState>(_ initial: S) async {
    let store = makeCountingStore(initial)
    // The effect may deliver on another thread while `send` is still running, so nothing is
    // asserted between the send and `finish()`.
    let task = store.send(.load)
    await task.finish()
    #expect(store.state.count == 42)
    #expect(store.state.log == ["load", "loaded(42)", "saved"])
  }

  @Test func finishReturnsAtOnceWhenTheActionStartedNoEffect() async {
    let store = makeCountingStore(CountingValue())
    await store.send(.increment).finish()
    #expect(store.state.count == 1)
  }

  @Test func actionsFromFourProducersAreAllReducedInProducerOrder() async {
    struct State {
      var count = 0
      var last = [Int](repeating: -1, count: 4)
      var outOfOrder = 0
    }
    enum Action: Sendable {
      case produced(producer: Int, sequence: Int)
      case flush
    }
    let store = ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        if case .produced(let producer, let sequence) = action {
          state.count += 1
          if sequence != state.last[producer] + 1 { state.outOfOrder += 1 }
          state.last[producer] = sequence
        }
        return .none
      })
    // 100,000 actions: the send below reduces them all on the main actor at once, which takes
    // a minute for a million under the thread sanitizer and starves the suite's other
    // main-actor tests (a million are measured by `memory.producers4.burst`).
    let perProducer = 25_000
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<4 {
        group.addTask {
          for sequence in 0..<perProducer {
            store.enqueue(.produced(producer: producer, sequence: sequence))
          }
        }
      }
    }
    // Every enqueue happened before this send, which reduces the buffer ahead of its own action.
    store.send(.flush)
    #expect(store.state.count == 4 * perProducer)
    #expect(store.state.outOfOrder == 0)
    #expect(store.state.last == [Int](repeating: perProducer - 1, count: 4))
  }

  @Test func observingTheRootStateSeesEveryReducedAction() {
    let store = makeCountingStore(CountingValue())
    let changes = Counter()
    withObservationTracking {
      _ = store.state
    } onChange: {
      changes.increment()
    }
    store.send(.increment)
    #expect(changes.value == 1)
  }

  @Test func aClassStateNotifiesOnlyTheObserversOfWhatChanged() {
    let store = makeCountingStore(CountingModel())
    let titleChanges = Counter()
    let countChanges = Counter()
    withObservationTracking {
      _ = store.state.title
    } onChange: {
      titleChanges.increment()
    }
    withObservationTracking {
      _ = store.state.count
    } onChange: {
      countChanges.increment()
    }
    store.send(.increment)
    #expect(countChanges.value == 1)
    #expect(titleChanges.value == 0)
  }
}
