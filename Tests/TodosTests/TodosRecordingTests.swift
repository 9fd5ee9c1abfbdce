import Foundation
import Reductor
import ReductorRecording
import ReductorRecordingTesting
import ReductorSharing
import ReductorTesting
import Testing

@testable import Todos

/// Todos sessions recorded and replayed as tests: bindings, rows' deletions and the debounced
/// filter come back at the same steps, with the same states.
@MainActor
@Suite struct TodosRecordingTests {
  /// The file `printf 'add milk\nadd eggs\nadd tea\ntoggle 1\ndelete 2\ndelete 3\nundo 3\n`
  /// `rename 3 green tea\nfilter e\nq\n' | swift run todos --record session.jsonl` wrote, on the
  /// real clock: a bug report's attachment.
  let sessionFile = Bundle.module.url(forResource: "session", withExtension: "jsonl")!

  @Test func theExamplesRecordingReplaysAsATest() async throws {
    let recording = try Recording<TodosFeature.State, TodosFeature.Action>(contentsOf: sessionFile)
    #expect(recording.issues.isEmpty)
    #expect(recording.steps.count == 11)
    #expect(recording.steps[3].action == .todo(id: UUID(0), action: .binding(.set(\.isDone, true))))
    #expect(recording.steps[9].origin == .effect(cause: 9))
    #expect(recording.steps[10].origin == .effect(cause: 5))

    let replayed = await replay(recording, reducer: TodosFeature.Reducer())
    #expect(replayed.line == "todos [filter: e]: #2 green tea")
    let suppressed = await replay(recording, reducer: TodosFeature.Reducer(), effects: .suppressed)
    #expect(suppressed == replayed)
  }

  @Test func aSessionOnTheManualClockRoundTripsExactly() async throws {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: TodosFeature.State(), reducer: TodosFeature.Reducer(), clock: clock)
    let recorder = store.record(snapshotInterval: 3)
    let ids = UUIDGenerator.incrementing
    withDependencies {
      $0.uuid = ids
    } operation: {
      store.send(.add("milk"))
      store.send(.add("eggs"))
    }
    store.send(.todo(id: UUID(1), action: .binding(.set(\.title, "brown eggs"))))
    store.send(.todo(id: UUID(0), action: .delete))
    await clock.advance(by: .seconds(1))
    store.send(.binding(.set(\.query, "egg")))
    await clock.advance(by: .seconds(2))
    recorder.stop()
    let recording = try recorder.recording()
    #expect(
      recording.steps.map(\.action) == [
        .add("milk"), .add("eggs"),
        .todo(id: UUID(1), action: .binding(.set(\.title, "brown eggs"))),
        .todo(id: UUID(0), action: .delete), .binding(.set(\.query, "egg")), .applyFilter,
        .todo(id: UUID(0), action: .deleteNow),
      ])
    #expect(
      recording.steps.map(\.time) == [
        .zero, .zero, .zero, .zero, .seconds(1), .milliseconds(1_300), .seconds(2),
      ])
    #expect(try recording.state(at: 6).line == "todos [filter: egg]: #2 brown eggs")
    #expect(try recording.state(at: 7) == store.state)

    let replayed = await replay(recording, reducer: TodosFeature.Reducer())
    #expect(replayed == store.state)
    await replay(recording, reducer: TodosFeature.Reducer(), effects: .suppressed)
  }
}
