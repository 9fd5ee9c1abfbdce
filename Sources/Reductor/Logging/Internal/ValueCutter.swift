/// Cuts a value that was reflected whole (``FormatLimits/none``) to a formatter's limits, the
/// way the reflector cuts a value while it formats it, with the same marker lines.
///
/// One cutter shows the values of one diff: the count of values shown carries over from one
/// value to the next, so that all of them together stay within `maxValues`.
struct ValueCutter {
  private let limits: FormatLimits
  /// Values shown so far.
  private(set) var valueCount = 0
  /// Set once `maxValues` is reached within the value being cut: nothing more of it is shown.
  private var isExhausted = false

  init(limits: FormatLimits) {
    self.limits = limits
  }

  /// Whether `maxValues` values are shown already.
  var isFull: Bool {
    valueCount >= limits.maxValues
  }

  /// `value` cut to the limits, as the root of its own lines: its levels are counted from it,
  /// and it is shown (it counts as one value) even when the values are used up, so that each
  /// value line has at least its first line; its children then end with a marker.
  mutating func cut(_ value: FormattedValue) -> FormattedValue {
    valueCount += 1
    isExhausted = false
    return node(value, depth: 0)
  }

  private mutating func node(_ value: FormattedValue, depth: Int) -> FormattedValue {
    if value.children.isEmpty { return value }
    var result = value
    result.children = children(of: value, depth: depth)
    return result
  }

  /// The reflector's rules: the children at the last level become one depth marker; the first
  /// `maxChildren` are shown, each one value, the rest become one marker; once `maxValues`
  /// values are shown, one marker ends the value.
  private mutating func children(
    of value: FormattedValue, depth: Int
  ) -> [FormattedValue.Child] {
    let total = value.children.count
    if isExhausted { return [] }
    if depth + 1 > limits.maxDepth { return [limits.depthCut(total)] }
    var result: [FormattedValue.Child] = []
    for child in value.children.prefix(limits.maxChildren) {
      if isExhausted { return result }
      if isFull {
        isExhausted = true
        result.append(limits.valuesCut)
        return result
      }
      valueCount += 1
      result.append(.init(label: child.label, value: node(child.value, depth: depth + 1)))
    }
    if !isExhausted, total > limits.maxChildren {
      result.append(limits.childrenCut(total - limits.maxChildren))
    }
    return result
  }
}
