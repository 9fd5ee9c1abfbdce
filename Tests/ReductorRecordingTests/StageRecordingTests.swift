import Foundation
import Reductor
import ReductorRecording
import Testing

/// A recorder of an instrumented store writes each step's stage durations: timed on the store's
/// manual clock here, so they are exact.
@MainActor
@Suite struct StageRecordingTests {
  typealias State = Tally.State

  @Test func anInstrumentedStoresStepsCarryTheirStageDurations() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
      .instrumentation(.init(label: "tally"))
    let recorder = store.record()
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .seconds(1))
    store.send(.note("done"))
    let recording = try recorder.recording()

    #expect(recording.steps.map(\.action) == [.increment, .load, .loaded(10), .note("done")])
    #expect(recording.steps[0].stageDurations == ["queue": .zero, "reduce": .zero])
    // The load's effect ran for the second the clock advanced.
    #expect(
      recording.steps[1].stageDurations == [
        "queue": .zero, "reduce": .zero, "effect": .seconds(1),
      ])
    #expect(recording.steps[2].stageDurations == ["queue": .zero, "reduce": .zero])
    #expect(recording.steps[3].stageDurations == ["queue": .zero, "reduce": .zero])
    // Written out and read again, the durations stay.
    let again = try Recording<State, Tally.Action>(jsonLines: recording.jsonLines())
    #expect(again.steps.map(\.stageDurations) == recording.steps.map(\.stageDurations))
  }

  @Test func aStoreThatIsNotInstrumentedRecordsNoStages() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record()
    store.send(.increment)
    store.send(.load)
    let recording = try recorder.recording()
    #expect(recording.steps.map(\.stageDurations) == [[:], [:]])
  }
}
