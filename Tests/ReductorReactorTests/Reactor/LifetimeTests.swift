import Observation
import Reductor
import Testing

@testable import ReductorReactor

@MainActor
@Suite struct LifetimeTests {
  let clock = ManualClock()

  @Test func aReleasedReactorIsDeinitializedWhileItsWorkRuns() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    weak let released = reactor
    reactor?.start()
    _ = reactor?.send(action: .work) as StoreTask?
    await clock.advance(by: .milliseconds(100))
    #expect(journal.entries == ["started"])
    reactor = nil
    #expect(released == nil)
  }

  @Test func workOfAReleasedReactorDeliversNothingAndItsStateIsFreed() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    weak let state = reactor?.state
    reactor?.start()
    _ = reactor?.send(action: .work) as StoreTask?
    await clock.advance(by: .milliseconds(100))
    reactor = nil
    #expect(state != nil)
    // The run wakes, returns its mutation, and it is not reduced: the store goes with it, and
    // cancels the rest. The fetch's sleep ends at once (its closure goes on to record), the
    // debounce never fires.
    await clock.advance(by: .seconds(1))
    #expect(journal.entries == ["started", "slept", "fetched"])
    #expect(state == nil)
    // The subscription ended with the store too.
    updates.send(1)
    await clock.advance(by: .seconds(10))
    #expect(journal.entries == ["started", "slept", "fetched"])
  }

  @Test func aSubscriptionOfAReleasedReactorEndsAtItsNextValue() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    weak let state = reactor?.state
    reactor?.start()
    updates.send(1)
    await clock.advance(by: .zero)
    #expect(reactor?.state.received == [1])
    reactor = nil
    updates.send(2)
    await clock.advance(by: .zero)
    #expect(journal.entries == ["mapped 1", "mapped 2"])
    #expect(state == nil)
    updates.send(3)
    await clock.advance(by: .zero)
    #expect(journal.entries == ["mapped 1", "mapped 2"])
  }

  @Test func aStoreKeptAfterItsReactorIsGoneReducesNothing() {
    var reactor: Worker? = Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
    let store = reactor!.store
    store.send(.receive(1))
    reactor = nil
    store.send(.receive(2))
    #expect(store.state.received == [1])
  }

  @Test func aNewReactorStartsWithItsOwnState() {
    var first: Worker? = Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
    first?.send(action: .receive(5))
    first = nil
    let second = Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
    #expect(second.state.received == [])
  }
}

/// What a ``Worker``'s work did, written from its tasks.
private final class Journal: Sendable {
  private let recorded = Locked<[String]>([])

  var entries: [String] { recorded.value }

  func record(_ entry: String) { recorded.withLock { $0.append(entry) } }
}

/// A reactor with every kind of work; none of it captures the reactor.
private final class Worker: Reactor {
  enum Action: Sendable {
    case work
    case receive(Int)
  }

  enum Mutation: Sendable {
    case worked
    case received(Int)
  }

  @Observable final class State {
    var received: [Int] = []
    var fetched: DataFetchingState<Int, Never> = .idle
  }

  let clock: any Clock<Duration>
  private let updates: PassthroughPublisher<Int>
  private let journal: Journal

  init(clock: any Clock<Duration>, updates: PassthroughPublisher<Int>, journal: Journal) {
    self.clock = clock
    self.updates = updates
    self.journal = journal
  }

  func makeInitialState() -> State { State() }

  func transform() {
    let journal = journal
    subscribe(to: { updates }) { value in
      journal.record("mapped \(value)")
      return .received(value)
    }
  }

  func reduce(state: inout State, event: Event) {
    let journal = journal
    switch event.kind {
    case .action(.work):
      run(event) {
        journal.record("started")
        try? await EffectContext.clock.sleep(for: .seconds(1))
        journal.record("slept")
        return .worked
      }
      fetch(event, \.fetched) {
        try? await EffectContext.clock.sleep(for: .seconds(5))
        journal.record("fetched")
        return 1
      }
      debounce(duration: .seconds(2)) {
        journal.record("debounced")
        return .received(0)
      }
    case .action(.receive(let value)), .mutation(.received(let value)):
      state.received.append(value)
    case .mutation(.worked):
      journal.record("worked")
    case .destination:
      break
    }
  }
}

@MainActor
@Suite struct RegistrySweepTests {
  /// A sweep comes at the latest once the number of runtimes has doubled since the last one's
  /// survivors, which were at most as many as there are now. The registry is shared by every
  /// test, but this one does not suspend: nothing else makes runtimes meanwhile.
  @Test func theStoresOfReleasedReactorsAreFreedByASweepBeforeTheyOutnumberTheLiveOnes() {
    let clock = ManualClock()
    var released: [Worker] = (0..<20).map { _ in
      Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
    }
    let states = released.map { WeakState(state: $0.state) }
    released = []
    let before = ReactorRegistry.count
    var kept: [Worker] = []
    while states.contains(where: { $0.state != nil }) && kept.count <= before + 16 {
      let worker = Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
      _ = worker.state
      kept.append(worker)
    }
    #expect(states.allSatisfy { $0.state == nil })
    #expect(kept.count <= max(16, before))
  }
}

private struct WeakState {
  weak var state: Worker.State?
}
