/// The three limits of a ``MirrorFormatter``, and the marker lines that say what each one cut.
///
/// The reflector applies them while it formats a value; the cutter applies them to a value that
/// was reflected whole; the diff applies them to what it lists.
struct FormatLimits: Sendable {
  /// Levels shown below a value.
  let maxDepth: Int
  /// Children shown under one value.
  let maxChildren: Int
  /// Values shown in one call, the root included.
  let maxValues: Int

  /// No limit at all: what a value is reflected with to be compared whole.
  static let none = FormatLimits(maxDepth: .max, maxChildren: .max, maxValues: .max)

  init(maxDepth: Int, maxChildren: Int, maxValues: Int) {
    self.maxDepth = max(0, maxDepth)
    self.maxChildren = max(0, maxChildren)
    self.maxValues = max(1, maxValues)
  }

  /// Replaces the `count` children of a value at the last level.
  func depthCut(_ count: Int) -> FormattedValue.Child {
    Self.marker("... \(Self.children(count)) cut (depth limit: \(maxDepth) levels)")
  }

  /// Replaces the `count` children of a value beyond the first `maxChildren`.
  func childrenCut(_ count: Int) -> FormattedValue.Child {
    Self.marker(
      "... \(count) more \(count == 1 ? "child" : "children") cut"
        + " (limit: \(maxChildren) children per value)")
  }

  /// Ends the output once `maxValues` values are shown.
  var valuesCut: FormattedValue.Child {
    Self.marker("... the rest is cut (limit: \(maxValues) values in total)")
  }

  /// The diff's line for the `count` changed children of the value at `path` that it does not
  /// list, beyond the first `maxChildren`.
  func changedChildrenCut(_ count: Int, of path: String) -> String {
    "... \(count) more changed \(count == 1 ? "child" : "children") of \(path) cut"
      + " (limit: \(maxChildren) children per value)"
  }

  /// The diff's last line when it stopped listing changes at `maxValues` values shown.
  func changesCut(_ count: Int) -> String {
    "... \(count) more \(count == 1 ? "change" : "changes") cut"
      + " (limit: \(maxValues) values in total)"
  }

  /// "1 child", "2 children".
  private static func children(_ count: Int) -> String {
    "\(count) \(count == 1 ? "child" : "children")"
  }

  private static func marker(_ text: String) -> FormattedValue.Child {
    .init(label: nil, value: .leaf(text))
  }
}
