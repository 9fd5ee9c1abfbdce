import Foundation
import InspectorPage
import ReductorRecording
import Testing

@Suite struct RecordingParsingTests {
  @Test func readsTheStepsWithTheirOriginsAndCauses() throws {
    let recording = try Recording(parsing: data(counterRecording))

    #expect(recording.snapshotInterval == 2)
    #expect(recording.initialState == .object(["count": .integer(0), "isLoading": .bool(false)]))
    #expect(recording.steps.map(\.number) == [1, 2, 3, 4])
    #expect(recording.steps.map(\.origin) == [.sent, .sent, .effect, .enqueued])
    #expect(recording.steps.map(\.cause) == [nil, nil, 2, nil])
    #expect(
      recording.steps.map(\.time) == [100_000_000, 250_000_000, 1_250_000_000, 1_500_000_000])
    #expect(recording.steps.map(\.startsEffect) == [false, true, true, false])
    #expect(recording.originCounts == [.sent: 2, .effect: 1, .enqueued: 1])
    #expect(recording.duration == 1_500_000_000)
    #expect(recording.badLine == nil)
    #expect(recording.incompleteLastLine == nil)
    #expect(recording.skippedLines == [])
  }

  @Test func readsChangesSnapshotsEffectEndsAndStages() throws {
    let recording = try Recording(parsing: data(counterRecording))

    #expect(
      recording.steps[2].changes == [
        Recording.Change(path: [.string("count")], value: .integer(42)),
        Recording.Change(path: [.string("isLoading")], value: .bool(false)),
      ])
    #expect(recording.snapshots.keys.sorted() == [2, 4])
    #expect(recording.snapshots[4] == .object(["count": .integer(41), "isLoading": .bool(false)]))
    #expect(recording.effectEnds == [2: Recording.EffectEnd(time: 1_250_000_000, cancelled: false)])
    #expect(recording.stages == [3: ["reduce": 1200, "effect": 5400]])
    // Step 2's effect ended; step 3's was still running when the recording ended.
    #expect(recording.effects.map(\.step.number) == [2, 3])
    #expect(recording.effects.map(\.end?.time) == [1_250_000_000, nil])
  }

  @Test func readsARemovedKeyAndAnArrayIndex() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{"a":1,"list":[1,2]}}
      {"step":1,"time":5,"origin":"sent","action":"edit","changes":[{"path":["a"],"removed":true},{"path":["list",1],"value":3}]}

      """
    let recording = try Recording(parsing: data(text))

    #expect(
      recording.steps[0].changes == [
        Recording.Change(path: [.string("a")], value: nil),
        Recording.Change(path: [.string("list"), .integer(1)], value: .integer(3)),
      ])
  }

  @Test func aBadLineInTheMiddleIsReportedAndTheStepsBeforeItKept() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{"count":0}}
      {"step":1,"time":100,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":1}]}
      {"step":2,"time":200,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":2}]}
      {"step":3,"time":300,"orig
      {"step":4,"time":400,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":4}]}
      {"step":5,"time":500,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":5}]}

      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1, 2])
    #expect(recording.badLine == Recording.LineProblem(line: 4, reason: "not valid JSON"))
    #expect(recording.linesAfterBadLine == 2)
    #expect(recording.incompleteLastLine == nil)
  }

  @Test func aStepWithoutItsTimeIsABadLine() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"step":2,"origin":"sent","action":"b","changes":[]}

      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1])
    #expect(
      recording.badLine
        == Recording.LineProblem(line: 3, reason: #"a step needs an integer "time""#))
    #expect(recording.linesAfterBadLine == 0)
  }

  @Test func anIncompleteLastLineIsIgnoredAndFlagged() throws {
    // No newline after the last line, which was cut off mid-write.
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{"count":0}}
      {"step":1,"time":100,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":1}]}
      {"step":2,"time":200,"origin":"sent","action":"incr
      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1])
    #expect(recording.incompleteLastLine == 3)
    #expect(recording.badLine == nil)
  }

  @Test func aWholeLastLineWithoutItsNewlineIsRead() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1])
    #expect(recording.incompleteLastLine == nil)
  }

  @Test func aLastLineWithItsNewlineThatDoesNotParseIsABadLine() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"step":2,

      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1])
    #expect(recording.badLine == Recording.LineProblem(line: 3, reason: "not valid JSON"))
    #expect(recording.incompleteLastLine == nil)
  }

  @Test func linesOfUnknownKindsAreSkipped() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"bookmark":"after a","time":150}
      {"step":2,"time":200,"origin":"sent","action":"b","changes":[]}

      {"comment":"from a newer writer"}

      """
    let recording = try Recording(parsing: data(text))

    #expect(recording.steps.map(\.number) == [1, 2])
    #expect(recording.skippedLines == [3, 6])
    #expect(recording.badLine == nil)
  }

  @Test(arguments: [
    (
      #"{"format":"other-format","version":1,"snapshotInterval":100,"time":0,"state":{}}"#,
      InspectorPage.RecordingError.notARecording(#"its format is "other-format""#)
    ),
    (
      #"{"format":"reductor-recording","version":2,"snapshotInterval":100,"time":0,"state":{}}"#,
      InspectorPage.RecordingError.notARecording("version 2 is newer than this reader (1)")
    ),
    (
      #"{"format":"reductor-recording","version":1,"snapshotInterval":100,"time":0}"#,
      InspectorPage.RecordingError.notARecording("its header has no state")
    ),
    (
      #"{"step":1,"time":100}"#, InspectorPage.RecordingError.notARecording("its format is missing")
    ),
    ("count,time", InspectorPage.RecordingError.notARecording("line 1 is not valid JSON")),
    ("", InspectorPage.RecordingError.empty),
  ])
  func aHeaderOfAnotherFormatIsRefused(header: String, error: InspectorPage.RecordingError) {
    #expect(throws: error) {
      try Recording(parsing: data(header + "\n"))
    }
  }
}
