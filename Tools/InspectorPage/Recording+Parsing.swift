package import Foundation
import ReductorRecording

/// Why a file is not a recording the inspector can show: its header is missing or is not a
/// header of this format.
package enum RecordingError: Error, Equatable, CustomStringConvertible {
  /// The file has no lines.
  case empty
  /// The first line is not the header of a recording; the reason says what is wrong with it.
  case notARecording(String)

  package var description: String {
    switch self {
    case .empty: "the file is empty"
    case .notARecording(let reason): "not a reductor recording: \(reason)"
    }
  }
}

extension Recording {
  /// The newest version of the format this reader knows.
  package static let supportedVersion = 1

  /// Reads a recording from its JSON lines, tolerating what a crash or a newer writer leaves.
  ///
  /// A last line without its newline that does not parse is ignored and noted in
  /// ``incompleteLastLine``. Any other line that cannot be read stops the reading: it is noted
  /// in ``badLine`` and the steps before it are kept. Lines of an unknown kind are skipped and
  /// noted in ``skippedLines``; blank lines are skipped silently.
  ///
  /// - Parameter data: The file's bytes, UTF-8.
  /// - Throws: ``RecordingError`` when the first line is not the header of a recording of a
  ///   version this reader knows.
  package init(parsing data: Data) throws(RecordingError) {
    let newline = UInt8(ascii: "\n")
    var lines = data.split(separator: newline, omittingEmptySubsequences: false)
    let endsWithNewline = data.last == newline
    if endsWithNewline { lines.removeLast() }  // the empty piece after the final newline
    guard let headerLine = lines.first, !isBlank(headerLine) else { throw .empty }

    guard let header = decodeLine(headerLine) else {
      throw .notARecording("line 1 is not valid JSON")
    }
    self = try Recording(header: header)

    for (offset, line) in lines.enumerated().dropFirst() where !isBlank(line) {
      let number = offset + 1
      guard let value = decodeLine(line) else {
        if number == lines.count && !endsWithNewline {
          incompleteLastLine = number
        } else {
          badLine = LineProblem(line: number, reason: "not valid JSON")
          linesAfterBadLine = lines.count - number
        }
        break
      }
      do {
        try read(value, line: number)
      } catch {
        badLine = LineProblem(line: number, reason: error.reason)
        linesAfterBadLine = lines.count - number
        break
      }
    }
  }

  /// A recording with the header's values and nothing else yet.
  private init(header: JSONValue) throws(RecordingError) {
    guard case .object(let fields) = header else {
      throw .notARecording("line 1 is not a JSON object")
    }
    guard fields["format"] == .string("reductor-recording") else {
      throw .notARecording("its format is \(fields["format"]?.compactText ?? "missing")")
    }
    guard case .integer(let version)? = fields["version"] else {
      throw .notARecording("its header has no integer version")
    }
    guard version <= Self.supportedVersion else {
      throw .notARecording(
        "version \(version) is newer than this reader (\(Self.supportedVersion))")
    }
    guard let state = fields["state"] else {
      throw .notARecording("its header has no state")
    }
    guard case .integer(let snapshotInterval)? = fields["snapshotInterval"] else {
      throw .notARecording("its header has no integer snapshotInterval")
    }
    var startTime = 0
    if case .integer(let time)? = fields["time"] { startTime = time }
    self.init(snapshotInterval: snapshotInterval, startTime: startTime, initialState: state)
  }

  /// Adds what one line after the header says, by its kind.
  private mutating func read(_ value: JSONValue, line: Int) throws(LineError) {
    guard case .object(let fields) = value else { throw LineError("not a JSON object") }
    if fields["snapshot"] != nil {
      let step = try fields.integer("snapshot", in: "a snapshot")
      guard let state = fields["state"] else { throw LineError("a snapshot needs a \"state\"") }
      snapshots[step] = state
    } else if fields["effectStarted"] != nil {
      let step = try fields.integer("effectStarted", in: "an effect's start")
      guard steps.indices.contains(step - 1) else {
        throw LineError("an effect of step \(step) starts before the step")
      }
      steps[step - 1].startsEffect = true
    } else if fields["effectEnded"] != nil {
      let step = try fields.integer("effectEnded", in: "an effect's end")
      let time = try fields.integer("time", in: "an effect's end")
      let cancelled = fields["cancelled"] == .bool(true)
      effectEnds[step] = EffectEnd(time: time, cancelled: cancelled)
    } else if fields["stages"] != nil {
      let step = try fields.integer("step", in: "a stages line")
      guard case .object(let durations)? = fields["stages"] else {
        throw LineError("a stages line needs an object \"stages\"")
      }
      var stageDurations: [String: Int] = [:]
      for (stage, duration) in durations {
        guard case .integer(let nanoseconds) = duration else {
          throw LineError("the stage \"\(stage)\" needs an integer duration")
        }
        stageDurations[stage] = nanoseconds
      }
      stages[step] = stageDurations
    } else if fields["step"] != nil {
      steps.append(try Step(fields))
    } else {
      skippedLines.append(line)
    }
  }
}

extension Recording.Step {
  /// A step from the fields of its line.
  fileprivate init(_ fields: [String: JSONValue]) throws(LineError) {
    number = try fields.integer("step", in: "a step")
    time = try fields.integer("time", in: "a step")
    guard case .string(let originName)? = fields["origin"],
      let origin = Recording.Origin(rawValue: originName)
    else {
      throw LineError("a step needs an \"origin\" of sent, effect or enqueued")
    }
    self.origin = origin
    switch fields["cause"] {
    case nil, .null?: cause = nil
    case .integer(let cause)?: self.cause = cause
    default: throw LineError("a step's \"cause\" must be an integer")
    }
    guard let action = fields["action"] else { throw LineError("a step needs an \"action\"") }
    self.action = action
    switch fields["changes"] {
    case nil: changes = []
    case .array(let changes)?:
      self.changes = try changes.map { (change) throws(LineError) in
        try Recording.Change(change)
      }
    default: throw LineError("a step's \"changes\" must be an array")
    }
    startsEffect = false  // until an effectStarted line says so
  }
}

extension Recording.Change {
  /// A change from its JSON object.
  fileprivate init(_ value: JSONValue) throws(LineError) {
    guard case .object(let fields) = value, case .array(let path)? = fields["path"] else {
      throw LineError("a change needs a \"path\" array")
    }
    for element in path {
      switch element {
      case .string, .integer: continue
      default: throw LineError("a change's path holds only keys and indices")
      }
    }
    self.path = path
    if fields["removed"] == .bool(true) {
      self.value = nil
    } else if let newValue = fields["value"] {
      self.value = newValue
    } else {
      throw LineError("a change needs a \"value\" or \"removed\": true")
    }
  }
}

/// Why a line after the header could not be read.
private struct LineError: Error {
  var reason: String
  init(_ reason: String) { self.reason = reason }
}

extension [String: JSONValue] {
  /// The integer under `key`, or an error naming the kind of line that needs it.
  fileprivate func integer(_ key: String, in kind: String) throws(LineError) -> Int {
    guard case .integer(let integer)? = self[key] else {
      throw LineError("\(kind) needs an integer \"\(key)\"")
    }
    return integer
  }
}

/// Whether a line holds only spaces (a `\r` of a CRLF file included).
private func isBlank(_ line: Data) -> Bool {
  line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == 13 }
}

/// The line's JSON value, or nil when it is not valid JSON.
private func decodeLine(_ line: Data) -> JSONValue? {
  try? JSONDecoder().decode(JSONValue.self, from: Data(line))
}
