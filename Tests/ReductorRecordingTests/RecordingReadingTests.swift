import Foundation
import Reductor
import ReductorRecording
import Testing

/// Reading a recording that was cut short, edited or is not one; skipping a step.
@MainActor
@Suite struct RecordingReadingTests {
  typealias State = Tally.State
  typealias Action = Tally.Action

  /// The lines of a session: five increments, snapshots every two steps.
  func recordedLines() throws -> [String] {
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: ManualClock())
    let recorder = store.record(snapshotInterval: 2)
    for _ in 0..<5 { store.send(.increment) }
    let data = try recorder.recording().jsonLines()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
      .filter(isNotStagesLine)
  }

  func read(_ lines: [String], newlineAtEnd: Bool = true) throws -> Recording<State, Action> {
    let text = lines.joined(separator: "\n") + (newlineAtEnd ? "\n" : "")
    return try Recording(jsonLines: Data(text.utf8))
  }

  /// A process killed mid-write leaves part of a line: it is ignored, and said so.
  @Test func anIncompleteLastLineIsIgnoredAndReported() throws {
    var lines = try recordedLines()
    #expect(lines.count == 8)  // the header, five steps, two snapshots
    lines[7] = String(lines[7].prefix(20))
    let recording = try read(lines, newlineAtEnd: false)
    #expect(recording.steps.count == 4)
    #expect(recording.issues == [RecordingIssue(line: 8, kind: .incompleteLastLine)])
    #expect(
      recording.issues.map(\.description) == [
        "line 8 is incomplete (the writer stopped mid-write); it was ignored"
      ])
    #expect(try recording.state(at: 4) == State(count: 4))
  }

  /// A line that does not decode ends the recording before it; nothing before it is lost.
  @Test func aTamperedLineIsReportedWithItsNumber() throws {
    var lines = try recordedLines()
    // Line 6 is step 4's.
    lines[5] = lines[5].replacingOccurrences(of: #"{"increment":{}}"#, with: #"{"jump":{}}"#)
    let recording = try read(lines)
    #expect(recording.steps.map(\.number) == [1, 2, 3])
    #expect(recording.issues.map(\.line) == [6])
    guard case .undecodableLine(let error) = recording.issues.first?.kind else {
      Issue.record("expected an undecodable line, got \(recording.issues)")
      return
    }
    #expect(error.contains("action"))
    #expect(try recording.state(at: 3) == State(count: 3))
  }

  @Test func aStepOutOfOrderIsReported() throws {
    var lines = try recordedLines()
    lines.remove(at: 4)  // step 3's: after the header, steps 1 and 2 and a snapshot
    let recording = try read(lines)
    #expect(recording.steps.count == 2)
    #expect(
      recording.issues == [
        RecordingIssue(line: 5, kind: .undecodableLine("step 4 follows step 2"))
      ])
  }

  /// A line that names a step that cannot be, or a time before the recording began, ends the
  /// recording before it, as any line that does not fit.
  @Test(arguments: [
    (
      #"{"snapshot":-9223372036854775808,"state":{}}"#,
      "a snapshot of step -9223372036854775808 comes before its step"
    ),
    (
      #"{"effectStarted":-9223372036854775808}"#,
      "an effect of step -9223372036854775808 starts out of place"
    ),
    (
      #"{"stages":{},"step":-9223372036854775808}"#,
      "the stage durations of step -9223372036854775808 follow no such step"
    ),
    (
      #"{"action":{"increment":{}},"changes":[],"origin":"sent","step":6,"time":-1}"#,
      "step 6 has a negative time, -1"
    ),
    (
      #"{"step":6,"time":0,"origin":"sent","action":{"increment":{}}}"#,
      "the line has no changes"
    ),
    (
      #"{"step":"six"}"#,
      #"the line's step is "six", not a whole number"#
    ),
    (
      #"{"step":6,"time":0,"origin":"sent","action":{"increment":{}},"changes":[{"path":[true],"value":1}]}"#,
      "a change's path holds true, not a key or an index"
    ),
    (
      #"[6]"#,
      "the line is [6], not a JSON object"
    ),
  ])
  func aLineThatCannotBeIsReported(line: String, reason: String) throws {
    let recording = try read(recordedLines() + [line])
    #expect(recording.steps.count == 5)
    #expect(recording.issues == [RecordingIssue(line: 9, kind: .undecodableLine(reason))])
  }

  /// A newer writer's lines of another kind are skipped; a line cut short in the middle of the
  /// file is not the last line, and is reported as undecodable.
  @Test func linesOfAnotherKindAreSkipped() throws {
    var lines = try recordedLines()
    lines.insert(#"{"bookmark":"here","note":"a later version's kind"}"#, at: 2)
    let recording = try read(lines)
    #expect(recording.issues.isEmpty)
    #expect(recording.steps.count == 5)
    #expect(try recording.jsonLines() == read(recordedLines()).jsonLines())
  }

  /// The lines between two steps — the starts and ends of effects, stage durations — write out
  /// in the order they were read.
  @Test func theLinesBetweenTwoStepsWriteOutInTheOrderTheyWereRead() throws {
    let lines = [
      #"{"format":"reductor-recording","snapshotInterval":100,"state":{"count":0,"log":[]},"version":2}"#,
      #"{"action":{"load":{}},"changes":[],"origin":"sent","step":1,"time":0}"#,
      #"{"effectStarted":1}"#,
      #"{"action":{"load":{}},"changes":[],"origin":"sent","step":2,"time":0}"#,
      #"{"stages":{"reduce":1200},"step":2}"#,
      #"{"cancelled":true,"effectEnded":1,"time":0}"#,
      #"{"effectStarted":2}"#,
      #"{"stages":{"reduce":900},"step":1}"#,
    ]
    let recording = try read(lines)
    #expect(recording.issues.isEmpty)
    #expect(recording.effects.map(\.step) == [1, 2])
    #expect(
      String(decoding: try recording.jsonLines(), as: UTF8.self)
        == lines.joined(separator: "\n") + "\n")
  }

  /// A recording equals itself read back from its lines, and not a recording that differs in
  /// a step, a number's last digit or the issues reading found.
  @Test func recordingsAreEqualWhenTheyHoldTheSameLines() throws {
    let lines = try recordedLines()
    let recording = try read(lines)
    #expect(try Recording<State, Action>(jsonLines: recording.jsonLines()) == recording)
    #expect(recording.steps[0] == recording.steps[0])
    #expect(recording.steps[0] != recording.steps[1])

    var tampered = lines
    tampered[5] = tampered[5].replacingOccurrences(of: #""value":4"#, with: #""value":40"#)
    #expect(try read(tampered) != recording)
    #expect(try read(tampered).steps[3] != recording.steps[3])
    #expect(try read(Array(lines.dropLast())) != recording)
    #expect(try read(lines, newlineAtEnd: false) == recording)
    var cut = lines
    cut[7] = String(cut[7].prefix(20))
    let cutShort = try read(cut, newlineAtEnd: false)
    #expect(try read(Array(lines.dropLast())) != cutShort)
    #expect(try read(Array(lines.dropLast())).steps == cutShort.steps)
  }

  @Test func aFileThatIsNotARecordingIsRefused() throws {
    #expect(throws: RecordingError.notARecording("its format is something-else")) {
      try read([#"{"format":"something-else","version":1,"snapshotInterval":1,"state":{}}"#])
    }
    #expect(
      throws: RecordingError.notARecording("its version 3 is newer than this reader's 2")
    ) {
      try read([
        #"{"format":"reductor-recording","version":3,"snapshotInterval":1,"state":{}}"#
      ])
    }
    #expect(throws: RecordingError.notARecording("the first line is empty")) {
      try Recording<State, Action>(jsonLines: Data())
    }
  }

  /// A state of another version of the app does not decode: said with the step.
  @Test func aStateThatDoesNotDecodeIsReportedWithItsStep() throws {
    let lines = [
      #"{"format":"reductor-recording","version":1,"snapshotInterval":10,"state":{"count":0,"log":[]}}"#,
      #"{"step":1,"time":0,"origin":"sent","action":{"increment":{}},"changes":[{"path":["count"],"value":"one"}]}"#,
    ]
    let recording = try read(lines)
    #expect(throws: RecordingError.self) { try recording.state(at: 1) }
    do {
      _ = try recording.state(at: 1)
    } catch let error as RecordingError {
      guard case .stateDoesNotDecode(step: 1, _) = error else {
        Issue.record("expected the state at step 1 not to decode, got \(error)")
        return
      }
    }
  }

  /// Skipping a step recomputes the states after it, numbers the later steps one lower and
  /// keeps the effects' causes pointing at the same steps.
  @Test func skippingAStepRecomputesTheStatesAfterIt() async throws {
    let clock = ManualClock()
    let store = ReducerStore(initialState: State(), reducer: Tally(), clock: clock)
    let recorder = store.record(snapshotInterval: 2)
    store.send(.increment)
    store.send(.note("a"))
    store.send(.load)
    store.send(.increment)
    await clock.advance(by: .seconds(1))
    let recording = try recorder.recording()
    #expect(recording.steps.map(\.origin) == [.sent, .sent, .sent, .sent, .effect(cause: 3)])

    let skipped = try recording.skipping(1, reducer: Tally())
    #expect(skipped.steps.map(\.number) == [1, 2, 3, 4])
    #expect(skipped.steps.map(\.action) == [.note("a"), .load, .increment, .loaded(10)])
    #expect(skipped.steps.map(\.origin) == [.sent, .sent, .sent, .effect(cause: 2)])
    #expect(skipped.effects.map(\.step) == [2])
    #expect(
      try (0...4).map { try skipped.state(at: $0) } == [
        State(), State(log: ["a"]), State(log: ["a"]), State(count: 1, log: ["a"]),
        State(count: 11, log: ["a"]),
      ])
    // Written out and read back, it is the same recording.
    let reread = try Recording<State, Action>(jsonLines: skipped.jsonLines())
    #expect(try reread.jsonLines() == skipped.jsonLines())
    #expect(try reread.state(at: 4) == State(count: 11, log: ["a"]))

    let withoutTheLoad = try recording.skipping(3, reducer: Tally())
    #expect(withoutTheLoad.steps.map(\.origin) == [.sent, .sent, .sent, .effect(cause: nil)])
    #expect(withoutTheLoad.effects.isEmpty)
    #expect(throws: RecordingError.noSuchStep(6)) { try recording.skipping(6, reducer: Tally()) }
  }
}
