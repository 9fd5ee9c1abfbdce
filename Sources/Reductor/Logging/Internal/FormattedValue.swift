/// A value as ``MirrorFormatter`` shows it: a summary line and labelled children, either cut to
/// the formatter's limits (to be formatted) or whole, a snapshot (to be compared, and cut by
/// ``ValueCutter`` where a diff shows it).
struct FormattedValue: Equatable {
  /// How the children are keyed, which decides how two values are compared.
  enum Kind: Equatable {
    /// No children of its own: a number, a string, an enum case, `nil`, a marker.
    case leaf
    /// Stored properties of a structure or class, or the payload of an enum case.
    case fields
    /// The elements of a tuple, labelled `.0` or by name.
    case tuple
    /// The elements of an ordered collection, labelled `[index]`.
    case elements
    /// The entries of a dictionary, labelled `[key]`, sorted by key.
    case entries
    /// The members of a set, unlabelled, sorted.
    case members
  }

  /// One line under a value: `- label: value`, or `- value` when unlabelled.
  struct Child: Equatable {
    var label: String?
    var value: FormattedValue
  }

  var kind: Kind
  var summary: String
  var children: [Child] = []

  static func leaf(_ summary: String) -> FormattedValue {
    FormattedValue(kind: .leaf, summary: summary)
  }

  /// The summary, then one `  - label: value` line per child, nested two spaces per level.
  var text: String {
    var lines: [String] = []
    appendLines(to: &lines, firstLinePrefix: "", indent: "")
    return lines.joined(separator: "\n")
  }

  /// Appends the summary after `firstLinePrefix`, then the children indented under `indent`.
  func appendLines(to lines: inout [String], firstLinePrefix: String, indent: String) {
    lines.append(firstLinePrefix + summary)
    let childIndent = indent + "  "
    for child in children {
      let label = child.label.map { "\($0): " } ?? ""
      child.value.appendLines(
        to: &lines, firstLinePrefix: childIndent + "- " + label, indent: childIndent)
    }
  }

  /// The value on one line, as dictionary keys and set members are sorted and shown:
  /// `Point(x: 1, y: 2)`, `[1, 2]`, `(1, "a")`.
  var inlineText: String {
    switch kind {
    case .leaf:
      return summary
    case .fields:
      let fields = children.map { child in
        child.label.map { "\($0): \(child.value.inlineText)" } ?? child.value.inlineText
      }
      return children.isEmpty ? summary : "\(summary)(\(fields.joined(separator: ", ")))"
    case .tuple:
      return "(" + tupleElementsText + ")"
    case .elements, .members:
      return "[" + children.map(\.value.inlineText).joined(separator: ", ") + "]"
    case .entries:
      if children.isEmpty { return "[:]" }
      let entries = children.map { child in
        guard let label = child.label else { return child.value.inlineText }
        return "\(label.dropFirst().dropLast()): \(child.value.inlineText)"
      }
      return "[" + entries.joined(separator: ", ") + "]"
    }
  }

  /// Whether a tuple's elements all fit on one line: none has lines of its own or is a marker.
  var isInline: Bool {
    children.allSatisfy { $0.label != nil && $0.value.children.isEmpty }
  }

  /// A tuple's elements on one line, labels kept except the positional `.0`, `.1`.
  var tupleElementsText: String {
    children.map { child in
      guard let label = child.label, !label.hasPrefix(".") else {
        return child.value.inlineText
      }
      return "\(label): \(child.value.inlineText)"
    }
    .joined(separator: ", ")
  }
}
