// The code of the article "Embedding a store" of the Reductor documentation.
import Reductor
import StressRuns
import Testing

/// `enqueue` through the `Store` protocol: from background tasks, through scoped stores, to a
/// root that may already be gone.
@MainActor
@Suite struct EnqueueTests {
  struct Produced: Equatable {
    var producer: Int
    var sequence: Int
  }

  struct State: Equatable {
    var inner = Inner()
  }

  struct Inner: Equatable {
    var received: [Produced] = []
  }

  enum Action: Sendable {
    case inner(InnerAction)
  }

  enum InnerAction: Sendable {
    case produced(producer: Int, sequence: Int)
  }

  func makeStore(clock: any Clock<Duration>) -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .inner(.produced(let producer, let sequence)):
          state.inner.received.append(Produced(producer: producer, sequence: sequence))
          return .none
        }
      },
      clock: clock)
  }

  /// A component that holds only `any Store` hands it to a background task, which enqueues.
  func startProducing(
    into store: any Store<Inner, InnerAction>, producer: Int, count: Int
  ) -> Task<Void, Never> {
    Task.detached {
      for sequence in 0..<count {
        store.enqueue(.produced(producer: producer, sequence: sequence))
      }
    }
  }

  /// Two producers through three levels of scope: every action arrives, each producer's in the
  /// order it enqueued them.
  @Test(arguments: stressRuns)
  func enqueuesThroughNestedScopesKeepEachProducersOrder(run: Int) async {
    let clock = ManualClock()
    let root = makeStore(clock: clock)
    let level1 = root.scope(state: { $0 }, action: { $0 })
    let level2 = level1.scope(state: { $0 }, action: { $0 })
    let inner = level2.scope(state: \.inner, action: Action.inner)
    let producers = [
      startProducing(into: inner, producer: 0, count: 200),
      startProducing(into: inner, producer: 1, count: 200),
    ]
    for producer in producers { await producer.value }
    await clock.advance(by: .zero)
    let received = inner.state.received
    #expect(received.count == 400)
    for producer in 0..<2 {
      #expect(received.filter { $0.producer == producer }.map(\.sequence) == Array(0..<200))
    }
  }

  /// A background task that enqueues through a weak reference while the store is released:
  /// what arrives after the store is gone is dropped, and nothing crashes, whichever thread
  /// drops the last reference.
  @Test(arguments: stressRuns)
  func enqueuesToAStoreThatIsGoneAreDropped(run: Int) async {
    var store: ReducerStore<State, Action>? = makeStore(clock: ContinuousClock())
    weak let weakStore = store
    let producer = Task.detached { [weak store] in
      for sequence in 0..<1_000 {
        guard let store else { return }
        store.enqueue(.inner(.produced(producer: 0, sequence: sequence)))
      }
    }
    store = nil
    await producer.value
    // Neither the inbox's pending drain nor the enqueued actions keep the store alive.
    #expect(weakStore == nil)
  }

  @Test func aScopedStoreEnqueuesIntoTheRootsBufferWhichReducesAtTheNextSettlePoint() async {
    let clock = ManualClock()
    let root = makeStore(clock: clock)
    let inner = root.scope(state: \.inner, action: Action.inner)
    await startProducing(into: inner, producer: 0, count: 3).value
    #expect(inner.state.received == [])
    await clock.advance(by: .zero)
    #expect(
      inner.state.received == [
        Produced(producer: 0, sequence: 0), Produced(producer: 0, sequence: 1),
        Produced(producer: 0, sequence: 2),
      ])
  }
}
