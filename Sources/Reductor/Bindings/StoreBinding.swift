/// A value a view reads from a store and writes back by sending an action: what a SwiftUI
/// `Binding` or a text field's handler is made from (`Binding(get: { binding.value }, set: {
/// binding.value = $0 })`).
///
/// ```swift
/// let query = store.binding(\.query)
/// query.value = "swift"  // sends .binding(.set(\.query, "swift"))
/// ```
@MainActor
public struct StoreBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// A binding that reads with `get` and writes with `set`.
  ///
  /// - Parameters:
  ///   - get: Reads the value.
  ///   - set: Writes a new value, by sending an action.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The value: reading reads the state; assigning sends the action.
  public var value: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension Store {
  /// A binding of the field at `keyPath` that sends `action` with each new value.
  ///
  /// ```swift
  /// let count = store.binding(\.count, send: { .setCount($0) })
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The field.
  ///   - action: The action that sets it to a value.
  /// - Returns: The binding.
  public func binding<Value>(
    _ keyPath: KeyPath<State, Value>, send action: @escaping (Value) -> Action
  ) -> StoreBinding<Value> {
    StoreBinding(get: { self.state[keyPath: keyPath] }, set: { self.send(action($0)) })
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// A binding of the field at `keyPath` that sends `.binding(.set(keyPath, value))` with each
  /// new value, which a ``BindingReducer`` applies: TCA's `$store.query`.
  ///
  /// - Parameter keyPath: The field.
  /// - Returns: The binding.
  public func binding<Value: Equatable & Sendable>(
    _ keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> StoreBinding<Value> {
    binding(keyPath, send: { .binding(.set(keyPath, $0)) })
  }
}

/// Holds main-actor closures; it stays on the main actor.
@available(*, unavailable)
extension StoreBinding: Sendable {}
