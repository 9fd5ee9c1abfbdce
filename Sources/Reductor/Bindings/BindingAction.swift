/// An action that sets one field of the state to a value: TCA's `BindingAction`, what a view's
/// binding sends when the user edits a field, and what a test sends to do the same.
///
/// ```swift
/// await store.send(.binding(.set(\.query, "swift"))) { $0.query = "swift" }
/// ```
///
/// A feature's action carries it in a `binding` case (see ``BindableAction``), and a
/// ``BindingReducer`` in the feature's body applies it. Two binding actions are equal when they
/// set the same field to equal values.
///
/// A binding action encodes and decodes when its state names its fields (see
/// ``NamedBindingFields``), as a recorded session needs.
public struct BindingAction<Root>: Sendable {
  /// The field, as a key path that is `Hashable` and `Sendable`.
  let keyPath: any Hashable & Sendable
  /// The value, for equality, descriptions and encoding.
  let value: any Sendable
  private let valueEquals: @Sendable (any Sendable) -> Bool
  private let write: @Sendable (inout Root) -> Void

  /// The action that sets the field at `keyPath` to `value`.
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - value: Its new value.
  /// - Returns: The action.
  public static func set<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<Root, Value> & Sendable, _ value: Value
  ) -> BindingAction {
    BindingAction(
      keyPath: keyPath, value: value, valueEquals: { ($0 as? Value) == value },
      write: { $0[keyPath: keyPath] = value })
  }

  /// Sets the field in `root`.
  ///
  /// - Parameter root: The state whose field changes.
  public func apply(to root: inout Root) {
    write(&root)
  }
}

extension BindingAction: Equatable {
  /// Whether both set the same field to equal values.
  public static func == (lhs: BindingAction, rhs: BindingAction) -> Bool {
    AnyHashable(lhs.keyPath) == AnyHashable(rhs.keyPath) && lhs.valueEquals(rhs.value)
  }
}

extension BindingAction: CustomStringConvertible {
  /// The field and the value: `set(\State.query, "swift")`.
  public var description: String {
    var value = ""
    debugPrint(self.value, terminator: "", to: &value)
    return "set(\(keyPath), \(value))"
  }
}

/// An action with a case that carries a ``BindingAction`` of the feature's state: TCA's
/// `BindableAction`.
///
/// ```swift
/// enum Action: BindableAction {
///   case binding(BindingAction<State>)
///   case search
/// }
/// ```
///
/// The case is the `binding(_:)` requirement. ``binding-swift.property`` finds a binding action
/// in an action by reflection (the payload of a case named `binding`); an enum on a hot path can
/// implement it with a `switch` to save that.
public protocol BindableAction: Sendable {
  /// The state whose fields the binding actions set.
  associatedtype State

  /// The action that carries `action`: the enum's `binding` case.
  ///
  /// - Parameter action: The binding action.
  /// - Returns: The action.
  static func binding(_ action: BindingAction<State>) -> Self

  /// The binding action this action carries, if it is the `binding` case.
  var binding: BindingAction<State>? { get }
}

extension BindableAction {
  /// The payload of the case named `binding`, found by reflection; `nil` for another case.
  public var binding: BindingAction<State>? {
    guard let child = Mirror(reflecting: self).children.first, child.label == "binding" else {
      return nil
    }
    return child.value as? BindingAction<State>
  }
}

/// Applies the ``BindingAction``s of a ``BindableAction``: TCA's `BindingReducer`. Put it in the
/// body before the reducer that reacts to the fields it sets:
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   BindingReducer()
///   Reduce { state, action in
///     // ...
///     return .none
///   }
/// }
/// ```
public struct BindingReducer<State, Action: BindableAction>: Reducer, Sendable
where Action.State == State {
  /// Creates the reducer.
  public init() {}

  /// Sets the field a binding action names; changes nothing for another action.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: ``Effect/none``.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    action.binding?.apply(to: &state)
    return .none
  }
}

extension BindingAction {
  /// Whether `action` sets the field at `keyPath`: TCA's `case .binding(\.query):` in a switch.
  ///
  /// ```swift
  /// case .binding(\.query):
  ///   return Effect.send(.applyFilter).debounced(for: TodosFeature.filterDelay, key: "filter")
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: The binding action.
  /// - Returns: Whether the action sets that field.
  public static func ~= <Value>(
    keyPath: WritableKeyPath<Root, Value>, action: BindingAction
  )
    -> Bool
  {
    AnyHashable(keyPath) == AnyHashable(action.keyPath)
  }
}
