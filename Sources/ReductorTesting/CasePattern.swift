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
///
/// A row's action, a case with an `id` and an `action` as `forEach` routes them, is matched by
/// its id with TCA's `[id:]` step: `\.row[id: 1].delete` matches `.row(id: 1, action: .delete)`
/// and no other row's.
@dynamicMemberLookup
public struct CasePattern<Action>: Sendable {
  /// One step of a pattern.
  enum Step: Sendable {
    /// The case, or the payload's field, with this name.
    case name(String)
    /// A row whose `id` is this one; the steps after it match its `action`.
    case row(id: any Hashable & Sendable)
  }

  /// The steps, outermost first.
  let steps: [Step]

  init(steps: [Step] = []) {
    self.steps = steps
  }

  /// The pattern followed by one more name.
  ///
  /// - Parameter name: The case, or the payload's field, the action must have there.
  public subscript(dynamicMember name: String) -> CasePattern<Action> {
    CasePattern(steps: steps + [.name(name)])
  }

  /// The pattern followed by a row's step: TCA's `[id:]`, as in
  /// `\.episodes[id: 42].favorite.response.success`.
  ///
  /// What the pattern reached must carry an `id` equal to `id` and an `action`, as a `forEach`
  /// case `episodes(id: Episode.ID, action: Episode.Action)` does; the names after the step match
  /// that `action`.
  ///
  /// - Parameter id: The row's id.
  public subscript<ID: Hashable & Sendable>(id id: ID) -> CasePattern<Action> {
    CasePattern(steps: steps + [.row(id: id)])
  }

  /// The pattern a key path of steps writes.
  static func from(_ keyPath: KeyPath<CasePattern, CasePattern>) -> CasePattern {
    CasePattern()[keyPath: keyPath]
  }

  /// The pattern as the test wrote it: `\.searchResponse.success`, `\.row[id: 1].delete`.
  var description: String {
    steps.reduce("\\") { text, step in
      switch step {
      case .name(let name): "\(text).\(name)"
      case .row(let id): "\(text)[id: \(String(reflecting: id))]"
      }
    }
  }

  /// Whether `action` is in the cases the steps give, outermost first.
  func matches(_ action: Action) -> Bool {
    payload(of: action) != nil
  }

  /// What `action` carries at the end of the steps, or `nil` if it is not in those cases.
  func payload(of action: Action) -> Any? {
    var value: Any = action
    for step in steps {
      let next =
        switch step {
        case .name(let name): Self.part(of: value, named: name)
        case .row(let id): Self.rowAction(of: value, id: id)
        }
      guard let next else { return nil }
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

  /// The `action` of `value`, a row's id and action (or a case that carries them), if its `id`
  /// is `id`; `nil` otherwise.
  private static func rowAction(of value: Any, id: any Hashable & Sendable) -> Any? {
    var mirror = Mirror(reflecting: value)
    if mirror.displayStyle == .enum, let payload = mirror.children.first {
      mirror = Mirror(reflecting: payload.value)
    }
    let fields = Dictionary(
      mirror.children.compactMap { child in child.label.map { ($0, child.value) } },
      uniquingKeysWith: { first, _ in first })
    guard let rowID = fields["id"] as? AnyHashable, rowID == AnyHashable(id) else { return nil }
    return fields["action"]
  }
}
