/// Runs a presented child — a sheet, a navigation destination, an alert — on its optional state,
/// for the ``PresentationAction``s of a parent's case, before the parent: what `ifLet` makes
/// with such a case.
///
/// It does what `ifLet` does with a plain case (the child reduces its actions while its state is
/// there, and its effects end when the state goes), and ends the child: on `.dismiss`, sent by a
/// view or by the child's ``DismissEffect``, the parent reduces it, then the child's state is
/// cleared. A child without a reducer of its own (an ``AlertState``, a
/// ``ConfirmationDialogState``) is cleared by any action it sends: the button chosen.
public struct PresentationReducer<Parent: Reducer, Child: Reducer>: Reducer {
  let parent: Parent
  let state: WritableKeyPath<Parent.State, Child.State?>
  let action: ActionCase<Parent.Action, PresentationAction<Child.Action>>
  let child: Child
  /// Whether any action of the child ends it.
  let endsOnAnyAction: Bool

  /// Applies `action`: the child's action to the child (reported if the child is not there),
  /// then every action to the parent; clears the child on its dismissal, and cancels its effects
  /// when it went.
  ///
  /// - Parameters:
  ///   - state: The parent's state.
  ///   - action: The parent's action.
  /// - Returns: The child's and the parent's effects.
  public func reduce(into state: inout Parent.State, action: Parent.Action) -> Effect<Parent.Action>
  {
    let scope = ChildScope(path: self.state, id: nil)
    let wasPresented = state[keyPath: self.state] != nil
    var childEffect = Effect<Parent.Action>.none
    var ends = false
    switch self.action.extract(action) {
    case .presented(let childAction):
      guard wasPresented else {
        childEffect = .reportingMissingChild(of: action, "its presented state is nil")
        break
      }
      childEffect = reduceChild(childAction, in: &state).scoped(in: scope)
      ends = endsOnAnyAction
    case .dismiss:
      ends = true
    case nil:
      break
    }
    let parentEffect = parent.reduce(into: &state, action: action)
    if ends { state[keyPath: self.state] = nil }
    guard wasPresented, state[keyPath: self.state] == nil else {
      return .combining(childEffect, parentEffect)
    }
    // The child went: its effects go with it, those just started included.
    return .combining(.cancelScope(scope), parentEffect)
  }

  /// Reduces the child's action with a ``DismissEffect`` that ends this child, and gives the
  /// child's effects the same.
  private func reduceChild(
    _ childAction: Child.Action, in state: inout Parent.State
  ) -> Effect<Parent.Action> {
    let target = DismissTarget()
    var dependencies = DependencyValues.current
    dependencies.dismiss = DismissEffect(target: target)
    let effect = DependencyValues.$inForce.withValue(dependencies) {
      child.reduce(into: &state[keyPath: self.state]!, action: childAction)
    }
    let embed = self.action.embed
    let dismissal = embed(.dismiss)
    return effect.run(
      by: { runner in
        let send = runner.send
        target.deliver { send.deliverEvenIfCancelled(dismissal) }
        return runner.mapped { embed(.presented($0)) }
      },
      delivering: { embed(.presented($0)) })
  }
}

extension Reducer {
  /// This reducer with `child` presented on the optional state at `state`, for the
  /// ``PresentationAction``s of the case `action`: TCA's `ifLet` over `@Presents` state.
  ///
  /// ```swift
  /// Editor().ifLet(\.detail, action: .detail, then: Detail())
  /// ```
  ///
  /// The child reduces its actions while its state is there; on `.dismiss` (a view's, or the
  /// child's own ``DismissEffect``) this reducer reduces it, then the state is cleared; when the
  /// state becomes nil, however it does, the child's effects are cancelled. (A child replaced by
  /// another, non-nil, keeps them: set the state to nil first.)
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The parent's case that carries the child's presentation actions.
  ///   - child: The child's reducer.
  /// - Returns: The combined reducer.
  public func ifLet<Child: Reducer>(
    _ state: WritableKeyPath<State, Child.State?>,
    action: ActionCase<Action, PresentationAction<Child.Action>>,
    then child: Child
  ) -> PresentationReducer<Self, Child> {
    PresentationReducer(
      parent: self, state: state, action: action, child: child, endsOnAnyAction: false)
  }

  /// This reducer with an alert, a confirmation dialog or another child without a reducer of its
  /// own presented on the optional state at `state`: any action it sends (the button chosen) is
  /// reduced by this reducer, then the state is cleared.
  ///
  /// ```swift
  /// Editor().ifLet(\.alert, action: .alert)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The optional child state, such as an ``AlertState``.
  ///   - action: The parent's case that carries the child's presentation actions.
  /// - Returns: The combined reducer.
  public func ifLet<ChildState, ChildAction>(
    _ state: WritableKeyPath<State, ChildState?>,
    action: ActionCase<Action, PresentationAction<ChildAction>>
  ) -> PresentationReducer<Self, EmptyReducer<ChildState, ChildAction>> {
    PresentationReducer(
      parent: self, state: state, action: action, child: EmptyReducer(), endsOnAnyAction: true)
  }
}

/// Holds a key path and reducers that need not be `Sendable`; a reducer runs on its store's
/// actor.
@available(*, unavailable)
extension PresentationReducer: Sendable {}
