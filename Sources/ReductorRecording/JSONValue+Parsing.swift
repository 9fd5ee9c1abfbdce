package import Foundation

extension JSONValue {
  /// Reads one JSON value (RFC 8259) from UTF-8 text, keeping each number as the text it is
  /// written as.
  ///
  /// - Parameter data: The text.
  /// - Throws: ``JSONSyntaxError`` when the text is not one JSON value.
  package init(parsing data: Data) throws {
    self = try data.withUnsafeBytes { bytes in
      var parser = JSONParser(bytes: bytes)
      return try parser.document()
    }
  }
}

/// Text that is not one JSON value: what is wrong, and where.
package struct JSONSyntaxError: Error, CustomStringConvertible {
  /// What is wrong.
  let reason: String
  /// The offset of the byte where it was found, from 0.
  let offset: Int

  package var description: String {
    "not valid JSON: \(reason) at byte \(offset + 1)"
  }
}

/// Reads JSON text byte by byte. Objects and arrays nest at most `maximumDepth` deep, as in
/// `JSONDecoder`: deeper text is refused rather than read with a stack that grows with it.
private struct JSONParser {
  static let maximumDepth = 512

  let bytes: UnsafeRawBufferPointer
  var offset = 0
  var depth = 0

  init(bytes: UnsafeRawBufferPointer) {
    self.bytes = bytes
  }

  /// The one value of the text, with nothing but white space around it.
  mutating func document() throws -> JSONValue {
    let value = try value()
    skipWhitespace()
    guard offset == bytes.count else { throw error("more text after the value") }
    return value
  }

  private mutating func value() throws -> JSONValue {
    skipWhitespace()
    guard let byte = peek() else { throw error("the text ends where a value should be") }
    switch byte {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"):
      try literal("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try literal("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try literal("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      return .number(try number())
    default:
      throw error("an unexpected character")
    }
  }

  private mutating func object() throws -> JSONValue {
    try enterContainer()
    var object: [String: JSONValue] = [:]
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      leaveContainer()
      return .object(object)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else {
        throw error(peek() == nil ? "the text ends inside an object" : "a key that is not a string")
      }
      let key = try string()
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("a key without a colon after it") }
      offset += 1
      object[key] = try value()
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "}"):
        leaveContainer()
        return .object(object)
      case nil:
        throw error("the text ends inside an object")
      default:
        throw error("an object's member without a comma or a closing brace after it")
      }
    }
  }

  private mutating func array() throws -> JSONValue {
    try enterContainer()
    var array: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      leaveContainer()
      return .array(array)
    }
    while true {
      array.append(try value())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","):
        offset += 1
      case UInt8(ascii: "]"):
        leaveContainer()
        return .array(array)
      case nil:
        throw error("the text ends inside an array")
      default:
        throw error("an array's element without a comma or a closing bracket after it")
      }
    }
  }

  /// Steps into an object or an array, past its opening character.
  private mutating func enterContainer() throws {
    guard depth < Self.maximumDepth else {
      throw error("objects and arrays nested more than \(Self.maximumDepth) deep")
    }
    depth += 1
    offset += 1
  }

  /// Steps out of an object or an array, past its closing character.
  private mutating func leaveContainer() {
    depth -= 1
    offset += 1
  }

  /// A number's text: `-`, an integer part without leading zeros, a fraction, an exponent.
  private mutating func number() throws -> String {
    let start = offset
    if peek() == UInt8(ascii: "-") { offset += 1 }
    if peek() == UInt8(ascii: "0") {
      offset += 1
    } else {
      try digits()
    }
    if peek() == UInt8(ascii: ".") {
      offset += 1
      try digits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      offset += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
      try digits()
    }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  /// One digit or more.
  private mutating func digits() throws {
    let start = offset
    while let byte = peek(), (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
      offset += 1
    }
    guard offset > start else { throw error("a number without a digit") }
  }

  /// A string, from its opening quote to its closing one, its escapes resolved.
  private mutating func string() throws -> String {
    let start = offset
    offset += 1
    var utf8: [UInt8] = []
    var runStart = offset
    while true {
      guard let byte = peek() else {
        offset = start
        throw error("a string without its closing quote")
      }
      switch byte {
      case UInt8(ascii: "\""):
        let string =
          utf8.isEmpty
          ? String(validating: bytes[runStart..<offset], as: UTF8.self)
          : String(validating: utf8 + bytes[runStart..<offset], as: UTF8.self)
        guard let string else {
          offset = start
          throw error("a string that is not UTF-8")
        }
        offset += 1
        return string
      case UInt8(ascii: "\\"):
        utf8.append(contentsOf: bytes[runStart..<offset])
        offset += 1
        try escape(into: &utf8)
        runStart = offset
      case ..<0x20:
        throw error("a control character in a string")
      default:
        offset += 1
      }
    }
  }

  /// The character an escape stands for, after its backslash.
  private mutating func escape(into utf8: inout [UInt8]) throws {
    guard let byte = peek() else { throw error("a string without its closing quote") }
    offset += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(byte)
    case UInt8(ascii: "b"): utf8.append(0x08)
    case UInt8(ascii: "f"): utf8.append(0x0C)
    case UInt8(ascii: "n"): utf8.append(0x0A)
    case UInt8(ascii: "r"): utf8.append(0x0D)
    case UInt8(ascii: "t"): utf8.append(0x09)
    case UInt8(ascii: "u"):
      var code = try hexQuad()
      if (0xD800..<0xDC00).contains(code) {
        // A high surrogate: its low one must follow.
        guard peek() == UInt8(ascii: "\\"), peek(at: offset + 1) == UInt8(ascii: "u") else {
          throw error("a surrogate without its pair")
        }
        offset += 2
        let low = try hexQuad()
        guard (0xDC00..<0xE000).contains(low) else { throw error("a surrogate without its pair") }
        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let scalar = Unicode.Scalar(code) else {
        throw error("a surrogate without its pair")
      }
      UTF8.encode(scalar) { utf8.append($0) }
    default:
      offset -= 1
      throw error("an unknown escape")
    }
  }

  /// The four hexadecimal digits of a `\u` escape.
  private mutating func hexQuad() throws -> UInt32 {
    var code: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek(), let digit = Self.hexDigitValue(byte) else {
        throw error("a \\u escape without four hexadecimal digits")
      }
      code = code << 4 | digit
      offset += 1
    }
    return code
  }

  private static func hexDigitValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }

  private mutating func literal(_ word: String) throws {
    guard bytes[offset...].starts(with: word.utf8) else { throw error("an unexpected character") }
    offset += word.utf8.count
  }

  private mutating func skipWhitespace() {
    while let byte = peek(),
      byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t")
        || byte == UInt8(ascii: "\r")
    {
      offset += 1
    }
  }

  private func peek() -> UInt8? {
    peek(at: offset)
  }

  private func peek(at index: Int) -> UInt8? {
    index < bytes.count ? bytes[index] : nil
  }

  private func error(_ reason: String) -> JSONSyntaxError {
    JSONSyntaxError(reason: reason, offset: offset)
  }
}
