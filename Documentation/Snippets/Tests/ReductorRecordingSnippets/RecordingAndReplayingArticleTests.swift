// The code of "Recording and replaying a session" and of the ReductorRecording landing page.
import Foundation
import Reductor
import ReductorRecording
import Testing

@MainActor
@Suite struct RecordingAndReplayingArticleTests {
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

  /// The store's `states`, read from when the recording starts, are the live states after
  /// each step: the ones the recording rebuilds.
  @Test func theLiveStateAfterEachStep() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)

    let recorder = store.record()
    // The state now, then the state right after each step the recorder records.
    let liveStates = store.states
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .seconds(1))
    recorder.stop()

    let recording = try recorder.recording()
    var step = 0
    for await state in liveStates.prefix(recording.steps.count + 1) {
      #expect(try recording.state(at: step) == state)
      step += 1
    }
    #expect(step == 4)
  }

  /// Kept at least 5, dropped two at a time once 10 are held: after 23 steps, the last 7.
  @Test func aRecordingInMemoryKeepsItsNewestSteps() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
    let recorder = store.record(snapshotInterval: 2, maxAge: 5)
    store.send(.load)
    for number in 2...18 { store.send(.note("\(number)")) }
    await clock.advance(by: .seconds(1))
    store.send(.load)
    await clock.advance(by: .seconds(1))
    store.send(.note("22"))
    store.send(.note("23"))
    recorder.stop()

    let recording = try recorder.recording()
    #expect(
      recording.steps.map(\.action) == [
        .note("17"), .note("18"), .loaded(10), .load, .loaded(10), .note("22"), .note("23"),
      ])
    #expect(recording.steps.map(\.number) == Array(1...7))
    #expect(
      recording.steps.map(\.origin) == [
        .sent, .sent, .effect(cause: nil), .sent, .effect(cause: 4), .sent, .sent,
      ])
    #expect(
      recording.steps.map(\.time) == [
        .zero, .zero, .seconds(1), .seconds(1), .seconds(2),
        .seconds(2), .seconds(2),
      ])
    #expect(recording.effects.map(\.step) == [4])
    #expect(recording.effects.first?.endTime == .seconds(2))
    #expect(recording.initialState == State(log: (2...16).map { "\($0)" }))
    #expect(try recording.state(at: 7) == store.state)
    #expect(recording.issues.isEmpty)
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
