package import Foundation
import Reductor

// The lines of a recording, as Swift values; see the article "The recording format". Each is
// read from its line's JSON object and written as one.

/// A line of a recording.
protocol RecordingLine {
  /// The line's JSON object.
  var json: JSONValue { get }
}

extension RecordingLine {
  /// The line as it is written: its JSON text and a newline.
  var data: Data {
    var data = json.jsonData
    data.append(UInt8(ascii: "\n"))
    return data
  }
}

/// The first line: the format, the snapshot interval and the state when the recording began.
struct HeaderLine: RecordingLine {
  static let format = "reductor-recording"
  /// 2: a change may append an element to an array (its index is the array's length) or remove
  /// one; version 1 replaced an array whose length changed whole, which this version reads too.
  static let version = 2

  var format = HeaderLine.format
  var version = HeaderLine.version
  var snapshotInterval: Int
  var state: JSONValue

  init(snapshotInterval: Int, state: JSONValue) {
    self.snapshotInterval = snapshotInterval
    self.state = state
  }

  init(_ fields: JSONFields) throws {
    format = try fields.string("format")
    version = try fields.integer("version")
    snapshotInterval = try fields.integer("snapshotInterval")
    state = try fields.value("state")
  }

  var json: JSONValue {
    .object([
      "format": .string(format), "version": .integer(version),
      "snapshotInterval": .integer(snapshotInterval), "state": state,
    ])
  }
}

/// A step: one action the store reduced.
struct StepLine: RecordingLine {
  var step: Int
  var time: Int64
  var origin: String
  var cause: Int?
  var action: JSONValue
  var changes: [JSONChange]

  init(
    step: Int, time: Int64, origin: String, cause: Int?, action: JSONValue,
    changes: [JSONChange]
  ) {
    self.step = step
    self.time = time
    self.origin = origin
    self.cause = cause
    self.action = action
    self.changes = changes
  }

  init(_ fields: JSONFields) throws {
    step = try fields.integer("step")
    time = try fields.integer("time")
    origin = try fields.string("origin")
    cause = try fields.integerIfPresent("cause")
    action = try fields.value("action")
    changes = try fields.array("changes").map(JSONChange.init(json:))
  }

  var json: JSONValue {
    var fields: [String: JSONValue] = [
      "step": .integer(step), "time": .integer(time), "origin": .string(origin),
      "action": action, "changes": .array(changes.map(\.json)),
    ]
    if let cause { fields["cause"] = .integer(cause) }
    return .object(fields)
  }
}

/// The whole state after a step.
struct SnapshotLine: RecordingLine {
  var snapshot: Int
  var state: JSONValue

  init(snapshot: Int, state: JSONValue) {
    self.snapshot = snapshot
    self.state = state
  }

  init(_ fields: JSONFields) throws {
    snapshot = try fields.integer("snapshot")
    state = try fields.value("state")
  }

  var json: JSONValue {
    .object(["snapshot": .integer(snapshot), "state": state])
  }
}

/// A step's reduction returned an effect.
struct EffectStartedLine: RecordingLine {
  var effectStarted: Int

  init(effectStarted: Int) {
    self.effectStarted = effectStarted
  }

  init(_ fields: JSONFields) throws {
    effectStarted = try fields.integer("effectStarted")
  }

  var json: JSONValue {
    .object(["effectStarted": .integer(effectStarted)])
  }
}

/// The work of a step's effect finished.
struct EffectEndedLine: RecordingLine {
  var effectEnded: Int
  var time: Int64
  var cancelled: Bool

  init(effectEnded: Int, time: Int64, cancelled: Bool) {
    self.effectEnded = effectEnded
    self.time = time
    self.cancelled = cancelled
  }

  init(_ fields: JSONFields) throws {
    effectEnded = try fields.integer("effectEnded")
    time = try fields.integer("time")
    cancelled = try fields.bool("cancelled")
  }

  var json: JSONValue {
    .object([
      "effectEnded": .integer(effectEnded), "time": .integer(time), "cancelled": .bool(cancelled),
    ])
  }
}

/// How long each instrumentation stage took for a step, in nanoseconds: kept as any JSON, so
/// that a duration that is not a whole number is reported as such.
struct StagesLine: RecordingLine {
  var stages: [String: JSONValue]
  var step: Int

  /// The line of the stage durations of `step`.
  init(of step: RecordedStep<some Sendable>) {
    self.init(step: step.number, durations: step.stageDurations)
  }

  /// The line of `durations`, the stage durations of step `step`.
  init(step: Int, durations: [String: Duration]) {
    self.stages = durations.mapValues { .integer($0.recordedNanoseconds) }
    self.step = step
  }

