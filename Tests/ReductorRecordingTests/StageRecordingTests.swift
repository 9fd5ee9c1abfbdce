import Foundation
import Reductor
import ReductorRecording
import Testing

/// Whether an instrumented store times every stage: when Reductor is compiled with `DEBUG`;
/// `swift test -c release` compiles it without, and then only targets' stages are timed, while a
/// target handler is installed.
private let everyStageIsTimed: Bool = {
  #if DEBUG
  return true
  #else
  return false
  #endif
}()

/// A recorder of an instrumented store writes each step's stage durations: timed on the store's
/// manual clock here, so they are exact.
@MainActor
@Suite(.enabled(if: everyStageIsTimed, "an instrumented store times every stage in debug builds"))
struct StageRecordingTests {
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

  /// A recorder writes a step's stages after its effect's end, or, without an effect, before
  /// the next step: where a recording writes them out again, byte for byte.
  @Test func aRecordedFileWithStagesWritesOutTheSame() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
      .instrumentation(.init(label: "tally"))
    let recorder = try store.record(to: file.url, snapshotInterval: 2)
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .seconds(1))
    store.send(.note("done"))
    recorder.stop()

    let data = try Data(contentsOf: file.url)
    let kinds = String(decoding: data, as: UTF8.self).split(separator: "\n").map { line in
      ["stages", "effectEnded", "effectStarted", "snapshot", "action", "format"].first {
        line.contains(#""\#($0)""#)
      } ?? "?"
    }
    #expect(
      kinds == [
        "format", "action", "stages", "action", "snapshot", "effectStarted", "action",
        "effectEnded", "stages", "stages", "action", "snapshot", "stages",
      ])
    #expect(try Recording<State, Tally.Action>(contentsOf: file.url).jsonLines() == data)
  }

}
