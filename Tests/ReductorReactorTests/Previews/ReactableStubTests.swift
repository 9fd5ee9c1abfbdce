import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct ReactableStubTests {
  let clock = ManualClock()

  @Test func theStubSetsTheStateAndObserversSeeIt() {
    let reactable = ValueCounterReactable(clock: clock)
    reactable.stub.isEnabled = true
    var counts: [Int] = []
    let observation = reactable.store.observe(\.count) { counts.append($0) }
    reactable.stub.state = CountingValueState(count: 5)
    #expect(reactable.currentState.count == 5)
    #expect(reactable.stub.state.count == 5)
    #expect(counts == [0, 5])
    observation.cancel()
  }

  @Test func aStubKeptAfterItsReactableIsReleasedGivesItsLastStateAndReports() {
    let reported = Locked<[String]>([])
    var reactable: ValueCounterReactable? = ValueCounterReactable(clock: clock)
    reactable?.diagnosticHandler = { diagnostic in
      reported.withLock { $0.append(diagnostic.message) }
    }
    let stub = reactable!.stub
    stub.state = CountingValueState(count: 3)
    reactable = nil
    #expect(stub.state.count == 3)
    stub.state = CountingValueState(count: 4)
    #expect(
      reported.value == [
        "The stub's state was read after its CountingReactable<CountingValueState> was released; "
          + "it gives the "
          + "state it last saw and changes nothing. Keep the reactable while you use its stub.",
        "The stub's state was set after its CountingReactable<CountingValueState> was released; "
          + "it gives the "
          + "state it last saw and changes nothing. Keep the reactable while you use its stub.",
      ])
  }

  @Test func aDisabledStubLetsActionsThroughAgain() {
    let reactable = ValueCounterReactable(clock: clock)
    reactable.isStubEnabled = true
    reactable.action(.increase)
    reactable.isStubEnabled = false
    reactable.action(.increase)
    #expect(reactable.stub.actions == [.increase])
    #expect(reactable.currentState.count == 1)
  }

  @Test func initializeStartsNothingWhileTheStubIsEnabled() async {
    let reactable = ValueCounterReactable(clock: clock, ticksEvery: .seconds(5))
    reactable.isStubEnabled = true
    reactable.initialize()
    await clock.advance(by: .seconds(10))
    #expect(reactable.stub.actions == [])
    #expect(clock.nextDeadline == nil)
  }
}
