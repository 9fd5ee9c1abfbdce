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

@MainActor
@Suite struct StubTests {
  @Test func aStubHasTheSuppliedState() {
    let stub = Stub<CounterViewModel<CounterObjectState>>(supplier: {
      let state = CounterObjectState()
      state.count = 42
      return state
    })
    #expect(stub.count == 42)
    stub.send(action: .addOne)
    stub.send(action: .resetLater)
    #expect(stub.count == 42)
  }

  @Test func aStubReducerMakesSmallTransitions() {
    let stub = Stub<CounterViewModel<CounterValueState>>(
      supplier: { CounterValueState(count: 1) },
      reducer: { state, event in
        if case .action(.addOne) = event.kind { state.count += 1 }
      })
    let erased = stub.eraseToAnyReactor()
    erased.send(action: .addOne)
    erased.send(action: .fanOut)
    #expect(erased.count == 2)
    erased.send(destination: .detail(7))
    #expect(stub.destination == .detail(7))
  }

  @Test func twoStubsNeverShareAState() {
    let supplier = { CounterObjectState() }
    let first = Stub<CounterViewModel<CounterObjectState>>(supplier: supplier)
    let second = Stub<CounterViewModel<CounterObjectState>>(supplier: supplier)
    #expect(first.state !== second.state)
  }
}
