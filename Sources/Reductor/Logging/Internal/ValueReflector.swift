/// Walks a value with `Mirror` and builds its ``FormattedValue``, enforcing a formatter's limits
/// and marking what they cut. One reflector formats one value (one log entry).
///
/// With ``FormatLimits/none`` it reflects the whole value, as diffs compare it: every level,
/// child and value, a class instance met again on its own path still shown as a cycle.
struct ValueReflector {
  private let limits: FormatLimits
  /// Values shown so far, the root included.
  private var valueCount = 0
  /// Set once `maxValues` is reached: nothing more is shown.
  private var isExhausted = false
  /// The class instances on the path from the root to the value being reflected.
  private var path: [ObjectIdentifier] = []

  /// Modules whose structures and classes print their `description` instead of their stored
  /// properties (`Duration`, `Range`, `Date`, `URL`).
  private static let describedModules: Set<Substring> = [
    "Swift", "_Concurrency", "Foundation", "FoundationEssentials",
  ]

  init(limits: FormatLimits) {
    self.limits = limits
  }

  /// Reflects `value` as the root of one formatted entry.
  mutating func reflect(_ value: Any) -> FormattedValue {
    valueCount = 1
    isExhausted = false
    path = []
    return node(value, depth: 0)
  }

  // MARK: - Values

  private mutating func node(_ value: Any, depth: Int) -> FormattedValue {
    switch value {
    case let string as String: return .leaf(String(reflecting: string))
    case let substring as Substring: return .leaf(String(reflecting: substring))
    case let character as Character: return .leaf(String(reflecting: character))
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first?.value else { return .leaf("nil") }
      return node(wrapped, depth: depth)
    case .enum:
      return enumCase(value, mirror: mirror, depth: depth)
    case .tuple:
      let tuple = FormattedValue(
        kind: .tuple, summary: TypeName.of(type(of: value)),
        children: children(of: mirror.children, depth: depth))
      return tuple.isInline ? .leaf("(\(tuple.tupleElementsText))") : tuple
    case .collection:
      return collection(mirror, depth: depth)
    case .dictionary:
      return dictionary(mirror, depth: depth)
    case .set:
      return set(mirror, depth: depth)
    default:
      // Numbers and other values without a structure first: asking for the module spells out
      // the type's whole name, and would lead to the same line.
      if mirror.displayStyle == nil, mirror.children.isEmpty {
        return .leaf(String(describing: value))
      }
      if Self.describedModules.contains(TypeName.module(of: type(of: value))) {
        return .leaf(String(describing: value))
      }
      if mirror.displayStyle == .class {
        return instance(value, mirror: mirror, depth: depth)
      }
      return FormattedValue(
        kind: .fields, summary: TypeName.of(type(of: value)),
        children: children(of: mirror.children, depth: depth))
    }
  }

  /// `case`, `case(payload)` on one line, or `case(PayloadType)` over the payload's lines.
  private mutating func enumCase(_ value: Any, mirror: Mirror, depth: Int) -> FormattedValue {
    guard let (label, payloadValue) = mirror.children.first else {
      return .leaf(String(describing: value))
    }
    let name = label ?? String(describing: value)
    let payloadMirror = Mirror(reflecting: payloadValue)
    guard payloadMirror.displayStyle == .tuple else {
      let payload = node(payloadValue, depth: depth)
      if payload.children.isEmpty { return .leaf("\(name)(\(payload.summary))") }
      return FormattedValue(
        kind: payload.kind, summary: "\(name)(\(payload.summary))", children: payload.children)
    }
    // A tuple payload is no level of its own: inline, its elements sit on the case's line.
    let elements = children(of: payloadMirror.children, depth: depth, ignoringDepthLimit: true)
    let tuple = FormattedValue(kind: .tuple, summary: "", children: elements)
    if tuple.isInline { return .leaf("\(name)(\(tuple.tupleElementsText))") }
    let summary = name + TypeName.of(type(of: payloadValue))
    if depth + 1 > limits.maxDepth {
      return FormattedValue(
        kind: .tuple, summary: summary,
        children: [limits.depthCut(payloadMirror.children.count)])
    }
    return FormattedValue(kind: .tuple, summary: summary, children: elements)
  }

