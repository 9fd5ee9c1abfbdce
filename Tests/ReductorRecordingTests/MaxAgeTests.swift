import Foundation
import Reductor
import ReductorRecording
import Testing

/// A recording with a `maxAge` keeps its newest steps, numbered from 1 again; `droppingFirst`
/// is what it keeps.
@MainActor
@Suite struct MaxAgeTests {
  typealias State = Tally.State

  /// The file is rewritten with the newest steps: what a reader of it finds.
  @Test func aFileKeepsItsNewestSteps() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = try store.record(to: file.url, snapshotInterval: 1, maxAge: 3)
    for _ in 1...20 { store.send(.increment) }
    recorder.stop()

    let recording = try Recording<State, Tally.Action>(contentsOf: file.url)
    #expect(recording.steps.count == 5)
    #expect(recording.initialState == State(count: 15))
    #expect(try (0...5).map { try recording.state(at: $0).count } == Array(15...20))
    #expect(recording.issues.isEmpty)
  }

  @Test func aMaxAgeBelowOneIsReportedAndEveryStepKept() throws {
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    let recorder = store.record(snapshotInterval: 1, maxAge: 0)
    for _ in 1...10 { store.send(.increment) }
    #expect(try recorder.recording().steps.count == 10)
    #expect(
      diagnostics.value.map(\.message) == [
        "a recording's maxAge must be at least 1, not 0; it keeps every step"
      ])
  }

  @Test func droppingFirstStartsFromTheStateAfterTheDroppedSteps() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record(snapshotInterval: 3)
    for number in 1...10 { store.send(number.isMultiple(of: 2) ? .increment : .note("\(number)")) }
    let recording = try recorder.recording()

    let rest = try recording.droppingFirst(4)
    #expect(rest.steps.map(\.number) == Array(1...6))
    #expect(rest.steps.map(\.action) == recording.steps.dropFirst(4).map(\.action))
    #expect(try (0...6).map(rest.state(at:)) == (4...10).map(recording.state(at:)))
    #expect(try Recording<State, Tally.Action>(jsonLines: rest.jsonLines()).steps.count == 6)
    #expect(try recording.droppingFirst(0).jsonLines() == recording.jsonLines())
    #expect(try recording.droppingFirst(10).steps.isEmpty)
    #expect(throws: RecordingError.noSuchStep(11)) { try recording.droppingFirst(11) }
  }
}
