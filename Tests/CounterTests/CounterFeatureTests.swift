import Foundation
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
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await store.clock.advance(by: .milliseconds(299))
    await store.send(.counter(.increment)) { $0.counter.count = 2 }
    await store.clock.advance(by: .milliseconds(1))
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
      reducer: AppFeature.Reducer(
        dependencies: .init(fetchCount: { throw Offline() }, saveCount: { _ in })))
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await store.receive(.counter(.loaded(1))) { $0.counter.isLoading = false }
    await store.finish()
  }

  @Test func aSecondLoadReplacesTheFirst() async {
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.load)) { $0.counter.isLoading = true }
    await store.clock.advance(by: .milliseconds(200))
    await store.send(.counter(.load))
    await store.clock.advance(by: .milliseconds(299))  // the first would have answered at 300 ms
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.counter(.loaded(42))) {
      $0.counter.isLoading = false
      $0.counter.count = 42
    }
    await store.finish()
  }

  @Test func theTimerCountsUpEverySecondUntilToggledOff() async {
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.toggleTicking)) { $0.counter.isTicking = true }
    await store.clock.advance(by: .milliseconds(2500))
    await store.receive(.counter(.ticked)) { $0.counter.count = 1 }
    await store.receive(.counter(.ticked)) { $0.counter.count = 2 }
    await store.send(.counter(.toggleTicking)) { $0.counter.isTicking = false }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aSaveStoresTheCountAfterTheServerAnswers() async {
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.increment)) { $0.counter.count = 1 }
    await store.send(.counter(.save)) { $0.counter.isSaving = true }
    await store.clock.advance(by: .milliseconds(200))
    await store.receive(.counter(.saved(1))) {
      $0.counter.isSaving = false
      $0.counter.savedCount = 1
    }
    await store.finish()
  }

  @Test func aFailedSaveKeepsTheLastSavedCount() async {
    struct Full: Error {}
    let store = TestStore(
      initialState: AppFeature.State(),
      reducer: AppFeature.Reducer(
        dependencies: .init(fetchCount: { 0 }, saveCount: { _ in throw Full() })))
    await store.send(.counter(.save)) { $0.counter.isSaving = true }
    await store.receive(.counter(.saveFailed)) { $0.counter.isSaving = false }
    await store.finish()
  }

  /// Quitting, for a command or a signal, stops the timer and leaves a save to finish.
  @Test func quittingStopsTheTimerAndLetsASaveFinish() async {
    let store = TestStore(
      initialState: AppFeature.State(), reducer: AppFeature.Reducer(dependencies: .live))
    await store.send(.counter(.toggleTicking)) { $0.counter.isTicking = true }
    await store.send(.counter(.save)) { $0.counter.isSaving = true }
    await store.send(.quit(.signal(SIGINT))) {
      $0.quitReason = .signal(SIGINT)
      $0.counter.isTicking = false
    }
    await store.send(.quit(.command))  // already quitting: nothing changes
    await store.clock.advance(by: .seconds(1))
    await store.receive(.counter(.saved(0))) {
      $0.counter.isSaving = false
      $0.counter.savedCount = 0
    }
    await store.finish()
  }
}
