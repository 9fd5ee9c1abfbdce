import Foundation
import Testing

@testable import ReductorRecording

/// A recording's JSON: read keeping each number's text, and written back as `JSONEncoder` wrote
/// it; text that is not JSON is refused with where and why.
@Suite struct JSONValueTests {
  /// What `JSONEncoder` writes, keys sorted and `/` unescaped, for `value`.
  func encoded(_ value: some Encodable) throws -> Data {
    try RecordingCoding.makeEncoder().encode(value)
  }

  @Test func whatJSONEncoderWritesIsWrittenBackByteForByte() throws {
    let texts = [
      try encoded([Int.min, Int.max, 0, -1]),
      try encoded([UInt64.max]),
      try encoded([-0.0, 0.1, 1e-7, 1e21, .leastNonzeroMagnitude, .greatestFiniteMagnitude]),
      try encoded([Float.leastNonzeroMagnitude, .greatestFiniteMagnitude]),
      try encoded([Decimal(string: "-3.1415926535897932384626433832795028841")!]),
      try encoded(["\u{0}\u{1}\u{8}\t\n\u{b}\u{c}\r\u{1f}\u{7f} \"\\/ é 😀 \u{2028}"]),
      try encoded(["b": [1], "a": [2], "B": [3], "a10": [4], "a9": [5], "_0": [6], "é": [7]]),
      try encoded([[String: Bool?]]([["yes": true, "no": false, "none": nil], [:]])),
    ]
    for text in texts {
      #expect(try JSONValue(parsing: text).jsonData == text)
    }
  }

  @Test func numbersAreKeptAsTheirText() throws {
    #expect(
      try JSONValue(parsing: Data("[-0, 5e-324, 1E+2, 18446744073709551615]".utf8))
        == .array([
          .number("-0"), .number("5e-324"), .number("1E+2"), .number("18446744073709551615"),
        ])
    )
  }

  @Test func escapesAreRead() throws {
    #expect(
      try JSONValue(parsing: Data(#""\ud83d\ude00 \u00e9\/\b\f\n\r\t\"\\""#.utf8))
        == .string("😀 é/\u{8}\u{c}\n\r\t\"\\"))
  }

  @Test(arguments: [
    ("", "not valid JSON: the text ends where a value should be at byte 1"),
    ("[1,", "not valid JSON: the text ends where a value should be at byte 4"),
    (
      "[1 2]",
      "not valid JSON: an array's element without a comma or a closing bracket after it at byte 4"
    ),
    (#"{"a":1"#, "not valid JSON: the text ends inside an object at byte 7"),
    ("{1:2}", "not valid JSON: a key that is not a string at byte 2"),
    (#"{"a" 1}"#, "not valid JSON: a key without a colon after it at byte 6"),
    (#""abc"#, "not valid JSON: a string without its closing quote at byte 1"),
    ("\"a\u{1}\"", "not valid JSON: a control character in a string at byte 3"),
    (#""\x""#, "not valid JSON: an unknown escape at byte 3"),
    (#""\u12""#, #"not valid JSON: a \u escape without four hexadecimal digits at byte 6"#),
    (#""\ud83d""#, "not valid JSON: a surrogate without its pair at byte 8"),
    (#""\ude00""#, "not valid JSON: a surrogate without its pair at byte 8"),
    ("01", "not valid JSON: more text after the value at byte 2"),
    ("-", "not valid JSON: a number without a digit at byte 2"),
    ("1.", "not valid JSON: a number without a digit at byte 3"),
    ("1e+", "not valid JSON: a number without a digit at byte 4"),
    ("tru", "not valid JSON: an unexpected character at byte 1"),
    ("nan", "not valid JSON: an unexpected character at byte 1"),
    ("[1] x", "not valid JSON: more text after the value at byte 5"),
  ])
  func textThatIsNotJSONIsRefusedWithWhereAndWhy(text: String, reason: String) {
    let error = #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: Data(text.utf8)) }
    #expect(error?.description == reason)
  }

  @Test func bytesThatAreNotUTF8AreRefused() {
    let text = Data([UInt8(ascii: "\""), 0xFF, UInt8(ascii: "\"")])
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: text) }
  }

  /// Nested as deep as `JSONDecoder` reads, and no deeper: hostile text cannot exhaust the stack.
  @Test func valuesNestedTooDeepAreRefused() throws {
    let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
    #expect(throws: Never.self) { try JSONValue(parsing: Data(deepest.utf8)) }
    let tooDeep = String(repeating: "[", count: 100_000)
    #expect(throws: JSONSyntaxError.self) { try JSONValue(parsing: Data(tooDeep.utf8)) }
  }
}
