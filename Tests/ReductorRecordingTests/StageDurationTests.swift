import Foundation
import ReductorRecording
import Testing

/// Reading, writing out and skipping the stage durations of steps.
@Suite struct StageDurationTests {
  typealias State = Tally.State
  typealias Action = Tally.Action

  /// Two increments, each followed by its stage durations, and a snapshot after step 2, as a
  /// recorder writes them: keys sorted, a stages line after the other lines of its step (an
  /// effect's end would come before it).
  let lines = [
    #"{"format":"reductor-recording","snapshotInterval":2,"state":{"count":0,"log":[]},"version":2}"#,
    #"{"action":{"increment":{}},"changes":[{"path":["count"],"value":1}],"origin":"sent","step":1,"time":0}"#,
    #"{"stages":{"effect":5400,"reduce":1200},"step":1}"#,
    #"{"action":{"increment":{}},"changes":[{"path":["count"],"value":2}],"origin":"sent","step":2,"time":1000}"#,
    #"{"snapshot":2,"state":{"count":2,"log":[]}}"#,
    #"{"stages":{"mutate":800,"queue":300},"step":2}"#,
  ]

  func read(_ lines: [String]) throws -> Recording<State, Action> {
    try Recording(jsonLines: Data((lines.joined(separator: "\n") + "\n").utf8))
  }

  @Test func aStepKeepsItsStageDurations() throws {
    let recording = try read(lines)
    #expect(recording.issues.isEmpty)
    #expect(
      recording.steps.map(\.stageDurations) == [
        ["effect": .nanoseconds(5400), "reduce": .nanoseconds(1200)],
        ["mutate": .nanoseconds(800), "queue": .nanoseconds(300)],
      ])
  }

  /// A step without a stages line has none; a stages line may come after other lines of its
  /// step.
  @Test func aStagesLineMayComeLaterThanItsStep() throws {
    let recording = try read([
      lines[0], lines[1], lines[3], lines[4], #"{"stages":{"reduce":70},"step":2}"#,
    ])
    #expect(recording.issues.isEmpty)
    #expect(recording.steps.map(\.stageDurations) == [[:], ["reduce": .nanoseconds(70)]])
  }

  @Test func aReadRecordingWritesOutTheSameBytes() throws {
    let data = Data((lines.joined(separator: "\n") + "\n").utf8)
    #expect(try Recording<State, Action>(jsonLines: data).jsonLines() == data)
  }

  /// A stages line that does not fit ends the recording before it, as any line that does not
  /// decode.
  @Test(arguments: [
    (
      #"{"stages":{"reduce":1200},"step":3}"#,
      "the stage durations of step 3 follow no such step"
    ),
    (
      #"{"stages":{"reduce":1200},"step":0}"#,
      "the stage durations of step 0 follow no such step"
    ),
    (
      #"{"stages":{"reduce":1200},"step":1}"#,
      "the stage durations of step 1 come twice"
    ),
    (
      #"{"stages":{"queue":300,"reduce":1.5},"step":2}"#,
      "the reduce stage of step 2 lasts 1.5, not a whole number of nanoseconds"
    ),
    (
      #"{"stages":{"reduce":"fast"},"step":2}"#,
      #"the reduce stage of step 2 lasts "fast", not a whole number of nanoseconds"#
    ),
  ])
  func aStagesLineThatDoesNotFitIsReportedWithItsNumber(line: String, error: String) throws {
    let recording = try read([lines[0], lines[1], lines[2], lines[3], line, lines[5]])
    #expect(recording.steps.count == 2)
    #expect(recording.issues == [RecordingIssue(line: 5, kind: .undecodableLine(error))])
    // Step 2 is kept, without any of the durations of the line.
    #expect(recording.steps[1].stageDurations == [:])
  }

  /// Skipping a step keeps the stage durations of the others, with their steps.
  @Test func skippingAStepKeepsTheOthersStageDurations() throws {
    let skipped = try read(lines).skipping(1, reducer: Tally())
    #expect(
      skipped.steps.map(\.stageDurations) == [
        ["mutate": .nanoseconds(800), "queue": .nanoseconds(300)]
      ])
    #expect(
      String(decoding: try skipped.jsonLines(), as: UTF8.self).split(separator: "\n")[2]
        == #"{"stages":{"mutate":800,"queue":300},"step":1}"#)
  }
}