  init(_ fields: JSONFields) throws {
    stages = try fields.object("stages")
    step = try fields.integer("step")
  }

  var json: JSONValue {
    .object(["stages": .object(stages), "step": .integer(step)])
  }
}

/// Where a line about a step other than its own and its snapshot's came in a recording — the
/// start or end of its effect, its stage durations — so that ``Recording/jsonLines()`` writes it
/// there again: such lines come after the step's line, in the order the recorder wrote them.
struct PlacedLine: Hashable, Sendable {
  enum Kind: Hashable, Sendable {
    case effectStarted
    case effectEnded
    case stages
  }

  var kind: Kind
  /// The step the line is about: whose effect started or ended, or whose stages it holds.
  var step: Int
  /// The number of the step whose line, or whose lines' run, it follows: `step` or later.
  var after: Int
}

/// The fields of a JSON object, each read with an error that names it when it is missing or
/// not of the type its line needs.
struct JSONFields {
  private let fields: [String: JSONValue]
  /// What the object is, in an error: "the line", "a change".
  private let name: String

  init(_ json: JSONValue, of name: String) throws {
    guard case .object(let fields) = json else {
      throw LineMismatch("\(name) is \(json.jsonText), not a JSON object")
    }
    self.fields = fields
    self.name = name
  }

  func contains(_ key: String) -> Bool {
    fields[key] != nil
  }

  func value(_ key: String) throws -> JSONValue {
    guard let value = fields[key] else { throw LineMismatch("\(name) has no \(key)") }
    return value
  }

  func integer<Integer: FixedWidthInteger>(_ key: String) throws -> Integer {
    let value = try value(key)
    guard case .number(let text) = value, let integer = Integer(text) else {
      throw mismatch(key, value, "a whole number")
    }
    return integer
  }

  /// The integer at `key`; nil when there is none, or `null`.
  func integerIfPresent(_ key: String) throws -> Int? {
    guard let value = fields[key], value != .null else { return nil }
    return try integer(key)
  }

  func string(_ key: String) throws -> String {
    let value = try value(key)
    guard case .string(let string) = value else { throw mismatch(key, value, "a string") }
    return string
  }

  func bool(_ key: String) throws -> Bool {
    let value = try value(key)
    guard case .bool(let bool) = value else { throw mismatch(key, value, "true or false") }
    return bool
  }

  /// The Boolean at `key`; nil when there is none, or `null`.
  func boolIfPresent(_ key: String) throws -> Bool? {
    guard let value = fields[key], value != .null else { return nil }
    return try bool(key)
  }

  func array(_ key: String) throws -> [JSONValue] {
    let value = try value(key)
    guard case .array(let array) = value else { throw mismatch(key, value, "an array") }
    return array
  }

  func object(_ key: String) throws -> [String: JSONValue] {
    let value = try value(key)
    guard case .object(let object) = value else { throw mismatch(key, value, "an object") }
    return object
  }

  private func mismatch(_ key: String, _ value: JSONValue, _ type: String) -> LineMismatch {
    LineMismatch("\(name)'s \(key) is \(value.jsonText), not \(type)")
  }
}

/// A line that is JSON, but not a line this version reads there: a field missing or of another
/// type, or a line that does not fit the lines before it.
struct LineMismatch: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) {
    self.description = description
  }
}

extension RecordedOrigin {
  /// The origin's name in a step line, and its cause.
  package var line: (origin: String, cause: Int?) {
    switch self {
    case .sent: ("sent", nil)
    case .effect(let cause): ("effect", cause)
    case .enqueued: ("enqueued", nil)
    }
  }

  /// The origin a step line names.
  init?(line origin: String, cause: Int?) {
    switch origin {
    case "sent": self = .sent
    case "effect": self = .effect(cause: cause)
    case "enqueued": self = .enqueued
    default: return nil
    }
  }
}

/// The encoder and decoder of the values a recording holds, and the JSON trees it writes them as.
package enum RecordingCoding {
  /// An encoder that writes JSON as a recording does: on one line, keys sorted, `/` unescaped.
  package static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// `value` as a JSON tree, each number as `encoder` wrote it.
  static func tree(of value: some Encodable, encoder: JSONEncoder) throws -> JSONValue {
    // A recording read as trees (the inspector's, or a recorder's that drops its oldest steps)
    // holds them already, each number's text as it was read: encoding one would lose that text.
    if let tree = value as? JSONValue { return tree }
    return try JSONValue(parsing: encoder.encode(value))
  }

  /// The value a JSON tree encodes.
  static func value<Value: Decodable>(_ type: Value.Type, from tree: JSONValue) throws -> Value {
    if let tree = tree as? Value { return tree }
    return try JSONDecoder().decode(Value.self, from: tree.jsonData)
  }
}
