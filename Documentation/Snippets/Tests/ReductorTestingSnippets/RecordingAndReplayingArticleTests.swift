// The replays of the article "Recording and replaying a session" of ReductorRecording, and of
// the ReductorTesting landing page.
import Foundation
import Reductor
import ReductorRecording
import ReductorRecordingTesting
import ReductorTesting
import Testing

/// A recorded session replayed as a test: it passes when the reducer does what it did, and
/// fails with the step and the difference where it does not.
@MainActor
@Suite struct RecordingAndReplayingArticleTests {
  struct Loader: Reducer {
    struct State: Codable, Equatable, Sendable {
      var count = 0
    }

    enum Action: Codable, Equatable, Sendable {
      case increment
      case load
      case loaded(Int)
      case tick
    }

    var step = 1
    var loadedValue = 10
    var delay = Duration.seconds(1)
    var tickAfterIncrement = false

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += step
        return tickAfterIncrement ? .send(.tick) : .none
      case .load:
        return .run { [loadedValue, delay] in
          try await EffectContext.clock.sleep(for: delay)
          return .loaded(loadedValue)
        }
      case .loaded(let value):
        state.count += value
        return .none
      case .tick:
        return .none
      }
    }
  }

  /// Records a session of `Loader()`: an increment, a load that delivers after a second, and an
  /// increment half a second in.
  func recordSession() async throws -> Recording<Loader.State, Loader.Action> {
    let clock = ManualClock()
    let store = ReducerStore(initialState: Loader.State(), reducer: Loader(), clock: clock)
    let recorder = store.record(snapshotInterval: 2)
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .milliseconds(500))
    store.send(.increment)
    await clock.advance(by: .milliseconds(500))
    recorder.stop()
    return try recorder.recording()
  }

  @Test func aSessionReplaysWithLiveEffects() async throws {
    let recording = try await recordSession()
    #expect(recording.steps.map(\.action) == [.increment, .load, .increment, .loaded(10)])
    let state = await replay(recording, reducer: Loader())
    #expect(state == Loader.State(count: 12))
  }

  /// A session written to a file, read back and replayed: the regression test a bug report's
  /// recording becomes.
  @Test func aRecordedFileReplays() async throws {
    let sessionFile = FileManager.default.temporaryDirectory
      .appending(path: "replay-\(UUID().uuidString).jsonl")
    defer { try? FileManager.default.removeItem(at: sessionFile) }
    try await recordSession().write(to: sessionFile)

    let recording = try Recording<Loader.State, Loader.Action>(contentsOf: sessionFile)
    await replay(recording, reducer: Loader())
    await replay(recording, reducer: Loader(), effects: .suppressed)
  }

  /// With effects suppressed, the recorded actions of effects are sent: a reducer whose effect
  /// would now deliver something else still replays.
  @Test func aSessionReplaysWithEffectsSuppressed() async throws {
    let recording = try await recordSession()
    let state = await replay(recording, reducer: Loader(loadedValue: 99), effects: .suppressed)
    #expect(state == Loader.State(count: 12))
  }

  @Test func anEffectThatDeliversAnotherActionFailsWithTheStep() async throws {
    let recording = try await recordSession()
    let failures = await recordedFailures {
      await replay(recording, reducer: Loader(loadedValue: 20))
    }
    #expect(
      failures == [
        """
        Step 4 of the recording departs from it: the replay reduced another action:
          expected: loaded(10) at 1.000 s
            actual: loaded(20) at 1.000 s
        """
      ])
  }

  @Test func anEffectThatDeliversLaterFailsWithTheStep() async throws {
    let recording = try await recordSession()
    let failures = await recordedFailures {
      await replay(recording, reducer: Loader(delay: .seconds(2)))
    }
    #expect(
      failures == [
        """
        Step 4 of the recording departs from it: no effect delivered its action:
          expected: loaded(10) at 1.000 s
            actual: none by 1.000 s
        """
      ])
  }

  @Test func anEffectThatDeliversEarlierFailsWithTheStep() async throws {
    let recording = try await recordSession()
    let failures = await recordedFailures {
      await replay(recording, reducer: Loader(delay: .milliseconds(200)))
    }
    #expect(
      failures == [
        """
        Step 3 of the recording departs from it: the replay's effects delivered an action before \
        it was sent:
          expected: increment at 0.500 s
            actual: loaded(10) at 0.200 s
        """
      ])
  }

  /// The state right after each step must be the recorded one.
  @Test func aStateThatDiffersFailsWithTheFieldsThatDiffer() async throws {
    let recording = try await recordSession()
    let failures = await recordedFailures {
      await replay(recording, reducer: Loader(step: 2))
    }
    #expect(
      failures == [
        """
        Step 1 of the recording departs from it: the state after increment is not the recorded \
        one (− recorded, + replayed):
        count
          - 1
          + 2
        """
      ])
  }

  @Test func actionsAfterTheLastStepFail() async throws {
    let store = ReducerStore(initialState: Loader.State(), reducer: Loader(), clock: ManualClock())
    let recorder = store.record()
    store.send(.increment)
    let recording = try recorder.recording()
    let failures = await recordedFailures {
      await replay(recording, reducer: Loader(tickAfterIncrement: true))
    }
    #expect(
      failures == [
        "The replay departs from the recording after its last step, step 1: it reduced tick."
      ])
  }
}
