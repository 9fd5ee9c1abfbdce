public import Reductor

/// The root of a key path that names an action of one row, for TCA's
/// `store.send(\.todos[id: id].binding.title, "Milk")`: the row's `ActionCase` (the one
/// `forEach` routes with), the row's id in `[id:]`, then, for a row whose action is a
/// `BindableAction`, its binding and the field.
///
/// ```swift
/// await store.send(\.todo[id: 1].binding.title, "Milk") {
///   $0.todos[id: 1]?.title = "Milk"
/// }
/// ```
///
/// `\.todo` is the `ActionCase` static member of the parent's action for its rows, found by its
/// name as `forEach(\.todos, action: .todo, element: Todo())` finds it.
@dynamicMemberLookup
public struct RowActionPaths<Action: Sendable>: Sendable {
  init() {}

  /// The rows of the case `rows`, whose actions are `(ID, RowAction)`.
  ///
  /// - Parameter rows: The `ActionCase` static member for the rows.
  public subscript<ID: Hashable & Sendable, RowAction: Sendable>(
    dynamicMember rows: KeyPath<
      ActionCase<Action, (ID, RowAction)>.Type, ActionCase<Action, (ID, RowAction)>
    >
  ) -> ActionPath<Action, (ID, RowAction)> {
    ActionPath(ActionCase<Action, (ID, RowAction)>.self[keyPath: rows].embed)
  }
}

/// The way from a value to an action: a step of a ``RowActionPaths`` key path, which makes the
/// action `send` sends from the value it is given.
@dynamicMemberLookup
public struct ActionPath<Action: Sendable, Value>: Sendable {
  /// Makes the action that carries a value.
  let embed: @Sendable (Value) -> Action

  init(_ embed: @escaping @Sendable (Value) -> Action) {
    self.embed = embed
  }

  /// The row with the id `id`: its actions, embedded in the parent's.
  ///
  /// - Parameter id: The row's id.
  public subscript<ID: Hashable & Sendable, RowAction>(
    id id: ID
  ) -> ActionPath<Action, RowAction> where Value == (ID, RowAction) {
    ActionPath<Action, RowAction> { [embed] in embed((id, $0)) }
  }

  /// The binding action that sets `field`.
  ///
  /// - Parameter field: The field of the state.
  public subscript<State, FieldValue: Equatable & Sendable>(
    dynamicMember field: any WritableKeyPath<State, FieldValue> & Sendable
  ) -> ActionPath<Action, FieldValue> where Value == BindingAction<State> {
    ActionPath<Action, FieldValue> { [embed] in embed(.set(field, $0)) }
  }
}

extension ActionPath where Value: BindableAction {
  /// The binding case of a `BindableAction`, whose fields follow.
  public var binding: ActionPath<Action, BindingAction<Value.State>> {
    ActionPath<Action, BindingAction<Value.State>> { [embed] in embed(.binding($0)) }
  }
}
