import Reductor
import Testing

@testable import ReductorReactor

/// Every shape owns its store through its `ReactorStorage`: releasing the object ends its work
/// at once (#30).
@MainActor
@Suite struct ReleaseTests {
  let clock = ManualClock()

  /// A reactable whose `transformAction()` turns a publisher's values into actions.
  private final class Listener: Reactable {
    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>
    private let updates: PassthroughPublisher<Int>

    init(clock: any Clock<Duration>, updates: PassthroughPublisher<Int>) {
      self.clock = clock
      self.updates = updates
    }

    func transformAction() -> Effect<Int> {
      let updates = updates
      return .stream { updates }
    }

    func mutate(action: Int) -> Effect<Int> { .just(action) }
    func reduce(state: inout Int, mutation: Int) { state = mutation }
  }

  /// An async reactor whose input waits a second on its clock, and records what it did.
  private final class Waiter: AsyncReactor {
    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>
    let journal = Locked<[String]>([])

    init(clock: any Clock<Duration>) { self.clock = clock }

    nonisolated func initialState() -> Int { 0 }

    func reduce(_ input: Int) async -> Int {
      journal.withLock { $0.append("reduce \(input)") }
      try? await EffectContext.clock.sleep(for: .seconds(1))
      return input
    }

    func mutate(_ state: Int, mutation: Int) async -> Int { mutation }
  }

  @Test func releasingAReactableEndsItsTransformActionStreamAtOnce() async {
    let updates = PassthroughPublisher<Int>()
    var reactable: Listener? = Listener(clock: clock, updates: updates)
    weak let store = reactable.map { $0.store as AnyObject }
    reactable?.initialize()
    await clock.advance(by: .zero)
    updates.send(3)
    await clock.advance(by: .zero)
    #expect(reactable?.currentState == 3)
    #expect(updates.subscriberCount == 1)
    reactable = nil
    #expect(store == nil)
    #expect(updates.subscriberCount == 0)
  }

  /// Sending to the store of a released reactable or async reactor reduces nothing and reports
  /// it, as for a reactor.
  @Test func sendingToTheKeptStoreOfAReleasedObjectIsReported() {
    let reported = Locked<[String]>([])
    let record: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
      reported.withLock { $0.append("\(diagnostic.kind): \(diagnostic.message)") }
    }
    var reactable: Listener? = Listener(clock: clock, updates: PassthroughPublisher())
    reactable?.diagnosticHandler = record
    let reactableStore = reactable!.store
    reactableStore.send(4)
    reactable = nil
    reactableStore.send(5)
    var reactor: Waiter? = Waiter(clock: clock)
    reactor?.diagnosticHandler = record
    let reactorStore = reactor!.store
    reactor = nil
    reactorStore.send(6)
    #expect(reactableStore.state == 4)
    #expect(reactorStore.state == 0)
    #expect(
      reported.value == [
        "actionForReleasedOwner: 5 reached the store of a released Listener; it was not "
          + "reduced. Keep the object while you use its store.",
        "actionForReleasedOwner: 6 reached the store of a released Waiter; it was not reduced. "
          + "Keep the object while you use its store.",
      ])
  }

  /// An input's `reduce` is a method of the reactor, so its work holds the reactor until it
  /// returns, as a `Task` calling it would; then the reactor goes, with its store, and the next
  /// input, which waited for its turn, never starts.
  @Test func anAsyncReactorGoesOnceTheInputItRunsReturnsAndTheNextNeverStarts() async {
    var reactor: Waiter? = Waiter(clock: clock)
    weak let released = reactor
    let journal = reactor!.journal
    _ = reactor?.send(7)
    _ = reactor?.send(8)
    await clock.advance(by: .milliseconds(500))
    reactor = nil
    #expect(released != nil)
    await clock.advance(by: .milliseconds(500))
    #expect(released == nil)
    #expect(journal.value == ["reduce 7"])
    await clock.advance(by: .seconds(5))
    #expect(journal.value == ["reduce 7"])
    #expect(clock.nextDeadline == nil)
  }
}
