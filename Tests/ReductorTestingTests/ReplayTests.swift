import Reductor
import ReductorRecording
import ReductorRecordingTesting
import ReductorTesting
import Testing

/// A ping answered at once with a pong (a `.send` effect), and a serve whose two effects each
/// score a point at the same instant.
struct Rally: Reducer {
  struct State: Codable, Equatable, Sendable {
    var pings = 0
    var pongs = 0
    var points = 0
  }

  enum Action: Codable, Equatable, Sendable {
    case ping
    case pong
    case serve
    case point
  }

  /// Whether a ping counts its pong already, and the pong nothing: a reducer that ends in the
  /// recorded state, but departs from it between the two steps.
  var countsPongsEarly = false

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .ping:
      state.pings += 1
      if countsPongsEarly { state.pongs += 1 }
      return .send(.pong)
    case .pong:
      if !countsPongsEarly { state.pongs += 1 }
      return .none
    case .serve:
      let point = Effect<Action>.run {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .point
      }
      return point.merge(point)
    case .point:
      state.points += 1
      return .none
    }
  }
}

/// A replay passes on every faithful recording, whatever its snapshot interval and with effects
/// live or suppressed, and fails, with the step, where the replay departs from it.
@MainActor
@Suite struct ReplayTests {
  /// A ping and its pong, a serve whose two points come at the same instant, another ping.
  func recordRally(snapshotInterval: Int) async throws -> Recording<Rally.State, Rally.Action> {
    let clock = ManualClock()
    let store = ReducerStore(initialState: Rally.State(), reducer: Rally(), clock: clock)
    let recorder = store.record(snapshotInterval: snapshotInterval)
    store.send(.ping)
    store.send(.serve)
    await clock.advance(by: .seconds(1))
    store.send(.ping)
    recorder.stop()
    return try recorder.recording()
  }

  @Test(arguments: [1, 2, 3, 100])
  func aFaithfulRecordingReplaysAtEverySnapshotInterval(snapshotInterval: Int) async throws {
    let recording = try await recordRally(snapshotInterval: snapshotInterval)
    #expect(
      recording.steps.map(\.action) == [.ping, .pong, .serve, .point, .point, .ping, .pong])
    #expect(
      recording.steps.map(\.time) == [
        .zero, .zero, .zero, .seconds(1), .seconds(1), .seconds(1), .seconds(1),
      ])

    let live = await replay(recording, reducer: Rally())
    let suppressed = await replay(recording, reducer: Rally(), effects: .suppressed)
    #expect(live == Rally.State(pings: 2, pongs: 2, points: 2))
    #expect(suppressed == Rally.State(pings: 2, pongs: 2, points: 2))
  }

  /// The state is checked right after each step, before the action its effect sends at once: a
  /// reducer that departs between a ping and its pong fails there, though the states after the
  /// pong and at the end are the recorded ones.
  @Test(arguments: [ReplayedEffects.live, .suppressed])
  func aStateThatDepartsBetweenTwoSnapshotsFailsAtItsStep(effects: ReplayedEffects) async throws {
    let recording = try await recordRally(snapshotInterval: 100)
    let failures = await recordedFailures {
      await replay(recording, reducer: Rally(countsPongsEarly: true), effects: effects)
    }
    #expect(
      failures == [
        """
        Step 1 of the recording departs from it: the state after ping is not the recorded one \
        (− recorded, + replayed):
        pongs
          - 0
          + 1
        """
      ])
  }

  /// Numbers at the edges of their types, in the state and in an action, replay exactly.
  @Test func numbersAtTheEdgesOfTheirTypesReplayExactly() async throws {
    let store = ReducerStore(
      initialState: Gauge.State(), reducer: Gauge(), clock: ManualClock())
    let recorder = store.record(snapshotInterval: 2)
    store.send(.nudge)
    store.send(.set(Gauge.State(unsigned: 1, negativeZero: 0, subnormal: 1)))
    store.send(.set(Gauge.State()))
    recorder.stop()
    let recording = try recorder.recording()

    let live = await replay(recording, reducer: Gauge())
    let suppressed = await replay(recording, reducer: Gauge(), effects: .suppressed)
    let expected = try jsonText(of: store.state)
    #expect(try jsonText(of: live) == expected)
    #expect(try jsonText(of: suppressed) == expected)
    #expect(expected.contains(#""unsigned":18446744073709551615"#))
  }
}
