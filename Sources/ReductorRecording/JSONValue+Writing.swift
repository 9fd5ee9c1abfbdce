import Foundation

extension JSONValue {
  /// The value as JSON text on one line, as `JSONEncoder` writes it with its keys sorted and
  /// `/` unescaped: each number as its text, each string with `"`, `\` and the control
  /// characters escaped.
  package var jsonText: String {
    var utf8: [UInt8] = []
    write(into: &utf8)
    return String(decoding: utf8, as: UTF8.self)
  }

  /// ``jsonText`` as UTF-8.
  var jsonData: Data {
    var utf8: [UInt8] = []
    write(into: &utf8)
    return Data(utf8)
  }

  /// Appends the value's JSON text to `utf8`.
  func write(into utf8: inout [UInt8]) {
    switch self {
    case .null: utf8.append(contentsOf: "null".utf8)
    case .bool(let bool): utf8.append(contentsOf: (bool ? "true" : "false").utf8)
    case .number(let text): utf8.append(contentsOf: text.utf8)
    case .string(let string): Self.write(string, into: &utf8)
    case .array(let array):
      utf8.append(UInt8(ascii: "["))
      for (index, element) in array.enumerated() {
        if index > 0 { utf8.append(UInt8(ascii: ",")) }
        element.write(into: &utf8)
      }
      utf8.append(UInt8(ascii: "]"))
    case .object(let object):
      utf8.append(UInt8(ascii: "{"))
      // Sorted by their UTF-8 bytes, as `JSONEncoder` sorts them.
      let members = object.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { utf8.append(UInt8(ascii: ",")) }
        Self.write(key, into: &utf8)
        utf8.append(UInt8(ascii: ":"))
        value.write(into: &utf8)
      }
      utf8.append(UInt8(ascii: "}"))
    }
  }

  /// Appends `string` quoted, escaped as `JSONEncoder` escapes it.
  private static func write(_ string: String, into utf8: inout [UInt8]) {
    utf8.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): utf8.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): utf8.append(contentsOf: #"\\"#.utf8)
      case 0x08: utf8.append(contentsOf: #"\b"#.utf8)
      case 0x09: utf8.append(contentsOf: #"\t"#.utf8)
      case 0x0A: utf8.append(contentsOf: #"\n"#.utf8)
      case 0x0C: utf8.append(contentsOf: #"\f"#.utf8)
      case 0x0D: utf8.append(contentsOf: #"\r"#.utf8)
      case ..<0x20:
        let hex = Array("0123456789abcdef".utf8)
        utf8.append(contentsOf: #"\u00"#.utf8)
        utf8.append(hex[Int(byte >> 4)])
        utf8.append(hex[Int(byte & 0xF)])
      default: utf8.append(byte)
      }
    }
    utf8.append(UInt8(ascii: "\""))
  }
}
