import Foundation
import InspectorPage
import ReductorRecording
import Testing

/// What the page shows of a recording's lines, read by the recording module's reader: the steps,
/// changes, snapshots, effects and stage durations its script gets, and the lines it could not
/// read.
@Suite struct InspectorReadingTests {
  @Test func theScriptGetsTheStepsWithTheirOriginsCausesAndEffects() throws {
    let json = try pageData(counterRecording)

    #expect(
      json.contains(
        #"{"action":{"increment":{}},"case":"increment","changes":[{"path":["count"],"value":1}],"#
          + #""origin":"sent","payload":"","startsEffect":false,"step":1,"time":100000000}"#))
    #expect(
      json.contains(
        #"{"action":"load","case":"load","changes":[{"path":["isLoading"],"value":true}],"#
          + #""origin":"sent","payload":"","startsEffect":true,"step":2,"time":250000000}"#))
    #expect(
      json.contains(
        #"{"action":{"loaded":{"_0":42}},"case":"loaded","cause":2,"changes":[{"path":["count"],"#
          + #""value":42},{"path":["isLoading"],"value":false}],"origin":"effect","payload":"(42)","#
          + #""startsEffect":true,"step":3,"time":1250000000}"#))
    #expect(
      json.contains(
        #"{"action":{"decrement":{}},"case":"decrement","changes":[{"path":["count"],"value":41}],"#
          + #""origin":"enqueued","payload":"","startsEffect":false,"step":4,"time":1500000000}"#))
  }

  @Test func theScriptGetsTheSnapshotsEffectEndsAndStages() throws {
    let json = try pageData(counterRecording)

    #expect(json.hasPrefix(#"{"effectEnds":{"2":{"cancelled":false,"time":1250000000}},"#))
    #expect(json.contains(#","stages":{"3":{"effect":5400,"reduce":1200}},"#))
    #expect(
      json.contains(
        #""snapshots":{"2":{"count":1,"isLoading":true},"4":{"count":41,"isLoading":false}}"#))
    #expect(json.contains(#""state":{"count":0,"isLoading":false}"#))
    #expect(json.contains(#""endTime":1500000000,"#))
  }

  @Test func theScriptGetsARemovedKeyAndAnArrayIndex() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{"a":1,"list":[1,2]}}
      {"step":1,"time":5,"origin":"sent","action":"edit","changes":[{"path":["a"],"removed":true},{"path":["list",1],"value":3}]}

      """

    #expect(
      try pageData(text).contains(
        #""changes":[{"path":["a"],"removed":true},{"path":["list",1],"value":3}]"#))
  }

  @Test func aWholeRecordingReportsNothing() throws {
    let html = try page(counterRecording)

    #expect(html.contains(#"<ul id="problems"></ul>"#))
  }

  @Test func aBadLineInTheMiddleIsReportedAndTheStepsBeforeItShown() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{"count":0}}
      {"step":1,"time":100,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":1}]}
      {"step":2,"time":200,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":2}]}
      {"step":3,"time":300,"orig
      {"step":4,"time":400,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":4}]}
      {"step":5,"time":500,"origin":"sent","action":"increment","changes":[{"path":["count"],"value":5}]}

      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">2</b>"#))
    #expect(
      html.contains(
        #"<li class="problem" id="bad-line" data-line="4">Line 4 could not be read ("#
          + "not valid JSON: a string without its closing quote at byte 22"
          + "): it and the 2 lines after it were ignored; the steps before it are shown.</li>"))
    #expect(!html.contains("incomplete-last-line"))
  }

  @Test func aWholeLastLineWithoutItsNewlineIsRead() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">1</b>"#))
    #expect(html.contains(#"<ul id="problems"></ul>"#))
  }

  @Test func aLastLineWithItsNewlineThatDoesNotParseIsABadLine() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"step":2,

      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">1</b>"#))
    #expect(
      html.contains(
        #"<li class="problem" id="bad-line" data-line="3">Line 3 could not be read ("#
          + "not valid JSON: the text ends inside an object at byte 11"
          + "): it was ignored; the steps before it are shown.</li>"))
    #expect(!html.contains("incomplete-last-line"))
  }

  @Test func linesOfUnknownKindsAreSkippedAndListed() throws {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{}}
      {"step":1,"time":100,"origin":"sent","action":"a","changes":[]}
      {"bookmark":"after a","time":150}
      {"step":2,"time":200,"origin":"sent","action":"b","changes":[]}

      {"comment":"from a newer writer"}

      """
    let html = try page(text)

    #expect(html.contains(#"<b id="step-count">2</b>"#))
    #expect(
      html.contains(
        #"<ul id="problems"><li class="note" id="skipped-lines">2 lines of kinds this inspector "#
          + "does not know were skipped (lines 3, 6).</li></ul>"))
  }

  /// The reader's refusal reaches the tool, which prints it (the module's tests cover each
  /// reason).
  @Test func aFileThatIsNotARecordingIsRefused() {
    let header = #"{"format":"other-format","version":1,"snapshotInterval":100,"state":{}}"#

    #expect(throws: RecordingError.notARecording("its format is other-format")) {
      try page(header + "\n")
    }
  }
}
