/// A reducer that runs `child` on an optional child state, while it is there, before the
/// parent; see ``Reducer/ifLet(_:action:then:)-2pwhj``.
public struct IfLetReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let state: WritableKeyPath<Parent.State, Child.State?>
  let action: ActionCase<Parent.Action, Child.Action>
  let child: Child
  /// The identity of a child, when its state is `Identifiable`: a child replaced by another
  /// loses its effects too.
  let identity: ((Child.State) -> AnyHashable)?

  /// Applies `action`: the child's action to the child (reported if the child is nil), then
  /// every action to the parent; cancels the child's effects when the child went.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let before = state[keyPath: self.state].map(childKey)
    var childEffect = Effect<Parent.Action>.none
    if let childAction = self.action.extract(action) {
      if state[keyPath: self.state] != nil, let before {
        childEffect = child.reduce(into: &state[keyPath: self.state]!, action: childAction)
          .map(self.action.embed).scoped(in: before)
      } else {
        childEffect = .reportingMissingChild(of: action, "its optional child state is nil")
      }
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    guard let before, state[keyPath: self.state].map(childKey) != before else {
      return .combining(childEffect, parentEffect)
    }
    // The child went (or is another one): its effects go with it, those just started included.
    return .combining(.cancelScope(before), parentEffect)
  }

  private func childKey(_ child: Child.State) -> ChildScope {
    ChildScope(path: state, id: identity?(child))
  }
}

/// A reducer that runs `element` on the element of an identified collection an action names,
/// before the parent; see ``Reducer/forEach(_:action:element:)``.
public struct ForEachReducer<Parent: Reducer, ID: Hashable & Sendable, Element: Reducer>: Reducer
where Element.State: Identifiable, Element.State.ID == ID {
  @usableFromInline let parent: Parent
  @usableFromInline let state: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>
  @usableFromInline let action: ActionCase<Parent.Action, (ID, Element.Action)>
  @usableFromInline let element: Element

  @usableFromInline
  init(
    parent: Parent, state: WritableKeyPath<Parent.State, IdentifiedArray<ID, Element.State>>,
    action: ActionCase<Parent.Action, (ID, Element.Action)>, element: Element
  ) {
    self.parent = parent
    self.state = state
    self.action = action
    self.element = element
  }

  /// Applies `action`: a row's action to its row (reported if no row has the id), then every
  /// action to the parent; cancels the effects of the rows that went.
  ///
  /// Inlinable, so that it runs specialized for the feature's types: a row's action costs a
  /// lookup by id and the row's reducer, with ten rows or ten thousand.
  @inlinable
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    var elementEffect = Effect<Parent.Action>.none
    if let (id, elementAction) = self.action.extract(action) {
      elementEffect = reduceElement(id, elementAction, in: &state[keyPath: self.state], of: action)
    }
    // The array logs the ids it loses while the parent reduces: no copy of anything, and a cost
    // in the number of rows removed.
    state[keyPath: self.state].removalLog = []
    let parentEffect = parent.reduce(into: &state, action: action)
    let removed = state[keyPath: self.state].removalLog
    state[keyPath: self.state].removalLog = nil
    if let removed, removed.isEmpty { return .combining(elementEffect, parentEffect) }
    return .combining(
      cancellation(removed: removed, rows: state[keyPath: self.state]),
      .combining(elementEffect, parentEffect))
  }

  /// Reduces the row `id`'s action in place, and scopes its effect to the row.
  @inlinable
  func reduceElement(
    _ id: ID, _ elementAction: Element.Action, in rows: inout IdentifiedArray<ID, Element.State>,
    of action: Parent.Action
  ) -> Effect<Parent.Action> {
    guard let position = rows.index(id: id) else {
      return .reportingMissingChild(of: action, "no element of its collection has the id \(id)")
    }
    let effect = element.reduce(into: &rows.elements[position], action: elementAction)
    if rows.elements[position].id != id { rows.reindex(at: position, from: id) }
    if effect.isNone { return .none }
    let embed = self.action.embed
    return effect.map { embed((id, $0)) }.scoped(in: ChildScope(path: self.state, id: id))
  }

  /// The cancellation of the effects of the rows `removed` names; or, for an array the parent
  /// replaced (which has no log), of the rows not in `rows`, found by the effects' keys.
  @usableFromInline
  func cancellation(
    removed: [ID]?, rows: IdentifiedArray<ID, Element.State>
  ) -> Effect<
    Parent.Action
  > {
    if let removed {
      return .merge(removed.map { .cancelScope(ChildScope(path: state, id: $0)) })
    }
    let positions = rows.positions
    // A key path is immutable.
    nonisolated(unsafe) let path = state as AnyKeyPath
    return .cancelScopes { key in
      guard let scope = key.scopedKey?.scope.childScope, scope.path == path,
        let id = scope.id?.base as? ID
      else { return false }
      return positions[id] == nil
    }
  }
}

