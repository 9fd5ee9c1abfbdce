/// A state field whose every assignment is an event, the same value included: what
/// ``Store/pulses(of:buffering:)`` and ``Store/observe(pulse:_:)`` deliver.
///
/// `@Observable` and ``Store/values(of:buffering:)`` report a change only when the value differs;
/// an alert shown twice with the same message needs each assignment instead. `Pulse` counts its
/// assignments (``valueUpdatedCount``, wrapping past `UInt.max`), and a store's pulse observers
/// fire once for each reduced action that assigned the field, however many times it did:
///
/// ```swift
/// struct State: Equatable {
///   @Pulse var message: String?
///   var count = 0
/// }
/// // ...
/// let messages = store.pulses(of: \.$message)
/// ```
///
/// Two pulses are equal when their values and their counts are: a state that assigned the field
/// differs from one that did not.
@propertyWrapper
public struct Pulse<Value> {
  /// The value last assigned.
  public var wrappedValue: Value {
    get { value }
    set {
      value = newValue
      valueUpdatedCount &+= 1
    }
  }

  /// The pulse itself, for key paths such as `\.$message`.
  public var projectedValue: Pulse<Value> {
    self
  }

  /// How many times the value was assigned since the pulse was made, wrapping past `UInt.max`.
  public private(set) var valueUpdatedCount: UInt = 0

  private var value: Value

  /// Creates a pulse with an initial value, which is not an assignment.
  ///
  /// - Parameter wrappedValue: The initial value.
  public init(wrappedValue: Value) {
    value = wrappedValue
  }
}

extension Pulse: Equatable where Value: Equatable {}
extension Pulse: Hashable where Value: Hashable {}
extension Pulse: Sendable where Value: Sendable {}
