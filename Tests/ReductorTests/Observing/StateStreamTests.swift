import Reductor
import StressRuns
import Testing

/// How a `StateStream` hands states to its consumer: batches, buffering policies, cancellation.
@MainActor
@Suite struct StateStreamTests {
  struct Counter: Equatable, Sendable {
    var count = 0
  }

  struct App: Equatable, Sendable {
    var counter = Counter()
  }

  func makeStore() -> ReducerStore<Counter, Void> {
    ReducerStore(
      initialState: Counter(),
      reducer: Reduce<Counter, Void> { state, _ in
        state.count += 1
        return .none
      })
  }

  func collect(_ stream: StateStream<Counter>) async -> [Int] {
    var counts: [Int] = []
    for await state in stream { counts.append(state.count) }
    return counts
  }

  /// A consumer on another thread gets a burst of states once the main actor's job is over,
  /// every one of them, in order. Repeated: the consumer races the burst.
  @Test(arguments: stressRuns)
  func aConsumerOnAnotherThreadTakesEveryStateInOrder(run: Int) async {
    let store = makeStore()
    let states = store.states
    let consumer = Task.detached {
      var counts: [Int] = []
      for await state in states {
        counts.append(state.count)
        if counts.count == 201 { break }
      }
      return counts
    }
    for _ in 0..<200 { store.send(()) }
    #expect(await consumer.value == Array(0...200))
  }

  /// A consumer on the main actor takes each state as soon as the send that made it is over.
  @Test func aConsumerOnTheMainActorTakesEachStateAfterItsSend() async {
    let store = makeStore()
    var states = store.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    store.send(())
    #expect(await states.next()?.count == 1)
    store.send(())
    store.send(())
    #expect(await states.next()?.count == 2)
    #expect(await states.next()?.count == 3)
  }

  @Test func bufferingOldestKeepsTheFirstStatesNotTaken() async {
    var store: ReducerStore<Counter, Void>? = makeStore()
    let states = store!.states(buffering: .bufferingOldest(2))
    for _ in 0..<5 { store?.send(()) }
    store = nil
    #expect(await collect(states) == [0, 1])
  }

  /// The newest states are kept however many older ones were dropped before them.
  @Test func bufferingNewestKeepsTheLastStatesNotTaken() async {
    var store: ReducerStore<Counter, Void>? = makeStore()
    let states = store!.states(buffering: .bufferingNewest(3))
    for _ in 0..<100 { store?.send(()) }
    store = nil
    #expect(await collect(states) == [98, 99, 100])
  }

  /// What was taken stays taken: the policy bounds only what waits.
  @Test func bufferingNewestAppliesToWhatTheConsumerHasNotTaken() async {
    let store = makeStore()
    var states = store.states(buffering: .bufferingNewest(1)).makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    store.send(())
    store.send(())
    #expect(await states.next()?.count == 2)
    store.send(())
    #expect(await states.next()?.count == 3)
  }

  /// A task cancelled before it takes anything ends its iteration at once, with states waiting.
  @Test func aCancelledTaskTakesNothing() async {
    let store = makeStore()
    let states = store.states
    let consumer = Task { await collect(states) }
    consumer.cancel()
    store.send(())
    #expect(await consumer.value == [])
  }

  /// Cancelling a consumer that waits for a state ends its iteration, and with it the
  /// subscription: the scoped store it observed, and so the root, are released.
  @Test func cancellingAWaitingConsumerEndsItsSubscription() async {
    var root: ReducerStore<App, Void>? = ReducerStore(
      initialState: App(),
      reducer: Reduce<App, Void> { state, _ in
        state.counter.count += 1
        return .none
      })
    weak let weakRoot = root
    var counts: StateStream<Int>? = root!.scope(state: \.counter, action: { $0 })
      .values(of: \.count)
    root = nil
    let (taken, tookOne) = AsyncStream.makeStream(of: Void.self)
    let consumer = Task { [counts] in
      var seen: [Int] = []
      for await count in counts! {
        seen.append(count)
        tookOne.yield()
      }
      return seen
    }
    counts = nil  // the task holds the stream, which holds the scoped store
    var tookFirst = taken.makeAsyncIterator()
    // The consumer runs on the main actor too: once this resumes, it waits for the next count.
    await tookFirst.next()
    #expect(weakRoot != nil)
    consumer.cancel()
    #expect(await consumer.value == [0])
    #expect(weakRoot == nil)
  }
}
