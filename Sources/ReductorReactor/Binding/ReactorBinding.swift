/// A value a two-way control reads and writes, kept by a reactor: reading gives the state's
/// value, writing sends an action.
///
/// ``Reactor/bind(_:action:)`` makes one. The name differs from SwiftUI's `Binding`, so both can
/// be imported; on Apple platforms, `Binding(get: { binding.value }, set: { binding.value = $0 })`
/// makes a SwiftUI binding of it.
@MainActor
public struct ReactorBinding<Value> {
  private let get: @MainActor () -> Value
  private let set: @MainActor (Value) -> Void

  /// Creates a binding from its two halves.
  ///
  /// - Parameters:
  ///   - get: Reads the value.
  ///   - set: Handles a new value.
  public init(get: @escaping @MainActor () -> Value, set: @escaping @MainActor (Value) -> Void) {
    self.get = get
    self.set = set
  }

  /// The state's value; setting it sends the binding's action, and the reducer decides.
  public var value: Value {
    get { get() }
    nonmutating set { set(newValue) }
  }
}

extension Reactor {
  /// A binding of a property of the state to an action: reading it reads the state, setting it
  /// sends `action` with the new value, so a two-way control stays driven by the reducer.
  ///
  /// ```swift
  /// let query = viewModel.bind(\.query, action: SearchViewModel.Action.queryChanged)
  /// query.value = "swift"  // sends .queryChanged("swift")
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state.
  ///   - action: Makes the action for a new value.
  /// - Returns: The binding; it keeps the reactor alive.
  public func bind<Value>(
    _ keyPath: KeyPath<State, Value>, action: @escaping (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      get: { self.state[keyPath: keyPath] },
      set: { self.send(action: action($0)) })
  }
}
