/// A value and an id: TCA's `Identified`, for a child state that a list selects by the id of a
/// row, such as `Identified<Row.ID, Counter.State?>`, while the value loads.
///
/// It is `Identifiable`, so the effects of a child made by `ifLet` end when the parent selects
/// another id; its members read and write the value's (`selection.count` is
/// `selection.value.count`). Run the value's reducer with TCA's `action: \.self`, here `.self`:
///
/// ```swift
/// .ifLet(
///   \.selection, action: .counter,
///   then: EmptyReducer().ifLet(\.value, action: .self, then: Counter()))
/// ```
@dynamicMemberLookup
public struct Identified<ID: Hashable, Value>: Identifiable {
  /// The id.
  public let id: ID
  /// The value.
  public var value: Value

  /// Pairs `value` with `id`.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - id: Its id.
  public init(_ value: Value, id: ID) {
    self.id = id
    self.value = value
  }

  /// A property of the value, read and written as one of the pair's.
  ///
  /// - Parameter keyPath: The value's property.
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Subject {
    get { value[keyPath: keyPath] }
    set { value[keyPath: keyPath] = newValue }
  }
}

extension Identified: Equatable where Value: Equatable {}
extension Identified: Hashable where Value: Hashable {}
extension Identified: Sendable where ID: Sendable, Value: Sendable {}
