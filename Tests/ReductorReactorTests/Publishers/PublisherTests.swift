import Reductor
import StressRuns
import Testing

@testable import ReductorReactor

@MainActor
@Suite struct PublisherTests {
  @Test func aPassthroughPublisherSendsToEverySubscriberInOrder() async {
    let publisher = PassthroughPublisher<Int>()
    var first = publisher.makeAsyncIterator()
    var second = publisher.makeAsyncIterator()
    for value in 1...3 { publisher.send(value) }
    var seenByFirst: [Int] = []
    var seenBySecond: [Int] = []
    for _ in 1...3 {
      seenByFirst.append(await first.next() ?? -1)
      seenBySecond.append(await second.next() ?? -1)
    }
    #expect(seenByFirst == [1, 2, 3])
    #expect(seenBySecond == [1, 2, 3])
  }

  @Test func aPassthroughPublisherDropsWhatIsSentBeforeASubscription() async {
    let publisher = PassthroughPublisher<Int>()
    publisher.send(1)
    var iterator = publisher.makeAsyncIterator()
    publisher.send(2)
    #expect(await iterator.next() == 2)
  }

  @Test func aReplayPublisherGivesANewSubscriberTheLatestValueFirst() async {
    let publisher = ReplayPublisher<String>(latest: "initial")
    var early = publisher.makeAsyncIterator()
    publisher.send("ada")
    var late = publisher.makeAsyncIterator()
    publisher.send("grace")
    #expect(await early.next() == "initial")
    #expect(await early.next() == "ada")
    #expect(await late.next() == "ada")
    #expect(await late.next() == "grace")
    #expect(publisher.latest == "grace")
  }

  @Test func aReplayPublisherWithoutAValueReplaysNothing() async {
    let publisher = ReplayPublisher<Int>()
    var iterator = publisher.makeAsyncIterator()
    publisher.send(5)
    #expect(await iterator.next() == 5)
  }

  @Test func releasingAPublisherEndsItsSubscribersIterations() async {
    var publisher: PassthroughPublisher<Int>? = PassthroughPublisher()
    var iterator = publisher!.makeAsyncIterator()
    publisher?.send(1)
    publisher = nil
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
  }

  @Test func finishingAPublisherEndsItsIterationsAfterWhatWasSentBefore() async {
    let publisher = PassthroughPublisher<Int>()
    var iterator = publisher.makeAsyncIterator()
    publisher.send(1)
    publisher.finish()
    publisher.send(2)
    var late = publisher.makeAsyncIterator()
    #expect(await iterator.next() == 1)
    #expect(await iterator.next() == nil)
    #expect(await late.next() == nil)
    #expect(publisher.subscriberCount == 0)
  }

  @Test func aFinishedReplayPublisherKeepsItsLatestValueAndTakesNoMore() async {
    let publisher = ReplayPublisher<String>(latest: "ada")
    publisher.finish()
    publisher.send("grace")
    var late = publisher.makeAsyncIterator()
    #expect(await late.next() == nil)
    #expect(publisher.latest == "ada")
  }

  /// A reactor's subscription to a publisher that finishes ends: the publisher forgets it.
  @Test func aReactorsSubscriptionEndsWhenItsPublisherFinishes() async {
    let clock = ManualClock()
    let updates = PassthroughPublisher<Int>()
    let listener = Listener(clock: clock, updates: updates)
    listener.start()
    updates.send(4)
    updates.finish()
    await clock.advance(by: .zero)
    #expect(listener.state == [4])
    #expect(clock.nextDeadline == nil)
    #expect(updates.subscriberCount == 0)
  }

  private final class Listener: Reactor {
    typealias Action = Never
    typealias Destination = Never
    enum Mutation: Sendable { case heard(Int) }

    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>
    var destination: Destination?
    private let updates: PassthroughPublisher<Int>

    init(clock: any Clock<Duration>, updates: PassthroughPublisher<Int>) {
      self.clock = clock
      self.updates = updates
    }

    func makeInitialState() -> [Int] { [] }

    func transform() {
      let updates = updates
      subscribe(to: { updates }, map: { .heard($0) })
    }

    func reduce(state: inout [Int], event: Event) {
      if case .mutation(.heard(let value)) = event.kind { state.append(value) }
    }
  }

  /// Values sent from several threads reach every subscriber in one order.
  @Test(arguments: stressRuns)
  func subscribersAgreeOnTheOrderOfConcurrentSends(repetition: Int) async {
    let publisher = PassthroughPublisher<Int>()
    var first = publisher.makeAsyncIterator()
    var second = publisher.makeAsyncIterator()
    await withTaskGroup(of: Void.self) { group in
      for producer in 0..<4 {
        group.addTask {
          for value in 0..<100 { publisher.send(producer * 100 + value) }
        }
      }
    }
    var seenByFirst: [Int] = []
    var seenBySecond: [Int] = []
    for _ in 0..<400 {
      seenByFirst.append(await first.next() ?? -1)
      seenBySecond.append(await second.next() ?? -1)
    }
    #expect(seenByFirst == seenBySecond)
    #expect(Set(seenByFirst) == Set(0..<400))
  }
}

/// The bookkeeping of a publisher's subscribers, which thousands of reactors may share.
@Suite struct SubscribersTests {
  /// Half of a thousand subscriptions end, in an order that leaves holes everywhere: the others
  /// still get every value, in the order they subscribed, and the ended ones are forgotten.
  @Test func subscriptionsThatEndAreForgottenAndTheOthersKeepTheirOrder() async {
    let subscribers = Subscribers<Int>(replaysLatest: false, latest: nil)
    var streams = (0..<1_000).map { _ in Optional(subscribers.subscribe()) }
    for index in stride(from: 999, through: 0, by: -2) { streams[index] = nil }
    #expect(subscribers.count == 500)
    subscribers.send(7)
    let kept = (0..<1_000).filter { $0.isMultiple(of: 2) }
    var received: [Int] = []
    for index in kept {
      var iterator = streams[index]!.makeAsyncIterator()
      received.append(await iterator.next() ?? -1)
    }
    #expect(received == [Int](repeating: 7, count: 500))
    streams.removeAll()
    #expect(subscribers.count == 0)
  }
}

/// GoodReactor's `@Broadcast`: a property whose assignments reach its subscribers.
@MainActor
final class Session {
  @Broadcast var status = "offline"
  @Broadcast(replayLastValue: true) var user: String? = nil
}

@MainActor
@Suite struct BroadcastTests {
  @Test func assigningABroadcastPropertySendsToItsSubscribers() async {
    let session = Session()
    var statuses = session.$status.makeAsyncIterator()
    session.status = "online"
    session.status = "away"
    #expect(session.status == "away")
    #expect(await statuses.next() == "online")
    #expect(await statuses.next() == "away")
  }

  @Test func aReplayingBroadcastGivesANewSubscriberTheCurrentValue() async {
    let session = Session()
    session.user = "ada"
    var users = session.$user.makeAsyncIterator()
    session.user = "grace"
    #expect(await users.next() == "ada")
    #expect(await users.next() == "grace")
  }
}
