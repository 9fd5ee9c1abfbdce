import Observation
import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct AnyReactorTests {
  @Test func anErasedReactorForwardsToTheOriginal() {
    let original = CounterViewModel<CounterValueState>(clock: ManualClock())
    let erased = original.eraseToAnyReactor()
    erased.send(action: .addOne)
    #expect(original.count == 10)
    #expect(erased.count == 10)
    original.send(action: .addOne)
    #expect(erased.state.count == 11)
    erased.send(destination: .detail(1))
    #expect(original.destination == .detail(1))
    #expect(erased.destination == .detail(1))
    let count = erased.bind(\.count, action: CounterAction.set)
    count.value = 3
    #expect(original.count == 3)
  }

  @Test func anErasedReactorSharesTheOriginalsObservableState() {
    let original = CounterViewModel<CounterObjectState>(clock: ManualClock())
    let erased = original.eraseToAnyReactor()
    #expect(erased.state === original.state)
  }

  @Test func anErasedReactorsAsyncSendWaitsForTheWork() async {
    let original = CounterViewModel<CounterValueState>(clock: ManualClock())
    let erased = original.eraseToAnyReactor()
    await erased.send(action: .fanOut)
    #expect(original.count == 209)
  }

  @Test func anErasedReactorStartsTheOriginal() async {
    let clock = ManualClock()
    let updates = PassthroughPublisher<Int>()
    let erased = CounterViewModel<CounterValueState>(clock: clock, updates: updates)
      .eraseToAnyReactor()
    erased.start()
    erased.start()
    updates.send(2)
    await clock.advance(by: .zero)
    #expect(erased.count == 11)
  }
}
