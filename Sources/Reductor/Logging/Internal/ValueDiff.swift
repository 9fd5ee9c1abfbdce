/// Compares two formatted values field by field and lists what changed, in the layout
/// ``MirrorFormatter/diff(from:to:)`` documents.
enum ValueDiff {
  /// The lines of the diff; empty when both values show the same.
  static func lines(from old: FormattedValue, to new: FormattedValue) -> [String] {
    var lines: [String] = []
    compare(old, new, path: "", into: &lines)
    return lines
  }

  private static func compare(
    _ old: FormattedValue, _ new: FormattedValue, path: String, into lines: inout [String]
  ) {
    if old == new { return }
    let comparesChildren: Bool
    switch (old.kind, new.kind) {
    case (.elements, .elements), (.entries, .entries), (.members, .members):
      comparesChildren = true
    case (.fields, .fields), (.tuple, .tuple):
      comparesChildren = old.summary == new.summary
    default:
      comparesChildren = false
    }
    guard comparesChildren else {
      if old.text != new.text { block(path, removed: [old], added: [new], into: &lines) }
      return
    }
    let lineCount = lines.count
    compareLabelledChildren(old, new, path: path, into: &lines)
    compareUnlabelledChildren(old, new, path: path, into: &lines)
    if lines.count == lineCount, old.text != new.text {
      block(path, removed: [old], added: [new], into: &lines)
    }
  }

  /// Fields, elements and entries are matched by label; each change gets its own path.
  private static func compareLabelledChildren(
    _ old: FormattedValue, _ new: FormattedValue, path: String, into lines: inout [String]
  ) {
    var oldValues: [String: FormattedValue] = [:]
    var newValues: [String: FormattedValue] = [:]
    var labels: [String] = []
    for child in old.children {
      guard let label = child.label else { continue }
      oldValues[label] = child.value
      labels.append(label)
    }
    for child in new.children {
      guard let label = child.label else { continue }
      newValues[label] = child.value
      if oldValues[label] == nil { labels.append(label) }
    }
    if old.kind == .entries {
      // Keep the dictionary's order: by the key's text, the brackets aside.
      labels.sort { $0.dropFirst().dropLast() < $1.dropFirst().dropLast() }
    }
    for label in labels {
      let childPath = join(path, label)
      switch (oldValues[label], newValues[label]) {
      case (let oldValue?, let newValue?):
        compare(oldValue, newValue, path: childPath, into: &lines)
      case (let oldValue?, nil):
        block(childPath, removed: [oldValue], added: [], into: &lines)
      case (nil, let newValue?):
        block(childPath, removed: [], added: [newValue], into: &lines)
      case (nil, nil):
        break
      }
    }
  }

  /// Set members and limit markers have no label: those only in the old value are listed as
  /// removed and those only in the new one as added, under the container's path.
  private static func compareUnlabelledChildren(
    _ old: FormattedValue, _ new: FormattedValue, path: String, into lines: inout [String]
  ) {
    let oldValues = old.children.filter { $0.label == nil }.map(\.value)
    let newValues = new.children.filter { $0.label == nil }.map(\.value)
    let removed = subtracting(newValues, from: oldValues)
    let added = subtracting(oldValues, from: newValues)
    if !removed.isEmpty || !added.isEmpty {
      block(path, removed: removed, added: added, into: &lines)
    }
  }

  /// `values` without one occurrence of each of `others`, in order.
  private static func subtracting(
    _ others: [FormattedValue], from values: [FormattedValue]
  ) -> [FormattedValue] {
    var remaining: [String: Int] = [:]
    for other in others { remaining[other.text, default: 0] += 1 }
    return values.filter { value in
      guard let count = remaining[value.text], count > 0 else { return true }
      remaining[value.text] = count - 1
      return false
    }
  }

  /// The path, then `  - old` and `  + new` lines; a value's own lines line up under its summary.
  private static func block(
    _ path: String, removed: [FormattedValue], added: [FormattedValue],
    into lines: inout [String]
  ) {
    lines.append(path.isEmpty ? "self" : path)
    for value in removed {
      value.appendLines(to: &lines, firstLinePrefix: "  - ", indent: "    ")
    }
    for value in added {
      value.appendLines(to: &lines, firstLinePrefix: "  + ", indent: "    ")
    }
  }

  /// `settings` + `audio` is `settings.audio`; `items` + `[2]` is `items[2]`; `pair` + `.0` is
  /// `pair.0`.
  private static func join(_ path: String, _ label: String) -> String {
    if label.hasPrefix("[") { return (path.isEmpty ? "self" : path) + label }
    let name = label.hasPrefix(".") ? String(label.dropFirst()) : label
    return path.isEmpty ? name : path + "." + name
  }
}
