import Reductor
import ReductorTesting
import Tally
import Testing

@MainActor
@Suite struct TallyTests {
  @Test func anAmountAddedLaterArrivesAfterASecond() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    await store.send(.add(2)) { $0.count = 2 }
    await store.send(.addLater(3))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.add(3)) { $0.count = 5 }
    await store.finish()
  }
}
