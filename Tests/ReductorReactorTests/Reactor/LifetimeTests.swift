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

  /// The reactor owns its store: releasing it frees the store and cancels every kind of its
  /// work at once, with no sweep and no wait for the work to deliver (#30).
  @Test func releasingAReactorEndsAllOfItsWorkAtOnce() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    weak let state = reactor?.state
    reactor?.start()
    _ = reactor?.send(action: .work) as StoreTask?
    await clock.advance(by: .milliseconds(100))
    #expect(updates.subscriberCount == 1)
    reactor = nil
    #expect(state == nil)
    #expect(updates.subscriberCount == 0)
    // The run's and the fetch's sleeps end at once (their closures go on to record, in either
    // order); the debounce never fires, and nothing more is mapped.
    await clock.advance(by: .zero)
    #expect(journal.entries.sorted() == ["fetched", "slept", "started"])
    updates.send(1)
    await clock.advance(by: .seconds(10))
    #expect(journal.entries.sorted() == ["fetched", "slept", "started"])
  }

  @Test func aSubscriptionOfAReleasedReactorEndsAtOnce() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    weak let state = reactor?.state
    reactor?.start()
    updates.send(1)
    await clock.advance(by: .zero)
    #expect(reactor?.state.received == [1])
    reactor = nil
    #expect(state == nil)
    #expect(updates.subscriberCount == 0)
    updates.send(2)
    await clock.advance(by: .zero)
    #expect(journal.entries == ["mapped 1"])
  }

  /// Released before its subscription's task ran, on a busy main actor: the task runs
  /// cancelled, and maps nothing that was sent meanwhile.
  @Test func aSubscriptionReleasedBeforeItsTaskRanMapsNothing() async {
    let updates = PassthroughPublisher<Int>()
    let journal = Journal()
    var reactor: Worker? = Worker(clock: clock, updates: updates, journal: journal)
    reactor?.start()
    reactor = nil
    updates.send(1)
    await clock.advance(by: .zero)
    #expect(journal.entries == [])
    #expect(updates.subscriberCount == 0)
  }

  /// Sending to a store kept after its reactor is gone is a misuse: reported, never a crash.
  @Test func aStoreKeptAfterItsReactorIsGoneReducesNothingAndSaysSo() {
    var reactor: Worker? = Worker(clock: clock, updates: PassthroughPublisher(), journal: Journal())
    let reported = Locked<[StoreDiagnostic]>([])
    reactor?.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let store = reactor!.store
    store.send(.receive(1))
    reactor = nil
    store.send(.receive(2))
    #expect(store.state.received == [1])
    #expect(reported.value.map(\.kind) == [.actionForReleasedOwner])
    #expect(
      reported.value.first?.message
        == "receive(2) reached the store of a released Worker; it was not reduced. Keep the "
        + "object while you use its store.")
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
  let reactorStorage = ReactorStorage()
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
@Suite struct SharedStorageTests {
  /// A counter whose storage is given to it: the misuse of sharing one between two objects.
  private final class Counter: Reactor {
    typealias Action = Int
    typealias State = Int

    let reactorStorage: ReactorStorage

    init(storage: ReactorStorage) { reactorStorage = storage }

    func makeInitialState() -> Int { 0 }

    func reduce(state: inout Int, event: Event) {
      if case .action(let amount) = event.kind { state += amount }
    }
  }

  /// Two objects that share one storage still get a store each.
  @Test func twoReactorsThatShareAStorageKeepTheirOwnStates() {
    let shared = ReactorStorage()
    let first = Counter(storage: shared)
    let second = Counter(storage: shared)
    first.send(action: 1)
    second.send(action: 10)
    first.send(action: 1)
    #expect(first.state == 2)
    #expect(second.state == 10)
  }
}
