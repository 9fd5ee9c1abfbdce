import Foundation

/// A JSON value as a tree: what each line of a recording is read as, before the inspector knows
/// which kind of line it is.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number without a fraction that fits `Int`, kept exact.
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// The value as one line of JSON, keys sorted, for showing in the page.
  package var compactText: String {
    switch self {
    case .null: "null"
    case .bool(let bool): bool ? "true" : "false"
    case .integer(let integer): String(integer)
    case .number(let number): String(number)
    case .string(let string): quoted(string)
    case .array(let array): "[" + array.map(\.compactText).joined(separator: ",") + "]"
    case .object(let object):
      "{"
        + object.sorted { $0.key < $1.key }
        .map { quoted($0.key) + ":" + $0.value.compactText }
        .joined(separator: ",") + "}"
    }
  }
}

extension JSONValue: Codable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

/// The string as a JSON string literal (quotes, backslashes and control characters escaped).
private func quoted(_ string: String) -> String {
  var text = "\""
  for scalar in string.unicodeScalars {
    switch scalar {
    case "\"": text += "\\\""
    case "\\": text += "\\\\"
    case "\n": text += "\\n"
    case "\t": text += "\\t"
    case "\r": text += "\\r"
    case _ where scalar.value < 0x20:
      let hex = String(scalar.value, radix: 16)
      text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    default: text.unicodeScalars.append(scalar)
    }
  }
  return text + "\""
}
