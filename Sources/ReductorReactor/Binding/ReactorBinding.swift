public import Reductor

/// The binding a reactor's ``Reactor/bind(_:action:)`` makes: the core's `StoreBinding`, under
/// the name the reactor module has used. Reading gives the state's value, writing sends an
/// action. The name differs from SwiftUI's `Binding`, so both can be imported; on Apple
/// platforms, `Binding(get: { binding.value }, set: { binding.value = $0 })` makes a SwiftUI
/// binding of it.
public typealias ReactorBinding<Value> = StoreBinding<Value>

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
