import Observation
import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct StubTests {
  @Test func aStubHasTheSuppliedState() {
    let stub = Stub<CounterViewModel<CounterObjectState>>(supplier: {
      let state = CounterObjectState()
      state.count = 42
      return state
    })
    #expect(stub.count == 42)
    // The original would add one, and start a run: the stub does neither.
    let task = stub.send(action: .addOne)
    #expect(stub.count == 42)
    #expect(task.isFinished)
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
