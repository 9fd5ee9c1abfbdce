/// Readable type names for log entries: module prefixes dropped, the standard library's arrays,
/// dictionaries and optionals written with their sugar.
///
/// `Swift.Dictionary<Swift.String, MyApp.Item>` reads `[String: Item]`,
/// `MyApp.Outer<Swift.Int>.Inner` reads `Outer<Int>.Inner`.
@usableFromInline
enum TypeName: Sendable {
  /// The readable name of `type`.
  @usableFromInline
  static func of(_ type: Any.Type) -> String {
    readable(String(reflecting: type))
  }

  /// Rewrites a fully qualified name, as `String(reflecting:)` spells it, into a readable one.
  static func readable(_ qualified: String) -> String {
    var parser = Parser(Array(removingAnonymousContexts(from: qualified)))
    return parser.parse(until: [])
  }

  /// The module a fully qualified name starts with, such as `Swift` or `Foundation`.
  static func module(of type: Any.Type) -> Substring {
    let qualified = String(reflecting: type)
    return qualified.prefix { $0 != "." && $0 != "<" && $0 != "(" }
  }

  /// Drops the `(unknown context at $1234).` and `(Name in _ABCD).` segments that private and
  /// local types have, keeping the name they wrap, if any.
  private static func removingAnonymousContexts(from name: String) -> String {
    let marker = Array("(unknown context at ")
    let characters = Array(name)
    var result = ""
    var index = 0
    while index < characters.count {
      if characters[index] == "(", characters[index...].starts(with: marker),
        let close = characters[index...].firstIndex(of: ")")
      {
        index = close + 1
        if index < characters.count, characters[index] == "." { index += 1 }
        continue
      }
      result.append(characters[index])
      index += 1
    }
    return result
  }

  private struct Parser {
    let characters: [Character]
    var index = 0

    init(_ characters: [Character]) {
      self.characters = characters
    }

    /// Reads until one of `terminators` outside any brackets, or the end; leaves the terminator.
    mutating func parse(until terminators: Set<Character>) -> String {
      var output = ""
      while index < characters.count {
        let character = characters[index]
        if terminators.contains(character) { break }
        switch character {
        case "-" where next == ">":
          output += "->"
          index += 2
        case "(":
          index += 1
          output += "(" + parse(until: [")"]) + ")"
          index += 1
        case "<":
          index += 1
          output += "<" + parse(until: [">"]) + ">"
          index += 1
        case _ where Self.startsIdentifier(character):
          // After a `.` (as in `Outer<Int>.Inner`) the name is a member, not a module.
          output += previous == "." ? identifier() : chain()
        default:
          output.append(character)
          index += 1
        }
      }
      return output
    }

    private var next: Character? {
      index + 1 < characters.count ? characters[index + 1] : nil
    }

    private var previous: Character? {
      index > 0 ? characters[index - 1] : nil
    }

    /// Reads `Module.Name.Nested`, dropping the module, and sugars `Swift.Array<T>`,
    /// `Swift.Dictionary<K, V>` and `Swift.Optional<T>`.
    private mutating func chain() -> String {
      let first = identifier()
      guard index + 1 < characters.count, characters[index] == ".",
        Self.startsIdentifier(characters[index + 1])
      else { return first }
      index += 1
      var rest = identifier()
      while index + 1 < characters.count, characters[index] == ".",
        Self.startsIdentifier(characters[index + 1])
      {
        index += 1
        rest += "." + identifier()
      }
      guard first == "Swift", index < characters.count, characters[index] == "<",
        ["Array", "Dictionary", "Optional"].contains(rest)
      else { return rest }
      index += 1
      var arguments: [String] = []
      while index < characters.count {
        arguments.append(String(parse(until: [",", ">"]).drop { $0 == " " }))
        let separator = characters[index]
        index += 1
        if separator == ">" { break }
      }
      switch (rest, arguments.count) {
      case ("Array", 1): return "[\(arguments[0])]"
      case ("Dictionary", 2): return "[\(arguments[0]): \(arguments[1])]"
      case ("Optional", 1):
        let wrapped = arguments[0]
        let needsParentheses =
          wrapped.contains("->") || wrapped.contains(" & ") || wrapped.hasPrefix("any ")
        return needsParentheses ? "(\(wrapped))?" : "\(wrapped)?"
      default: return "\(rest)<\(arguments.joined(separator: ", "))>"
      }
    }

    private mutating func identifier() -> String {
      var name = ""
      while index < characters.count, Self.continuesIdentifier(characters[index]) {
        name.append(characters[index])
        index += 1
      }
      return name
    }

    private static func startsIdentifier(_ character: Character) -> Bool {
      character.isLetter || character == "_" || character == "$"
    }

    private static func continuesIdentifier(_ character: Character) -> Bool {
      startsIdentifier(character) || character.isNumber
    }
  }
}
