import Foundation

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
  var endPositions: [Int: Int] = [:]
  var issues: [RecordingIssue] = []

  /// A line that decodes but does not fit the lines before it.
  struct Mismatch: Error, CustomStringConvertible {
    var description: String
  }

  private let decoder = JSONDecoder()

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
        try readLine(line)
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

  private mutating func readHeader(_ line: Data.SubSequence) throws {
    let header = try decoder.decode(HeaderLine.self, from: line)
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

  private mutating func readLine(_ line: Data.SubSequence) throws {
    let kind = try decoder.decode(LineKind.self, from: line)
    if kind.stages != nil {
      return
    } else if kind.step != nil {
      let step = try decoder.decode(StepLine<Action>.self, from: line)
      guard step.step == steps.count + 1 else {
        throw Mismatch(description: "step \(step.step) follows step \(steps.count)")
      }
      guard let origin = RecordedOrigin(line: step.origin, cause: step.cause) else {
        throw Mismatch(description: "step \(step.step) has an unknown origin, \(step.origin)")
      }
      if case .effect(let cause?) = origin, !(1..<step.step).contains(cause) {
        throw Mismatch(description: "step \(step.step) names step \(cause) as its cause")
      }
      steps.append(
        RecordedStep(
          number: step.step, time: .nanoseconds(step.time), origin: origin, action: step.action,
          changes: step.changes))
    } else if kind.snapshot != nil {
      let snapshot = try decoder.decode(SnapshotLine.self, from: line)
      guard (1...max(1, steps.count)).contains(snapshot.snapshot) else {
        throw Mismatch(description: "a snapshot of step \(snapshot.snapshot) comes too early")
      }
      snapshots[snapshot.snapshot] = snapshot.state
    } else if let step = kind.effectStarted {
      guard (1...max(1, steps.count)).contains(step), effectIndices[step] == nil else {
        throw Mismatch(description: "an effect of step \(step) starts out of place")
      }
      effectIndices[step] = effects.count
      effects.append(RecordedEffect(step: step, endTime: nil, wasCancelled: false))
    } else if kind.effectEnded != nil {
      let ended = try decoder.decode(EffectEndedLine.self, from: line)
      guard let index = effectIndices[ended.effectEnded], effects[index].endTime == nil else {
        throw Mismatch(description: "an effect of step \(ended.effectEnded) ends, not started")
      }
      effects[index].endTime = .nanoseconds(ended.time)
      effects[index].wasCancelled = ended.cancelled
      endPositions[ended.effectEnded] = steps.count
    }
    // A line of another kind is skipped: a newer writer's addition.
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
