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
