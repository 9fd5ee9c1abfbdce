package import Foundation
import Reductor

// The lines of a recording, as Swift values; see the article "The recording format".

/// The first line: the format, the snapshot interval and the state when the recording began.
struct HeaderLine: Codable {
  static let format = "reductor-recording"
  /// 2: a change may append an element to an array (its index is the array's length) or remove
  /// one; version 1 replaced an array whose length changed whole, which this version reads too.
  static let version = 2

  var format = HeaderLine.format
  var version = HeaderLine.version
  var snapshotInterval: Int
  var state: JSONValue
}

/// A step: one action the store reduced.
struct StepLine<Action: Codable>: Codable {
  var step: Int
  var time: Int64
  var origin: String
  var cause: Int?
  var action: Action
  var changes: [JSONChange]
}

/// The whole state after a step.
struct SnapshotLine: Codable {
  var snapshot: Int
  var state: JSONValue
}

/// A step's reduction returned an effect that does work.
struct EffectStartedLine: Codable {
  var effectStarted: Int
}

/// The work of a step's effect finished.
struct EffectEndedLine: Codable {
  var effectEnded: Int
  var time: Int64
  var cancelled: Bool
}

/// How long each instrumentation stage took for a step, in nanoseconds: read as any JSON, so
/// that a duration that is not a whole number is reported as such.
struct StagesLine: Codable {
  var stages: [String: JSONValue]
  var step: Int

  /// The line of the stage durations of `step`.
  init(of step: RecordedStep<some Sendable>) {
    self.init(step: step.number, durations: step.stageDurations)
  }

  /// The line of `durations`, the stage durations of step `step`.
  init(step: Int, durations: [String: Duration]) {
    self.stages = durations.mapValues { .integer(Int($0.nanoseconds)) }
    self.step = step
  }
}

/// The keys that tell a line's kind; a line without any of them is of a kind this version does
/// not know, and is skipped.
struct LineKind: Decodable {
  /// Set on a line of stage durations, which also has a `step`.
  var stages: JSONValue?
  var step: Int?
  var snapshot: Int?
  var effectStarted: Int?
  var effectEnded: Int?
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

/// The encoder and decoder of recordings: keys sorted, so that a value always reads the same.
package enum RecordingCoding {
  /// An encoder that writes JSON as a recording does: on one line, keys sorted, `/` unescaped.
  package static func makeEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// One line: `value` encoded, and a newline.
  static func line(_ value: some Encodable, encoder: JSONEncoder) throws -> Data {
    var data = try encoder.encode(value)
    data.append(UInt8(ascii: "\n"))
    return data
  }

  /// `value` as a JSON tree.
  static func tree(of value: some Encodable, encoder: JSONEncoder) throws -> JSONValue {
    try JSONDecoder().decode(JSONValue.self, from: encoder.encode(value))
  }

  /// The value a JSON tree encodes.
  static func value<Value: Decodable>(_ type: Value.Type, from tree: JSONValue) throws -> Value {
    try JSONDecoder().decode(Value.self, from: makeEncoder().encode(tree))
  }
}