  /// A class instance: its stored properties, inherited ones first, or a cycle marker when the
  /// instance is already on the path from the root.
  private mutating func instance(_ value: Any, mirror: Mirror, depth: Int) -> FormattedValue {
    let typeName = TypeName.of(type(of: value))
    let identifier = ObjectIdentifier(value as AnyObject)
    if path.contains(identifier) { return .leaf("\(typeName) (cycle)") }
    path.append(identifier)
    defer { path.removeLast() }
    var mirrors = [mirror]
    while let superclass = mirrors.last?.superclassMirror { mirrors.append(superclass) }
    let properties = mirrors.reversed().flatMap { Array($0.children) }
    return FormattedValue(
      kind: .fields, summary: typeName, children: children(of: properties, depth: depth))
  }

  private mutating func collection(_ mirror: Mirror, depth: Int) -> FormattedValue {
    let total = mirror.children.count
    if total == 0 { return FormattedValue(kind: .elements, summary: "[]") }
    let shown = mirror.children.prefix(limits.maxChildren).enumerated().map { index, element in
      (label: "[\(index)]" as String?, value: element.value)
    }
    return FormattedValue(
      kind: .elements, summary: TypeName.of(mirror.subjectType),
      children: children(shown, total: total, depth: depth))
  }

  /// Entries labelled `[key]`, sorted by the key's text so that output is deterministic.
  private mutating func dictionary(_ mirror: Mirror, depth: Int) -> FormattedValue {
    let total = mirror.children.count
    if total == 0 { return FormattedValue(kind: .entries, summary: "[:]") }
    let entries = mirror.children.map { entry in
      let pair = Array(Mirror(reflecting: entry.value).children)
      let key = pair.first?.value ?? entry.value
      let value = pair.count > 1 ? pair[1].value : entry.value
      return (key: inlineText(of: key), value: value)
    }
    let shown = entries.sorted { $0.key < $1.key }.prefix(limits.maxChildren).map { entry in
      (label: "[\(entry.key)]" as String?, value: entry.value)
    }
    return FormattedValue(
      kind: .entries, summary: TypeName.of(mirror.subjectType),
      children: children(shown, total: total, depth: depth))
  }

  /// Unlabelled members, sorted by their text so that output is deterministic.
  private mutating func set(_ mirror: Mirror, depth: Int) -> FormattedValue {
    let total = mirror.children.count
    if total == 0 { return FormattedValue(kind: .members, summary: "[]") }
    let members = mirror.children.map { (text: inlineText(of: $0.value), value: $0.value) }
    let shown = members.sorted { $0.text < $1.text }.prefix(limits.maxChildren).map {
      (label: String?.none, value: $0.value)
    }
    return FormattedValue(
      kind: .members, summary: TypeName.of(mirror.subjectType),
      children: children(shown, total: total, depth: depth))
  }

  /// A key's or member's one-line text, reflected apart from the entry (it counts no values).
  private func inlineText(of value: Any) -> String {
    var reflector = ValueReflector(limits: limits)
    return reflector.reflect(value).inlineText
  }

  // MARK: - Children and limits

  private mutating func children(
    of mirrorChildren: some Collection<Mirror.Child>, depth: Int,
    ignoringDepthLimit: Bool = false
  ) -> [FormattedValue.Child] {
    let shown = mirrorChildren.prefix(limits.maxChildren).map { child in
      // A shared field is stored as `_name`; it shows as the property the code reads.
      if child.value is any HeldByReference, let label = child.label, label.hasPrefix("_") {
        return (label: String?.some(String(label.dropFirst())), value: child.value)
      }
      return (label: child.label, value: child.value)
    }
    return children(
      shown, total: mirrorChildren.count, depth: depth, ignoringDepthLimit: ignoringDepthLimit)
  }

  /// The children of a value at `depth`: `shown` (at most `maxChildren` of `total`) reflected
  /// one level deeper, with a marker line for each limit that cuts some.
  private mutating func children(
    _ shown: [(label: String?, value: Any)], total: Int, depth: Int,
    ignoringDepthLimit: Bool = false
  ) -> [FormattedValue.Child] {
    if total == 0 || isExhausted { return [] }
    if depth + 1 > limits.maxDepth, !ignoringDepthLimit { return [limits.depthCut(total)] }
    var result: [FormattedValue.Child] = []
    for (label, value) in shown {
      if isExhausted { return result }
      if valueCount >= limits.maxValues {
        isExhausted = true
        result.append(limits.valuesCut)
        return result
      }
      valueCount += 1
      if let label, label.hasPrefix("_$") {
        let omitted = FormattedValue.leaf("\(TypeName.of(type(of: value))) (omitted)")
        result.append(.init(label: label, value: omitted))
      } else {
        result.append(.init(label: label, value: node(value, depth: depth + 1)))
      }
    }
    if !isExhausted, total > shown.count {
      result.append(limits.childrenCut(total - shown.count))
    }
    return result
  }
}
