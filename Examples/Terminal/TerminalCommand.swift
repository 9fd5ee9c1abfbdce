/// A line of input read as a command: its first word, and the rest of the line.
public struct TerminalCommand: Sendable, Equatable {
  /// The first word: `add` in `add fig`.
  public let name: String
  /// What follows the first space, empty when nothing does: `fig` in `add fig`.
  public let argument: String

  /// Reads `line` as a command; nil for a line with no word.
  ///
  /// - Parameter line: A line of input.
  public init?(_ line: String) {
    let words = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let name = words.first else { return nil }
    self.name = name
    argument = words.count > 1 ? words[1] : ""
  }
}
