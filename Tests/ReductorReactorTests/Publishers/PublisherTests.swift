import Reductor
import ReductorReactor
import Testing

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

  /// Values sent from several threads reach every subscriber in one order.
  @Test(arguments: 0..<20)
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
