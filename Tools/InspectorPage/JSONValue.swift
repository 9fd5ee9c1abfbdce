package import ReductorRecording

extension JSONValue {
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
