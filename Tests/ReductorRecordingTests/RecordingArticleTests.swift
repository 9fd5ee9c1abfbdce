import Foundation
import Reductor
import ReductorRecording
import Testing

/// The code of the article "Recording and replaying a session", run.
@MainActor
@Suite struct RecordingArticleTests {
  typealias State = Tally.State
  typealias Action = Tally.Action

  @Test func recordingToAFileAndReadingItBack() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let url = file.url
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())

    let recorder = try store.record(to: url, snapshotInterval: 100)
    store.send(.increment)
    store.send(.note("saved"))
    // At shutdown: the effects' last actions, then the last lines.
    await store.finishEffects(timeout: .seconds(5))
    recorder.stop()

    let recording = try Recording<State, Action>(contentsOf: url)
    for issue in recording.issues { print("\(url.lastPathComponent): \(issue)") }
    let before = try recording.state(at: 1)
    let after = try recording.state(at: recording.steps.count)
    #expect(before == State(count: 1))
    #expect(after == State(count: 1, log: ["saved"]))
    #expect(recording.steps.map(\.origin) == [.sent, .sent])
  }

  @Test func recordingInMemory() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record()
    store.send(.increment)
    let recording = try recorder.recording()
    #expect(try recording.state(at: 1).count == 1)
  }

  @Test func skippingAStep() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record()
    store.send(.note("typo"))
    store.send(.increment)
    let recording = try recorder.recording()

    let withoutTheTypo = try recording.skipping(1, reducer: Tally())
    let last = try withoutTheTypo.state(at: withoutTheTypo.steps.count)
    #expect(last == State(count: 1))
    #expect(withoutTheTypo.steps.map(\.action) == [.increment])
  }
}
