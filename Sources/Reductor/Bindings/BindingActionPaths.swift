/// The root of a key path that names a field's binding action, for TCA's nested send:
/// `store.send(\.binding.query, "swift")` sends `.binding(.set(\.query, "swift"))`.
///
/// The path is the `binding` case, then the field: ``binding`` is the case, and
/// ``BindingFieldPaths`` turns the field's name into its key path.
public struct BindingActionPaths<State>: Sendable {
  /// The fields of the `binding` case.
  public var binding: BindingFieldPaths<State> {
    BindingFieldPaths()
  }

  /// Creates the root of the paths; TCA's nested `send` and the test store make it.
  public init() {}
}

/// The fields of a state, each as the key path a binding action sets: the second part of
/// `\.binding.query`.
@dynamicMemberLookup
public struct BindingFieldPaths<State>: Sendable {
  /// The key path of the field.
  ///
  /// - Parameter keyPath: The field.
  public subscript<Value>(
    dynamicMember keyPath: any WritableKeyPath<State, Value> & Sendable
  ) -> any WritableKeyPath<State, Value> & Sendable {
    keyPath
  }
}

extension Store where Action: BindableAction, Action.State == State {
  /// Sends the binding action that sets a field, named by its path: TCA's
  /// `store.send(\.binding.query, "swift")`, the same as
  /// `store.send(.binding(.set(\.query, "swift")))`.
  ///
  /// - Parameters:
  ///   - field: `\.binding.` and the field.
  ///   - value: The field's new value.
  /// - Returns: A handle on the effects the action started; see ``StoreTask``.
  @discardableResult
  public func send<Value: Equatable & Sendable>(
    _ field: KeyPath<BindingActionPaths<State>, any WritableKeyPath<State, Value> & Sendable>,
    _ value: Value
  ) -> StoreTask {
    send(.binding(.set(BindingActionPaths()[keyPath: field], value)))
  }
}
