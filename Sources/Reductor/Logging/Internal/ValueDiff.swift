/// Compares two values reflected whole (``FormatLimits/none``) and lists what changed, in the
/// layout ``MirrorFormatter/diff(from:to:)`` documents.
///
/// The comparison sees every level, child and value; only the listing is held to a formatter's
/// limits: each value shown is cut as ``ValueCutter`` cuts it, a value lists at most
/// `maxChildren` changed children and one line for the rest, and once `maxValues` values are
/// shown one line counts the changes left.
struct ValueDiff {
  private let limits: FormatLimits
  private var cutter: ValueCutter
  private var lines: [String] = []
  /// Changes found so far, listed or not: a path, or a changed child left out.
  private var changeCount = 0
  /// Changes found after `maxValues` values were shown, which are not listed.
  private var leftOut = 0

  private init(limits: FormatLimits) {
    self.limits = limits
    self.cutter = ValueCutter(limits: limits)
  }

  /// The lines of the diff; empty when both values show the same.
  static func lines(
    from old: FormattedValue, to new: FormattedValue, limits: FormatLimits
  ) -> [String] {
    var diff = ValueDiff(limits: limits)
    diff.compare(old, new, path: "")
    if diff.leftOut > 0 { diff.lines.append(limits.changesCut(diff.leftOut)) }
    return diff.lines
  }

  private mutating func compare(_ old: FormattedValue, _ new: FormattedValue, path: String) {
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
      if Self.showDifferently(old, new) { block(path, removed: [old], added: [new]) }
      return
    }
    let changesBefore = changeCount
    compareLabelledChildren(old, new, path: path)
    compareUnlabelledChildren(old, new, path: path)
    if changeCount == changesBefore, Self.showDifferently(old, new) {
      block(path, removed: [old], added: [new])
    }
  }

  /// Whether two values that differ also read differently: the summary first, the whole text
  /// only when the summaries are alike.
  private static func showDifferently(_ old: FormattedValue, _ new: FormattedValue) -> Bool {
    old.summary != new.summary || old.text != new.text
  }

  /// Fields, elements and entries are matched by label; each change gets its own path, and at
  /// most `maxChildren` changed children are listed.
  private mutating func compareLabelledChildren(
    _ old: FormattedValue, _ new: FormattedValue, path: String
  ) {
    var changed = 0
    if old.children.count == new.children.count,
      zip(old.children, new.children).allSatisfy({ $0.label == $1.label })
    {
      // The common case, two values of one type: the same labels in the same order.
      for (oldChild, newChild) in zip(old.children, new.children) {
        guard let label = oldChild.label else { continue }
        compareChild(label, oldChild.value, newChild.value, of: path, changed: &changed)
      }
    } else {
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
        compareChild(label, oldValues[label], newValues[label], of: path, changed: &changed)
      }
    }
    if changed > limits.maxChildren {
      childrenCut(changed - limits.maxChildren, of: path)
    }
  }

  /// Lists the child at `label` if it changed and fewer than `maxChildren` changed children of
  /// the same value came before it; counts it in `changed` either way.
  private mutating func compareChild(
    _ label: String, _ oldValue: FormattedValue?, _ newValue: FormattedValue?,
    of path: String, changed: inout Int
  ) {
    if let oldValue, let newValue, oldValue == newValue { return }
    changed += 1
    guard changed <= limits.maxChildren else { return }
    let childPath = Self.join(path, label)
    switch (oldValue, newValue) {
    case (let oldValue?, let newValue?):
      compare(oldValue, newValue, path: childPath)
    case (let oldValue?, nil):
      block(childPath, removed: [oldValue], added: [])
    case (nil, let newValue?):
      block(childPath, removed: [], added: [newValue])
    case (nil, nil):
      break
    }
  }

  /// Set members have no label: those only in the old value are listed as removed and those
  /// only in the new one as added, under the set's path, at most `maxChildren` of them.
  private mutating func compareUnlabelledChildren(
    _ old: FormattedValue, _ new: FormattedValue, path: String
  ) {
    let oldValues = old.children.filter { $0.label == nil }.map(\.value)
    let newValues = new.children.filter { $0.label == nil }.map(\.value)
    let removed = Self.subtracting(newValues, from: oldValues)
    let added = Self.subtracting(oldValues, from: newValues)
    let changed = removed.count + added.count
    if changed == 0 { return }
    let shownRemoved = removed.prefix(limits.maxChildren)
    let shownAdded = added.prefix(limits.maxChildren - shownRemoved.count)
    if !shownRemoved.isEmpty || !shownAdded.isEmpty {
      block(path, removed: Array(shownRemoved), added: Array(shownAdded))
    }
    if changed > limits.maxChildren {
      childrenCut(changed - limits.maxChildren, of: path)
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
  /// Once `maxValues` values are shown, the change is only counted.
  private mutating func block(
    _ path: String, removed: [FormattedValue], added: [FormattedValue]
  ) {
    changeCount += 1
    guard !cutter.isFull else {
      leftOut += 1
      return
    }
    lines.append(path.isEmpty ? "self" : path)
    for value in removed {
      cutter.cut(value).appendLines(to: &lines, firstLinePrefix: "  - ", indent: "    ")
    }
    for value in added {
      cutter.cut(value).appendLines(to: &lines, firstLinePrefix: "  + ", indent: "    ")
    }
  }

  /// One line for the `count` changed children of the value at `path` that are not listed.
  private mutating func childrenCut(_ count: Int, of path: String) {
    changeCount += count
    guard !cutter.isFull else {
      leftOut += count
      return
    }
    lines.append(limits.changedChildrenCut(count, of: path.isEmpty ? "self" : path))
  }

  /// `settings` + `audio` is `settings.audio`; `items` + `[2]` is `items[2]`; `pair` + `.0` is
  /// `pair.0`.
  private static func join(_ path: String, _ label: String) -> String {
    if label.hasPrefix("[") { return (path.isEmpty ? "self" : path) + label }
    let name = label.hasPrefix(".") ? String(label.dropFirst()) : label
    return path.isEmpty ? name : path + "." + name
  }
}
