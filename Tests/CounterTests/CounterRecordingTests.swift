import Reductor
import ReductorRecording
import ReductorRecordingTesting
import ReductorSharing
import ReductorTesting
import Testing

@testable import Counter

/// A Counter session recorded and replayed: a load, the timer, a save into the shared saved
/// count, at the same virtual times.
@MainActor
@Suite struct CounterRecordingTests {
  @Test func aRecordedSessionReplaysExactly() async throws {
    let clock = ManualClock()
    let initialState = withDependencies {
      $0.sharedStorage = .inMemory()
    } operation: {
      AppFeature.State()
    }
    let store = ReducerStore(
      initialState: initialState, reducer: AppFeature.Reducer(dependencies: .live), clock: clock)
    let recorder = store.record(snapshotInterval: 4)
    store.send(.counter(.increment))
    store.send(.counter(.load))
    await clock.advance(by: .milliseconds(300))
    store.send(.counter(.toggleTicking))
    await clock.advance(by: .seconds(2))
    store.send(.counter(.toggleTicking))
    store.send(.counter(.save))
    await clock.advance(by: .milliseconds(200))
    store.send(.quit(.command))
    recorder.stop()
    let recording = try recorder.recording()
    #expect(
      recording.steps.map(\.action) == [
        .counter(.increment), .counter(.load), .counter(.loaded(42)), .counter(.toggleTicking),
        .counter(.ticked), .counter(.ticked), .counter(.toggleTicking), .counter(.save),
        .counter(.saved(44)), .quit(.command),
      ])
    #expect(
      recording.steps.map(\.origin) == [
        .sent, .sent, .effect(cause: 2), .sent, .effect(cause: 4), .effect(cause: 4), .sent, .sent,
        .effect(cause: 8), .sent,
      ])
    // The shared field is recorded as its value, and rebuilt as a value of its own.
    #expect(try recording.state(at: 8).counter.savedCount == nil)
    #expect(try recording.state(at: 9).counter.savedCount == 44)
    #expect(store.state.counter.savedCount == 44)

    let replayed = await replay(recording, reducer: AppFeature.Reducer(dependencies: .live))
    #expect(replayed == store.state)
    await replay(
      recording, reducer: AppFeature.Reducer(dependencies: .live), effects: .suppressed)
  }
}
