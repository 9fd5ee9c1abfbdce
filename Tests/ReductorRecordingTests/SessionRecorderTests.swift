import Foundation
import Reductor
import ReductorRecording
import Testing

/// A store's session recorded: every step with its origin, time and state, the effects, and the
/// file read back as it was written.
@MainActor
@Suite struct SessionRecorderTests {
  typealias State = Tally.State

  @Test func eachStepIsRecordedWithItsOriginTimeAndState() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
    let recorder = store.record(snapshotInterval: 2)
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .milliseconds(500))
    store.enqueue(.note("half"))
    await clock.advance(by: .milliseconds(500))
    recorder.stop()

    let recording = try recorder.recording()
    #expect(recording.issues.isEmpty)
    #expect(recording.snapshotInterval == 2)
    #expect(recording.initialState == State())
    #expect(recording.steps.map(\.number) == [1, 2, 3, 4])
    #expect(recording.steps.map(\.action) == [.increment, .load, .note("half"), .loaded(10)])
    #expect(recording.steps.map(\.origin) == [.sent, .sent, .enqueued, .effect(cause: 2)])
    #expect(
      recording.steps.map(\.time) == [.zero, .zero, .milliseconds(500), .milliseconds(1_000)])
    #expect(recording.effects.map(\.step) == [2])
    #expect(recording.effects.map(\.endTime) == [.seconds(1)])
    #expect(recording.effects.map(\.wasCancelled) == [false])
    #expect(try recording.state(at: 0) == State())
    #expect(try recording.state(at: 1) == State(count: 1))
    #expect(try recording.state(at: 2) == State(count: 1))
    #expect(try recording.state(at: 3) == State(count: 1, log: ["half"]))
    #expect(try recording.state(at: 4) == State(count: 11, log: ["half"]))
    #expect(throws: RecordingError.noSuchStep(5)) { try recording.state(at: 5) }
  }

  /// The file holds one line per step, a snapshot after every `snapshotInterval` steps and the
  /// effects' starts and ends; reading it back and writing it out again gives the same bytes.
  @Test func theFileReadsBackAndWritesOutTheSame() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
    let recorder = try store.record(to: file.url, snapshotInterval: 2)
    store.send(.increment)
    store.send(.load)
    await clock.advance(by: .seconds(1))
    recorder.stop()

    let data = try Data(contentsOf: file.url)
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    #expect(
      lines.filter(isNotStagesLine) == [
        #"{"format":"reductor-recording","snapshotInterval":2,"state":{"count":0,"log":[]},"version":2}"#,
        #"{"action":{"increment":{}},"changes":[{"path":["count"],"value":1}],"origin":"sent","step":1,"time":0}"#,
        #"{"action":{"load":{}},"changes":[],"origin":"sent","step":2,"time":0}"#,
        #"{"snapshot":2,"state":{"count":1,"log":[]}}"#,
        #"{"effectStarted":2}"#,
        #"{"action":{"loaded":{"_0":10}},"cause":2,"changes":[{"path":["count"],"value":11}],"origin":"effect","step":3,"time":1000000000}"#,
        #"{"cancelled":false,"effectEnded":2,"time":1000000000}"#,
      ])
    let recording = try Recording<State, Tally.Action>(contentsOf: file.url)
    #expect(try recording.jsonLines() == data)
    #expect(try recording.state(at: 3) == State(count: 11))
  }

  /// Effects that end between the same two steps are written in the order they ended, and a
  /// file read back writes out byte for byte.
  @Test func effectsThatEndBetweenTheSameStepsWriteOutInTheOrderTheyEnded() async throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let clock = ManualClock()
    let store = ReducerStore(initialState: 0, reducer: Waits(), clock: clock)
    let recorder = try store.record(to: file.url)
    store.send(.wait(seconds: 2))
    store.send(.wait(seconds: 1))
    await clock.advance(by: .seconds(2))
    recorder.stop()

    let data = try Data(contentsOf: file.url)
    #expect(
      String(decoding: data, as: UTF8.self).split(separator: "\n").filter(isNotStagesLine) == [
        #"{"format":"reductor-recording","snapshotInterval":100,"state":0,"version":2}"#,
        #"{"action":{"wait":{"seconds":2}},"changes":[{"path":[],"value":1}],"origin":"sent","step":1,"time":0}"#,
        #"{"effectStarted":1}"#,
        #"{"action":{"wait":{"seconds":1}},"changes":[{"path":[],"value":2}],"origin":"sent","step":2,"time":0}"#,
        #"{"effectStarted":2}"#,
        #"{"cancelled":false,"effectEnded":2,"time":1000000000}"#,
        #"{"cancelled":false,"effectEnded":1,"time":2000000000}"#,
      ])
    #expect(try Recording<Int, Waits.Action>(contentsOf: file.url).jsonLines() == data)
  }

  /// Every effect but `.none` has a start line and an end line: the recorder hears of each
  /// effect the store starts, not of what it does. A `.send` ends once its action was reduced, a
  /// `.cancel` at once.
  @Test func everyEffectButNoneIsRecorded() throws {
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Signal> { count, signal in
        count += 1
        switch signal {
        case .send: return .send(.nothing)
        case .cancel: return .cancel("timer")
        case .nothing: return .none
        }
      },
      clock: ManualClock())
    let recorder = store.record()
    store.send(.send)
    store.send(.cancel)
    store.send(.nothing)
    let recording = try recorder.recording()

    #expect(recording.steps.map(\.action) == [.send, .nothing, .cancel, .nothing])
    #expect(recording.effects.map(\.step) == [1, 3])
    #expect(recording.effects.map(\.endTime) == [.zero, .zero])
    let lines = String(decoding: try recording.jsonLines(), as: UTF8.self).split(separator: "\n")
      .filter(isNotStagesLine)
    #expect(
      lines.dropFirst() == [
        #"{"action":{"send":{}},"changes":[{"path":[],"value":1}],"origin":"sent","step":1,"time":0}"#,
        #"{"effectStarted":1}"#,
        #"{"action":{"nothing":{}},"cause":1,"changes":[{"path":[],"value":2}],"origin":"effect","step":2,"time":0}"#,
        #"{"cancelled":false,"effectEnded":1,"time":0}"#,
        #"{"action":{"cancel":{}},"changes":[{"path":[],"value":3}],"origin":"sent","step":3,"time":0}"#,
        #"{"effectStarted":3}"#,
        #"{"cancelled":false,"effectEnded":3,"time":0}"#,
        #"{"action":{"nothing":{}},"changes":[{"path":[],"value":4}],"origin":"sent","step":4,"time":0}"#,
      ])
  }

  /// A list that grows or shrinks is written as the elements that changed, then the ones it
  /// gained or lost, not whole; the states rebuilt from the changes are the store's.
  @Test func aListThatGrowsOrShrinksIsWrittenElementByElement() async throws {
    let store = ReducerStore(
      initialState: ["a"],
      reducer: Reduce<[String], Shelving> { list, action in
        switch action {
        case .add(let item): list.append(item)
        case .removeFirst: list.removeFirst()
        case .clear: list.removeAll()
        }
        return .none
      },
      clock: ManualClock())
    let recorder = store.record(snapshotInterval: 100)
    store.send(.add("b"))
    store.send(.add("c"))
    store.send(.removeFirst)
    store.send(.clear)
    recorder.stop()

    let lines = String(decoding: try recorder.recording().jsonLines(), as: UTF8.self)
      .split(separator: "\n").filter(isNotStagesLine).map { line in
        line.firstRange(of: #""changes":"#).map { line[$0.upperBound...] } ?? ""
      }
    #expect(
      lines.dropFirst() == [
        #"[{"path":[1],"value":"b"}],"origin":"sent","step":1,"time":0}"#,
        #"[{"path":[2],"value":"c"}],"origin":"sent","step":2,"time":0}"#,
        #"[{"path":[0],"value":"b"},{"path":[1],"value":"c"},{"path":[2],"removed":true}],"origin":"sent","step":3,"time":0}"#,
        #"[{"path":[1],"removed":true},{"path":[0],"removed":true}],"origin":"sent","step":4,"time":0}"#,
      ])
    let recording = try Recording<[String], Shelving>(
      jsonLines: try recorder.recording().jsonLines())
    #expect(
      try (0...4).map { try recording.state(at: $0) } == [
        ["a"], ["a", "b"], ["a", "b", "c"], ["b", "c"], [],
      ])
  }

  /// The state at any step is rebuilt from the nearest snapshot, and is the state the store had.
  @Test func theStateAtEveryStepIsTheStoresState() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record(snapshotInterval: 3)
    var states = [store.state]
    for index in 0..<10 {
      store.send(index.isMultiple(of: 3) ? .note("\(index)") : .increment)
      states.append(store.state)
    }
    let recording = try recorder.recording()
    #expect(try (0...10).map { try recording.state(at: $0) } == states)
  }

  /// An effect started before the recording began delivers an action with no cause; a cancelled
  /// effect's end says so.
  @Test func causesBeforeTheRecordingAreNilAndCancellationsAreRecorded() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
    store.send(.load)
    let recorder = store.record()
    let task = store.send(.load)
    task.cancel()
    await clock.advance(by: .seconds(1))
    let recording = try recorder.recording()
    #expect(recording.steps.map(\.action) == [.load, .loaded(10)])
    #expect(recording.steps.map(\.origin) == [.sent, .effect(cause: nil)])
    #expect(recording.effects.map(\.wasCancelled) == [true])
  }

  /// More steps than the buffer holds: the sends that find it full encode what waits, and
  /// nothing is lost.
  @Test func aFullBufferLosesNothing() throws {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record(snapshotInterval: 1_000)
    let count = SessionRecorder<State, Tally.Action>.bufferLimit * 2 + 5
    for _ in 0..<count { store.send(.increment) }
    let recording = try recorder.recording()
    #expect(recording.steps.count == count)
    #expect(try recording.state(at: count) == State(count: count))
    #expect(try recording.state(at: 12_345) == State(count: 12_345))
  }

  /// An action that does not encode stops the recording there, with a diagnostic; the steps
  /// before it read back whole, and the store goes on.
  @Test func anActionThatDoesNotEncodeStopsTheRecordingWithADiagnostic() throws {
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    let recorder = store.record()
    store.send(.increment)
    store.send(.measure(.nan))
    store.send(.note("after"))
    let recording = try recorder.recording()
    #expect(store.state == State(count: 1, log: ["nan", "after"]))
    #expect(recording.steps.map(\.action) == [.increment])
    #expect(diagnostics.value.map(\.kind) == [.recordingFailed])
    #expect(
      diagnostics.value.first?.message.hasPrefix(
        "the recording could not encode step 2 (measure(nan))") == true)
  }

  @Test func aSnapshotIntervalBelowOneIsReportedAndOneIsUsed() throws {
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    let recorder = store.record(snapshotInterval: 0)
    store.send(.increment)
    #expect(try recorder.recording().snapshotInterval == 1)
    #expect(
      diagnostics.value.map(\.message) == [
        "a recording's snapshot interval must be at least 1, not 0; it takes a snapshot after "
          + "every step"
      ])
  }
}

/// What `aListThatGrowsOrShrinksIsWrittenElementByElement` does to its list.
enum Shelving: Codable, Sendable {
  case add(String)
  case removeFirst
  case clear
}

/// Counts its actions, and waits on the clock for as long as each says, delivering nothing.
struct Waits: Reducer {
  enum Action: Codable, Sendable {
    case wait(seconds: Int)
  }

  func reduce(into count: inout Int, action: Action) -> Effect<Action> {
    count += 1
    switch action {
    case .wait(let seconds):
      return .run { _ in try await EffectContext.clock.sleep(for: .seconds(seconds)) }
    }
  }
}

/// What `everyEffectButNoneIsRecorded` sends: an action whose effect is a `.send`, a `.cancel`,
/// or `.none`.
enum Signal: Codable, Sendable {
  case send
  case cancel
  case nothing
}
