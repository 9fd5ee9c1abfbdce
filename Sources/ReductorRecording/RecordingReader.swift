package import Foundation

/// Reads the lines of a recording in order, keeping what it read up to the first line that does
/// not decode.
struct RecordingReader<Action: Codable & Sendable> {
  var initialTree: JSONValue = .null
  var snapshotInterval = 1
  var steps: [RecordedStep<Action>] = []
  var effects: [RecordedEffect] = []
  /// The index in `effects` of the effect of each step that started one.
  var effectIndices: [Int: Int] = [:]
  var snapshots: [Int: JSONValue] = [:]
  var placedLines: [PlacedLine] = []
  var issues: [RecordingIssue] = []
  /// The numbers of the lines of a kind this version does not know, which were skipped.
  var skippedLines: [Int] = []

  mutating func read(_ data: Data) throws {
    let newline = UInt8(ascii: "\n")
    let lines = data.split(separator: newline, omittingEmptySubsequences: false)
    guard let header = lines.first, !header.isEmpty else {
      throw RecordingError.notARecording("the first line is empty")
    }
    do {
      try readHeader(header)
    } catch let error as RecordingError {
      throw error
    } catch {
      throw RecordingError.notARecording(Self.describe(error))
    }
    for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
      do {
        try readLine(line, number: offset + 1)
      } catch {
        let isCutShort = offset == lines.count - 1 && data.last != newline
        issues.append(
          RecordingIssue(
            line: offset + 1,
            kind: isCutShort ? .incompleteLastLine : .undecodableLine(Self.describe(error))))
        return
      }
    }
  }

  private mutating func readHeader(_ line: Data) throws {
    let header = try HeaderLine(JSONFields(JSONValue(parsing: line), of: "the line"))
    guard header.format == HeaderLine.format else {
      throw RecordingError.notARecording("its format is \(header.format)")
    }
    guard header.version <= HeaderLine.version else {
      throw RecordingError.notARecording(
        "its version \(header.version) is newer than this reader's \(HeaderLine.version)")
    }
    guard header.snapshotInterval >= 1 else {
      throw RecordingError.notARecording(
        "its snapshot interval \(header.snapshotInterval) is not positive")
    }
    initialTree = header.state
    snapshotInterval = header.snapshotInterval
  }

  private mutating func readLine(_ line: Data, number: Int) throws {
    let fields = try JSONFields(JSONValue(parsing: line), of: "the line")
    if fields.contains("stages") {
      let stages = try StagesLine(fields)
      guard hasRead(step: stages.step) else {
        throw LineMismatch("the stage durations of step \(stages.step) follow no such step")
      }
      guard steps[stages.step - 1].stageDurations.isEmpty else {
        throw LineMismatch("the stage durations of step \(stages.step) come twice")
      }
      var durations: [String: Duration] = [:]
      for (stage, duration) in stages.stages.sorted(by: { $0.key < $1.key }) {
        guard case .number(let text) = duration, let nanoseconds = Int64(text) else {
          throw LineMismatch(
            "the \(stage) stage of step \(stages.step) lasts \(duration.jsonText), "
              + "not a whole number of nanoseconds")
        }
        durations[stage] = .nanoseconds(nanoseconds)
      }
      steps[stages.step - 1].stageDurations = durations
      placedLines.append(PlacedLine(kind: .stages, step: stages.step, after: steps.count))
    } else if fields.contains("step") {
      let step = try StepLine(fields)
      guard step.step == steps.count + 1 else {
        throw LineMismatch("step \(step.step) follows step \(steps.count)")
      }
      guard let origin = RecordedOrigin(line: step.origin, cause: step.cause) else {
        throw LineMismatch("step \(step.step) has an unknown origin, \(step.origin)")
      }
      if case .effect(let cause?) = origin, !(1..<step.step).contains(cause) {
        throw LineMismatch("step \(step.step) names step \(cause) as its cause")
      }
      guard step.time >= 0 else {
        throw LineMismatch("step \(step.step) has a negative time, \(step.time)")
      }
      let action: Action
      do {
        action = try RecordingCoding.value(Action.self, from: step.action)
      } catch {
        throw LineMismatch(
          "the action of step \(step.step) does not decode: \(Self.describe(error))")
      }
      steps.append(
        RecordedStep(
          number: step.step, time: .nanoseconds(step.time), origin: origin, action: action,
          changes: step.changes))
    } else if fields.contains("snapshot") {
      let snapshot = try SnapshotLine(fields)
      guard hasRead(step: snapshot.snapshot) else {
        throw LineMismatch("a snapshot of step \(snapshot.snapshot) comes before its step")
      }
      snapshots[snapshot.snapshot] = snapshot.state
    } else if fields.contains("effectStarted") {
      let step = try EffectStartedLine(fields).effectStarted
      guard hasRead(step: step), effectIndices[step] == nil else {
        throw LineMismatch("an effect of step \(step) starts out of place")
      }
      effectIndices[step] = effects.count
      effects.append(RecordedEffect(step: step, endTime: nil, wasCancelled: false))
      placedLines.append(PlacedLine(kind: .effectStarted, step: step, after: steps.count))
    } else if fields.contains("effectEnded") {
      let ended = try EffectEndedLine(fields)
      guard let index = effectIndices[ended.effectEnded], effects[index].endTime == nil else {
        throw LineMismatch("an effect of step \(ended.effectEnded) ends, not started")
      }
      guard ended.time >= 0 else {
        throw LineMismatch(
          "the effect of step \(ended.effectEnded) ends at a negative time, \(ended.time)")
      }
      effects[index].endTime = .nanoseconds(ended.time)
      effects[index].wasCancelled = ended.cancelled
      placedLines.append(
        PlacedLine(kind: .effectEnded, step: ended.effectEnded, after: steps.count))
    } else {
      // A newer writer's addition.
      skippedLines.append(number)
    }
  }

  /// Whether `step` is the number of a step read so far.
  private func hasRead(step: Int) -> Bool {
    step >= 1 && step <= steps.count
  }

  /// A decoding error in a sentence: what did not decode, and where in the line.
  static func describe(_ error: any Error) -> String {
    guard let error = error as? DecodingError else { return "\(error)" }
    let context: DecodingError.Context
    switch error {
    case .typeMismatch(_, let found), .valueNotFound(_, let found), .keyNotFound(_, let found),
      .dataCorrupted(let found):
      context = found
    @unknown default:
      return "\(error)"
    }
    let path = context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }
    let place = path.isEmpty ? "" : " at \(path.joined(separator: "."))"
    return context.debugDescription + place
  }
}

extension Recording {
  /// Reads a recording from JSON lines as ``init(jsonLines:)`` does, and says which lines it
  /// skipped for being of a kind this version does not know: the inspector lists them.
  ///
  /// - Parameter data: The lines, in the format of the article "The recording format".
  /// - Returns: The recording, and the numbers of the skipped lines, from 1.
  /// - Throws: ``RecordingError/notARecording(_:)`` when the first line is not a recording's
  ///   header.
  package static func readWithSkippedLines(
    jsonLines data: Data
  ) throws -> (recording: Recording, skippedLines: [Int]) {
    var reader = RecordingReader<Action>()
    try reader.read(data)
    let recording = try Recording(
      initialTree: reader.initialTree, snapshotInterval: reader.snapshotInterval,
      steps: reader.steps, effects: reader.effects, snapshots: reader.snapshots,
      placedLines: reader.placedLines, issues: reader.issues)
    return (recording, reader.skippedLines)
  }
}
