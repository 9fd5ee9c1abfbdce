/// The cases an action must be in, written as a key path of case names: TCA's case key paths,
/// without macros. `\.searchResponse.success` matches `.searchResponse(.success(…))` whatever the
/// payload; `\.searchResponse` matches every `.searchResponse(…)`.
///
/// ```swift
/// await store.receive(\.searchResponse.success) { $0.results = ["rust", "ruby"] }
/// ```
///
/// No declaration is needed: each name is looked up when an action is matched, by reflection
/// (`Mirror`), as the case's name, or as a field of the payload, so a case with a labelled
/// payload, `.row(id: 1, action: .delete)`, matches `\.row.action.delete`. A name that no case
/// has matches nothing, and the failure names the action that was received instead. An enum
/// that customizes its reflection (`CustomReflectable`) is matched as its mirror shows it, and a
/// case without a payload by its description.
@dynamicMemberLookup
public struct CasePattern<Action>: Sendable {
  /// The names, outermost first.
  let names: [String]

  init(names: [String] = []) {
    self.names = names
  }

  /// The pattern followed by one more name.
  ///
  /// - Parameter name: The case, or the payload's field, the action must have there.
  public subscript(dynamicMember name: String) -> CasePattern<Action> {
    CasePattern(names: names + [name])
  }

  /// The pattern a key path of names writes.
  static func from(_ keyPath: KeyPath<CasePattern, CasePattern>) -> CasePattern {
    CasePattern()[keyPath: keyPath]
  }

  /// The pattern as the test wrote it: `\.searchResponse.success`.
  var description: String {
    "\\." + names.joined(separator: ".")
  }

  /// Whether `action` is in the cases the names give, outermost first.
  func matches(_ action: Action) -> Bool {
    payload(of: action) != nil
  }

  /// What `action` carries at the end of the names, or `nil` if it is not in those cases.
  func payload(of action: Action) -> Any? {
    var value: Any = action
    for name in names {
      guard let next = Self.part(of: value, named: name) else { return nil }
      value = next
    }
    return value
  }

  /// The payload of `value`'s case if it is `name`, or its field `name`; `nil` if neither.
  private static func part(of value: Any, named name: String) -> Any? {
    let mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum {
      guard let payload = mirror.children.first else {
        // A case without a payload: its name is its description.
        return "\(value)" == name ? () : nil
      }
      return payload.label == name ? payload.value : nil
    }
    return mirror.children.first { $0.label == name }?.value
  }
}
