import InspectorPage
import ReductorRecording
import Testing

@Suite struct StepLabelTests {
  /// A step of the given action, as a line of a recording.
  private func step(_ action: String) throws -> RecordedStep<JSONValue> {
    let text = """
      {"format":"reductor-recording","version":1,"snapshotInterval":100,"state":{}}
      {"step":1,"time":0,"origin":"sent","action":\(action),"changes":[]}

      """
    return try #require(try JSONRecording(jsonLines: data(text)).steps.first)
  }

  @Test(arguments: [
    (#"{"increment":{}}"#, "increment", ""),
    (#""increment""#, "increment", ""),
    (#"{"loaded":{"_0":42}}"#, "loaded", "(42)"),
    (#"{"move":{"_0":1,"_1":"up"}}"#, "move", #"(1, "up")"#),
    (#"{"saved":{"count":3,"at":null}}"#, "saved", "(at: null, count: 3)"),
    (#"{"row":{"_0":7,"action":{"toggle":{}}}}"#, "row", "(7, action: toggle)"),
    (#"{"counter":{"_0":{"loaded":{"_0":5}}}}"#, "counter", "(loaded(5))"),
    (#"{"setItems":{"_0":[1,2,3]}}"#, "setItems", "([1, 2, 3])"),
    (
      #"{"search":{"_0":"a query much longer than the timeline has room for, really"}}"#,
      "search", #"("a query much longer than the timeline has roo…"#
    ),
    ("42", "42", ""),
  ])
  func caseNameAndPayload(action: String, caseName: String, payload: String) throws {
    let step = try step(action)
    #expect(step.caseName == caseName)
    #expect(step.payloadSummary == payload)
  }

  @Test(arguments: [
    (0, "0.000 s"),
    (1_250_000_000, "1.250 s"),
    (999_999, "0.001 s"),
    (499_999, "0.000 s"),
    (61_000_500_000, "61.001 s"),
  ])
  func secondsWithMilliseconds(nanoseconds: Int, text: String) {
    #expect(secondsText(nanoseconds) == text)
  }
}
