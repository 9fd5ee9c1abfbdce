import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct SubscriptionTests {
  let clock = ManualClock()

  @Test(arguments: StateKind.allCases)
  func startSubscribesOnceHoweverOftenItIsCalled(kind: StateKind) async {
    let updates = PassthroughPublisher<Int>()
    let model = kind.makeCounter(clock: clock, updates: updates)
    for _ in 0..<4 { model.start() }
    updates.send(1)
    await clock.advance(by: .zero)
    #expect(model.count == 10)
    #expect(model.log == ["received 1", "acknowledged 1"])
  }

  @Test(arguments: StateKind.allCases)
  func valuesAreReducedInTheOrderTheyWereSent(kind: StateKind) async {
    let updates = PassthroughPublisher<Int>()
    let model = kind.makeCounter(clock: clock, updates: updates)
    model.start()
    for value in 1...50 { updates.send(value) }
    await clock.advance(by: .zero)
    #expect(model.count == 9 + (1...50).reduce(0, +))
    #expect(model.log.filter { $0.hasPrefix("received") } == (1...50).map { "received \($0)" })
  }

  /// An action sent while reducing a subscription's mutation is reduced after the events already
  /// waiting: breadth-first, as every send during a reduction.
  @Test(arguments: StateKind.allCases)
  func actionsSentFromASubscriptionsMutationFollowTheValuesAlreadyWaiting(kind: StateKind) async {
    let updates = PassthroughPublisher<Int>()
    let model = kind.makeCounter(clock: clock, updates: updates)
    model.start()
    updates.send(1)
    updates.send(2)
    await clock.advance(by: .zero)
    #expect(model.log == ["received 1", "received 2", "acknowledged 1", "acknowledged 2"])
    updates.send(3)
    await clock.advance(by: .zero)
    #expect(model.log.suffix(2) == ["received 3", "acknowledged 3"])
  }

  @Test func aModelThatIsNotStartedReceivesNothing() async {
    let updates = PassthroughPublisher<Int>()
    let model = StateKind.value.makeCounter(clock: clock, updates: updates)
    updates.send(1)
    await clock.advance(by: .zero)
    #expect(model.count == 9)
  }
}

/// A sequence that is not `Sendable`: the subscription makes its iterator on the main actor and
/// hands it to its task.
private final class Countdown: AsyncSequence {
  typealias Element = Int
  typealias Failure = Never

  let from: Int

  init(from: Int) { self.from = from }

  struct AsyncIterator: AsyncIteratorProtocol {
    var next: Int

    mutating func next() async -> Int? {
      guard next > 0 else { return nil }
      defer { next -= 1 }
      return next
    }
  }

  func makeAsyncIterator() -> AsyncIterator { AsyncIterator(next: from) }
}

@MainActor
@Suite struct NonSendableSubscriptionTests {
  /// GoodReactor's form: the sequence is made by an `async` function, in the subscription's task.
  @Test func aSequenceMadeAsynchronouslyIsSubscribedToOnceItsTaskRuns() async {
    let clock = ManualClock()
    let updates = PassthroughPublisher<Int>()
    let model = AsyncSubscriber(clock: clock, updates: updates)
    model.start()
    await clock.advance(by: .zero)
    updates.send(5)
    updates.send(6)
    await clock.advance(by: .zero)
    #expect(model.state.received == [5, 6])
  }

  @Test func aSequenceThatIsNotSendableCanBeSubscribedTo() async {
    let clock = ManualClock()
    let model = Countdowns(clock: clock)
    model.start()
    await clock.advance(by: .zero)
    #expect(model.state.received == [3, 2, 1])
  }
}

private final class Countdowns: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case none }
  enum Mutation: Sendable { case received(Int) }
  struct State { var received: [Int] = [] }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func transform() {
    subscribe(to: { Countdown(from: 3) }, map: { .received($0) })
  }

  func reduce(state: inout State, event: Event) {
    if case .mutation(.received(let value)) = event.kind { state.received.append(value) }
  }
}

/// Subscribes to a publisher that an `async` function returns.
private final class AsyncSubscriber: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case none }
  enum Mutation: Sendable { case received(Int) }
  struct State { var received: [Int] = [] }

  let clock: any Clock<Duration>
  private let updates: PassthroughPublisher<Int>

  init(clock: any Clock<Duration>, updates: PassthroughPublisher<Int>) {
    self.clock = clock
    self.updates = updates
  }

  func makeInitialState() -> State { State() }

  func transform() {
    let updates = updates
    subscribe {
      await publisher(updates)
    } map: {
      .received($0)
    }
  }

  func reduce(state: inout State, event: Event) {
    if case .mutation(.received(let value)) = event.kind { state.received.append(value) }
  }
}

/// Returns `updates`, asynchronously: it runs on the subscription task's executor.
private func publisher(_ updates: PassthroughPublisher<Int>) async -> PassthroughPublisher<Int> {
  updates
}
