import Foundation
import Reductor
import ReductorRecording
import Testing

/// Every number `JSONEncoder` writes comes back from a recording as it went in: in the header,
/// the snapshots and the changes, through `skipping`, `droppingFirst` and the export.
@MainActor
@Suite struct ExactNumberTests {
  typealias State = Gauge.State

  /// The edges, made plain (each field 0 or 1), and the edges again.
  let plain = State(
    smallest: 0, largest: 0, unsigned: 1, negativeZero: 0, subnormal: 1, greatest: 0, float: 0,
    decimal: 1)

  /// Records the edges nudged, made plain and set again, and returns the recording with the
  /// store's state before the first step and after each.
  func record(
    snapshotInterval: Int, maxAge: Int? = nil, to file: URL? = nil
  ) throws -> (Recording<State, Gauge.Action>, states: [String]) {
    let store = ReducerStore(initialState: State(), reducer: Gauge(), clock: ManualClock())
    let recorder =
      try file.map { try store.record(to: $0, snapshotInterval: snapshotInterval, maxAge: maxAge) }
      ?? store.record(snapshotInterval: snapshotInterval, maxAge: maxAge)
    var states = [try jsonText(of: store.state)]
    for action in [Gauge.Action.nudge, .set(plain), .set(State())] {
      store.send(action)
      states.append(try jsonText(of: store.state))
    }
    recorder.stop()
    return (try recorder.recording(), states)
  }

  /// The state at each step, as `JSONEncoder` writes it.
  func states(of recording: Recording<State, Gauge.Action>) throws -> [String] {
    try (0...recording.steps.count).map { try jsonText(of: recording.state(at: $0)) }
  }

  @Test(arguments: [1, 100])
  func theStatesComeBackExactly(snapshotInterval: Int) throws {
    let (recording, states) = try record(snapshotInterval: snapshotInterval)
    #expect(try self.states(of: recording) == states)
    #expect(try jsonText(of: recording.initialState) == states[0])
    #expect(
      try recording.steps.map { try jsonText(of: $0.action) } == [
        #"{"nudge":{}}"#, #"{"set":{"_0":\#(jsonText(of: plain))}}"#,
        #"{"set":{"_0":\#(states[0])}}"#,
      ])

    let exported = try Recording<State, Gauge.Action>(jsonLines: recording.jsonLines())
    #expect(try self.states(of: exported) == states)
    #expect(try self.states(of: recording.droppingFirst(1)) == Array(states[1...]))
    #expect(
      try self.states(of: recording.skipping(2, reducer: Gauge())) == [
        states[0], states[1], states[0],
      ])
  }

  /// The lines hold each number as `JSONEncoder` wrote it; a change between two integers that
  /// a `Double` cannot tell apart is a change.
  @Test func theLinesHoldTheNumbersAsWritten() throws {
    let (recording, _) = try record(snapshotInterval: 100)
    let lines = String(decoding: try recording.jsonLines(), as: UTF8.self).split(separator: "\n")
      .filter(isNotStagesLine)
    let edges =
      #"{"decimal":3.1415926535897932384626433832795028841,"float":1e-45,"#
      + #""greatest":1.7976931348623157e+308,"largest":9223372036854775807,"negativeZero":-0,"#
      + #""smallest":-9223372036854775808,"subnormal":5e-324,"unsigned":18446744073709551615}"#
    #expect(
      lines[0]
        == #"{"format":"reductor-recording","snapshotInterval":100,"state":\#(edges),"version":2}"#
    )
    #expect(
      lines[1]
        == #"{"action":{"nudge":{}},"changes":[{"path":["unsigned"],"value":18446744073709551614}],"origin":"sent","step":1,"time":0}"#
    )
    #expect(
      lines[3].contains(
        #""changes":[{"path":["decimal"],"value":3.1415926535897932384626433832795028841},"#))
  }

  /// A recorder with a `maxAge` rewrites its file without the oldest steps: the numbers of the
  /// steps it keeps are the ones it wrote.
  @Test func aFileRewrittenForItsMaxAgeKeepsTheNumbers() throws {
    let file = TemporaryFile()
    defer { file.remove() }
    let (recording, states) = try record(snapshotInterval: 1, maxAge: 1, to: file.url)
    let reread = try Recording<State, Gauge.Action>(contentsOf: file.url)
    #expect(reread.steps.count == 1)
    #expect(try self.states(of: reread) == Array(states[2...]))
    #expect(try recording.jsonLines() == Data(contentsOf: file.url))
  }
}
