/// A dependency read from the values in force: in a reducer, a reactor or an effect.
///
/// ```swift
/// struct FactReducer: Reducer {
///   @Dependency(\.numberFact) var numberFact
///   ...
/// }
/// ```
///
/// The value is read each time the property is: in a reduction, the values in force for it; in
/// an effect, the ones in force when its reducer ran.
@propertyWrapper
public struct Dependency<Value: Sendable>: Sendable {
  private let read: @Sendable (DependencyValues) -> Value

  /// A dependency of ``DependencyValues``, by its property.
  ///
  /// - Parameter keyPath: The property, such as `\.numberFact`.
  public init(_ keyPath: any KeyPath<DependencyValues, Value> & Sendable) {
    read = { $0[keyPath: keyPath] }
  }

  /// A dependency by its key.
  ///
  /// - Parameter key: The key, such as `NumberFactKey.self`.
  public init<Key: DependencyKey>(_ key: Key.Type) where Key.Value == Value {
    read = { $0[key] }
  }

  /// The value in force.
  public var wrappedValue: Value {
    read(DependencyValues.current)
  }
}
