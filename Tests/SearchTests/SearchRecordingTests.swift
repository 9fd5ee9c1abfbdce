import Reductor
import ReductorRecording
import ReductorRecordingTesting
import ReductorTesting
import Testing

@testable import Search

/// A Search session recorded, and replayed as a test: the same queries, the same results at the
/// same times.
@MainActor
@Suite struct SearchRecordingTests {
  let dependencies = SearchFeature.Dependencies.wordList(
    ["swift", "swiftui", "switch", "rust", "ruby"], latency: .milliseconds(100))

  @Test func aRecordedSessionReplaysExactly() async throws {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: SearchFeature.State(),
      reducer: SearchFeature.Reducer(dependencies: dependencies), clock: clock)
    let recorder = store.record(snapshotInterval: 2)
    store.send(.queryChanged("s"))
    await clock.advance(by: .milliseconds(100))
    store.send(.queryChanged("sw"))
    await clock.advance(by: .milliseconds(500))
    store.send(.queryChanged("ru"))
    await clock.advance(by: .milliseconds(400))
    recorder.stop()
    let recording = try recorder.recording()
    #expect(
      recording.steps.map(\.action) == [
        .queryChanged("s"), .queryChanged("sw"), .searchResponse(["swift", "swiftui", "switch"]),
        .queryChanged("ru"), .searchResponse(["rust", "ruby"]),
      ])
    #expect(
      recording.steps.map(\.origin) == [.sent, .sent, .effect(cause: 2), .sent, .effect(cause: 4)])

    let replayed = await replay(
      recording, reducer: SearchFeature.Reducer(dependencies: dependencies))
    #expect(replayed == store.state)
    await replay(
      recording, reducer: SearchFeature.Reducer(dependencies: dependencies), effects: .suppressed)
  }
}