extension Reducer {
  /// This reducer with `child` run on the optional child state at `state`, for the child's
  /// actions `action` carries, before this one sees them (so it can react to the child's final
  /// state).
  ///
  /// ```swift
  /// TodosFeature().ifLet(\.detail, action: .detail, then: DetailFeature())
  /// ```
  ///
  /// The child's effects end with the child: when this reducer sets the state to nil, or (for
  /// an `Identifiable` child state) to a child of another id, they are cancelled, and only those.
  /// A child action while the state is nil changes nothing and is reported, as a
  /// ``StoreDiagnostic`` of kind ``StoreDiagnostic/Kind/actionForMissingChild``.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: The child's reducer.
  /// - Returns: The combined reducer.
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: ActionCase<Action, Child.Action>,
    then child: Child
  ) -> IfLetReducer<Self, Child> {
    IfLetReducer(parent: self, state: state, action: action, child: child, identity: nil)
  }

  /// ``Reducer/ifLet(_:action:then:)-2pwhj`` for an `Identifiable` child state: a child replaced by one of
  /// another id loses its effects too.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The parent's case that carries the child's actions.
  ///   - child: The child's reducer.
  /// - Returns: The combined reducer.
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: ActionCase<Action, Child.Action>,
    then child: Child
  ) -> IfLetReducer<Self, Child> where Child.State: Identifiable {
    IfLetReducer(
      parent: self, state: state, action: action, child: child,
      identity: { AnyHashable($0.id) })
  }

  /// This reducer with `element` run on the element of the identified collection at `state`
  /// whose id a row action of `action` names, before this one sees the action.
  ///
  /// ```swift
  /// TodosFeature().forEach(\.todos, action: .todo, element: TodoFeature())
  /// ```
  ///
  /// A row's effects end with the row: when this reducer removes it, they are cancelled, and
  /// only those; two rows' effects with the same key are two. A row action for an id that is
  /// not in the collection changes nothing and is reported, as a ``StoreDiagnostic`` of kind
  /// ``StoreDiagnostic/Kind/actionForMissingChild``. Finding the row costs the same with ten
  /// rows or ten thousand.
  ///
  /// - Parameters:
  ///   - state: The collection of element states.
  ///   - action: The parent's case that carries a row's id and action.
  ///   - element: The reducer of one element.
  /// - Returns: The combined reducer.
  public func forEach<ID: Hashable & Sendable, Element: Reducer>(
    _ state: WritableKeyPath<State, IdentifiedArray<ID, Element.State>>,
    action: ActionCase<Action, (ID, Element.Action)>,
    element: Element
  ) -> ForEachReducer<Self, ID, Element> where Element.State: Identifiable, Element.State.ID == ID {
    ForEachReducer(parent: self, state: state, action: action, element: element)
  }
}

/// The namespace of one child's effects: where its state is, and its id when it has one.
/// `@unchecked Sendable`: a key path is immutable, and the id is a `Sendable` value's.
@usableFromInline
struct ChildScope: Hashable, @unchecked Sendable {
  @usableFromInline let path: AnyKeyPath
  @usableFromInline let id: AnyHashable?

  @usableFromInline
  init(path: AnyKeyPath, id: AnyHashable?) {
    self.path = path
    self.id = id
  }
}

extension EffectKey {
  /// The child the key names, if it is a child's key.
  var childScope: ChildScope? {
    base as? ChildScope
  }
}

extension Effect {
  /// An effect that reports an action for a child that is not there, through the store's
  /// ``ReducerStore/diagnosticHandler``: a reducer reaches the store only through its effects.
  @usableFromInline
  static func reportingMissingChild(of action: Action, _ reason: String) -> Effect {
    let diagnostic = StoreDiagnostic(
      kind: .actionForMissingChild,
      message: "The action \(action) was sent to a child that is not there: \(reason). It "
        + "changed nothing.",
      error: nil, fileID: "", line: 0)
    return doing { runner in runner.send.report(diagnostic) }
  }

  /// The two effects, merged, leaving out a `.none`: one effect alone is itself.
  @inlinable
  static func combining(_ first: Effect, _ second: Effect) -> Effect {
    if first.isNone { return second }
    if second.isNone { return first }
    return .merge([first, second])
  }
}

/// Holds key paths and reducers that need not be `Sendable`; a reducer runs on its store's
/// actor.
@available(*, unavailable)
extension IfLetReducer: Sendable {}

@available(*, unavailable)
extension ForEachReducer: Sendable {}
