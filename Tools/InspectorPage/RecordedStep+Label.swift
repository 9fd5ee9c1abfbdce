package import ReductorRecording

extension RecordedStep<JSONValue> {
  /// The longest payload summary shown in the timeline; a longer one is cut and ends with `…`.
  static let payloadLimit = 48

  /// The action's case name: the first key of the action's JSON object (keys are sorted), the
  /// string itself for a string-encoded action, or the JSON of any other value.
  package var caseName: String {
    switch action {
    case .string(let name): name
    case .object(let fields): fields.keys.min() ?? action.jsonText
    default: action.jsonText
    }
  }

  /// The action's payload, abbreviated as Swift writes an enum case's associated values:
  /// `(42)` for `{"loaded":{"_0":42}}`, `(count: 3)` for `{"saved":{"count":3}}`, and empty for
  /// a case without values (`{"increment":{}}` or `"increment"`).
  package var payloadSummary: String {
    guard case .object(let fields) = action, let payload = fields[caseName] else { return "" }
    let summary = arguments(of: payload)
    guard summary.count > Self.payloadLimit else { return summary }
    return String(summary.prefix(Self.payloadLimit - 1)) + "…"
  }
}

/// An enum case's associated values as a parenthesised list: positional values (`_0`, `_1`, …)
/// bare, labelled ones as `label: value`; empty for an empty object.
private func arguments(of payload: JSONValue) -> String {
  guard case .object(let fields) = payload else { return "(" + abbreviated(payload) + ")" }
  if fields.isEmpty { return "" }
  let ordered = fields.sorted { argumentOrder($0.key) < argumentOrder($1.key) }
  let list = ordered.map { key, value in
    argumentOrder(key).index == nil ? "\(key): \(abbreviated(value))" : abbreviated(value)
  }
  return "(" + list.joined(separator: ", ") + ")"
}

/// A value in an enum-like short form: an object of one key that holds an object reads as a
/// case (`counter(increment)`), other values as compact JSON-like text.
private func abbreviated(_ value: JSONValue) -> String {
  switch value {
  case .object(let fields):
    if fields.count == 1, let (key, inner) = fields.first, case .object = inner {
      return key + arguments(of: inner)
    }
    let list = fields.sorted { $0.key < $1.key }.map { "\($0.key): \(abbreviated($0.value))" }
    return "{" + list.joined(separator: ", ") + "}"
  case .array(let elements):
    return "[" + elements.map(abbreviated).joined(separator: ", ") + "]"
  default:
    return value.jsonText
  }
}

/// A key's sort order among associated values: `_0`, `_1`, … by their number, then labels by
/// name.
private func argumentOrder(_ key: String) -> ArgumentOrder {
  if key.hasPrefix("_"), let index = Int(key.dropFirst()) {
    return ArgumentOrder(index: index, key: key)
  }
  return ArgumentOrder(index: nil, key: key)
}

/// The sort key of an associated value's label.
private struct ArgumentOrder: Comparable {
  /// The position of an unlabelled value (`_0` is 0), nil for a labelled one.
  var index: Int?
  /// The key itself.
  var key: String

  static func < (lhs: ArgumentOrder, rhs: ArgumentOrder) -> Bool {
    switch (lhs.index, rhs.index) {
    case (let left?, let right?): left < right
    case (.some, nil): true
    case (nil, .some): false
    case (nil, nil): lhs.key < rhs.key
    }
  }
}
