import StressRuns
import Synchronization
import Testing

@testable import Reductor

/// A flood of actions, from other threads or from an observer that sends on every change: the
/// main actor keeps running other work, nothing is lost, and memory stays bounded.
@MainActor
@Suite struct FloodTests {
  /// Eight producers that enqueue until told to stop, and a store that counts what it reduced
  /// where the producers can read it.
  final class Flood: Sendable {
    private let stopped = Atomic(false)
    private let enqueued = Atomic(0)
    let reduced = Atomic(0)
    /// How many actions the store had reduced right after the job was started, and when it ran.
    private let reducedOnceTheJobStarted = Atomic(0)
    private let reducedWhenTheJobRan = Atomic(0)

    /// Runs the producers, on threads of their own, until `job` stops them; a producer starts
    /// `job` on the main actor once they have enqueued 8,000 actions. Each producer gives up
    /// after 250,000 actions: a job that other tests keep waiting on the main actor would
    /// otherwise leave millions of actions for the store to reduce.
    func run(into store: ReducerStore<Int, Int>) async {
      await onThreads(8) { _ in
        for _ in 0..<250_000 {
          guard !self.stopped.load(ordering: .relaxed) else { return }
          store.enqueue(1)
          guard self.enqueued.wrappingAdd(1, ordering: .relaxed).newValue == 8_000 else { continue }
          Task { @MainActor in
            let reduced = self.reduced.load(ordering: .relaxed)
            self.reducedWhenTheJobRan.store(reduced, ordering: .relaxed)
            self.stopped.store(true, ordering: .relaxed)
          }
          // Read after the job is queued: a producer thread paused between the two (eight
          // threads share two cores) makes the count smaller, never larger.
          self.reducedOnceTheJobStarted.store(
            self.reduced.load(ordering: .relaxed), ordering: .relaxed)
        }
      }
    }

    /// At most how many actions the store reduced between the start of the job and its run;
    /// negative when the job ran before its producer read the count.
    var reducedBeforeTheJobRan: Int {
      reducedWhenTheJobRan.load(ordering: .relaxed)
        - reducedOnceTheJobStarted.load(ordering: .relaxed)
    }

    var enqueuedCount: Int {
      enqueued.load(ordering: .relaxed)
    }
  }

  func makeCountingStore() -> ReducerStore<Int, Int> {
    ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, amount in
        state += amount
        return .none
      })
  }

  /// Once the flood is under way, a producer starts a job on the main actor: it runs within two
  /// batches of the store's (the one being reduced and the next one, scheduled already), while
  /// the eight producers still enqueue, because the store gives the main actor back after each
  /// batch and schedules the next one behind the jobs waiting.
  @Test(.serialized, arguments: stressRuns)
  func stressAnotherMainActorJobRunsDuringAFloodFromEightThreads(run: Int) async {
    let flood = Flood()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Int> { state, amount in
        state += amount
        flood.reduced.wrappingAdd(amount, ordering: .relaxed)
        return .none
      })
    await flood.run(into: store)
    #expect(flood.reducedBeforeTheJobRan <= 2 * ReducerStore<Int, Int>.drainBatch)
    // Nothing is lost: once the producers stopped, a send reduces what is left of the flood.
    store.send(0)
    #expect(store.state == flood.enqueuedCount)
  }

  /// An observer that sends on every change keeps the store reducing, one action after
  /// another; what waits stays a handful of actions, not every action reduced so far.
  @Test func anObserverThatSendsOnEveryChangeKeepsTheQueueSmall() {
    let store = makeCountingStore()
    var longestQueue = 0
    let observation = store.observe(\.self) { count in
      longestQueue = max(longestQueue, store.kernel.queue.count)
      if count < 100_000 { store.send(1) }
    }
    store.send(1)
    #expect(store.state == 100_000)
    #expect(longestQueue <= 2 * 1_024)
    observation.cancel()
  }

  /// Appends while a drain is scheduled schedule nothing more, however many arrive, even once
  /// the drain took them; the next drain is scheduled only once the scheduled one started.
  @Test func theInboxSchedulesOneDrainForManyAppends() {
    let inbox = ActionInbox<Int>()
    let wakes = Atomic(0)
    inbox.setWake { wakes.wrappingAdd(1, ordering: .relaxed) }
    for action in 0..<1_000 { inbox.append(action, tracker: nil) }
    #expect(wakes.load(ordering: .relaxed) == 1)
    #expect(inbox.takeAll().map(\.action) == Array(0..<1_000))
    inbox.append(1_000, tracker: nil)
    #expect(wakes.load(ordering: .relaxed) == 1)

    inbox.drainStarted()
    #expect(inbox.takeAll().map(\.action) == [1_000])
    inbox.append(1_001, tracker: nil)
    inbox.append(1_002, tracker: nil)
    #expect(wakes.load(ordering: .relaxed) == 2)
    inbox.requestDrain()  // one is scheduled already
    #expect(wakes.load(ordering: .relaxed) == 2)

    inbox.drainStarted()
    inbox.requestDrain()  // a drain that stopped after a batch schedules the next
    #expect(wakes.load(ordering: .relaxed) == 3)
    #expect(inbox.takeAll().map(\.action) == [1_001, 1_002])
  }

  /// A drain takes a batch of the inbox and leaves the rest, in order, for the next one.
  @Test func aScheduledDrainReducesOneBatchAndLeavesTheRestInOrder() {
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce<[Int], Int> { state, action in
        state.append(action)
        return .none
      },
      clock: ManualClock())
    let batch = ReducerStore<[Int], Int>.drainBatch
    for action in 0..<(2 * batch + 100) { store.enqueue(action) }
    store.drainInbox()
    #expect(store.state == Array(0..<batch))
    store.enqueue(-1)  // after the rest of the flood
    store.drainInbox()
    #expect(store.state == Array(0..<(2 * batch)))
    store.drainInbox()
    #expect(store.state == Array(0..<(2 * batch + 100)) + [-1])
    #expect(!store.inbox.hasEntries)
  }
}
