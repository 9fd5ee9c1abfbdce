import Reductor
import ReductorTesting
import Testing

@testable import Counter

@MainActor
@Suite struct CounterFeatureTests {
  @Test func incrementDecrementAndReset() async {
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.increment)) { $0.counter.count = 2 }
    await store.send(.counter(.decrement)) { $0.counter.count = 1 }
    await store.send(.commandEntered) { $0.commands = 1 }
    await store.send(.counter(.reset)) { $0.counter.count = 0 }
    await store.finish()
  }

  @Test func loadReplacesTheCountAfterTheServerAnswers() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live),
      clock: clock)
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await clock.advance(by: .milliseconds(299))
    await store.send(.counter(.increment)) { $0.counter.count = 2 }
    await clock.advance(by: .milliseconds(1))
    await store.receive(.counter(.loaded(42))) {
      $0.counter.isLoading = false
      $0.counter.count = 42
    }
    await store.finish()
  }

  @Test func aFailingServerKeepsTheCount() async {
    struct Offline: Error {}
    let store = TestStore(
      initialState: AppFeature.State(),
      reducer: AppFeature.Reducer(dependencies: .init(fetchCount: { throw Offline() })))
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await store.receive(.counter(.loaded(1))) { $0.counter.isLoading = false }
    await store.finish()
  }

  @Test func aSecondLoadReplacesTheFirst() async {
    let clock = ManualClock()
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live),
      clock: clock)
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await clock.advance(by: .milliseconds(200))
    await store.send(.counter(.load))
    await clock.advance(by: .milliseconds(299))  // the first would have answered at 300 ms
    await clock.advance(by: .milliseconds(1))
    await store.receive(.counter(.loaded(42))) {
      $0.counter.isLoading = false
      $0.counter.count = 42
    }
    await store.finish()
  }
}
