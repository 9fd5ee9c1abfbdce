/// A state that names the fields its binding actions set, so that those actions encode and
/// decode: `set(\.query, "swift")` as `{"query":"swift"}`. A recorded session needs it.
///
/// ```swift
/// extension State: NamedBindingFields {
///   static let bindingFields: [BindingField<State>] = [
///     BindingField("query", \.query), BindingField("isDone", \.isDone),
///   ]
/// }
/// ```
///
/// Encoding a binding action of a field the list does not name, or decoding a name it does not
/// have, throws an error that names the field: a key path has no name of its own to fall back on.
public protocol NamedBindingFields {
  /// The fields binding actions set, each with the name it encodes under.
  static var bindingFields: [BindingField<Self>] { get }
}

/// A field of a ``NamedBindingFields`` state, with its name: how a ``BindingAction`` of it
/// encodes and decodes.
public struct BindingField<Root>: Sendable {
  /// The name the field encodes under.
  public let name: String
  let keyPath: any Hashable & Sendable
  let encodeValue: @Sendable (any Sendable, inout KeyedEncodingContainer<FieldName>) throws -> Void
  let decodeAction: @Sendable (KeyedDecodingContainer<FieldName>) throws -> BindingAction<Root>

  /// The field at `keyPath`, named `name`.
  ///
  /// - Parameters:
  ///   - name: The name it encodes under; each field of the list needs its own.
  ///   - keyPath: The field.
  public init<Value: Codable & Equatable & Sendable>(
    _ name: String, _ keyPath: any WritableKeyPath<Root, Value> & Sendable
  ) {
    self.name = name
    self.keyPath = keyPath
    let key = FieldName(name)
    encodeValue = { value, container in
      // An action of the same key path holds a value of the same type.
      guard let value = value as? Value else { return }
      try container.encode(value, forKey: key)
    }
    decodeAction = { container in .set(keyPath, try container.decode(Value.self, forKey: key)) }
  }
}

/// A field's name as a coding key.
struct FieldName: CodingKey {
  let stringValue: String
  var intValue: Int? { nil }

  init(_ name: String) {
    stringValue = name
  }

  init(stringValue: String) {
    self.init(stringValue)
  }

  init?(intValue: Int) {
    nil
  }
}

extension BindingAction: Encodable where Root: NamedBindingFields {
  /// Encodes the action as an object with one member, the field's name and its value.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: `EncodingError.invalidValue` if `Root.bindingFields` does not name the field.
  public func encode(to encoder: any Encoder) throws {
    let field = AnyHashable(keyPath)
    guard let named = Root.bindingFields.first(where: { AnyHashable($0.keyPath) == field }) else {
      throw EncodingError.invalidValue(
        self,
        EncodingError.Context(
          codingPath: encoder.codingPath,
          debugDescription: "\(keyPath) is not one of \(Root.self).bindingFields."))
    }
    var container = encoder.container(keyedBy: FieldName.self)
    try named.encodeValue(value, &container)
  }
}

extension BindingAction: Decodable where Root: NamedBindingFields {
  /// Decodes an action encoded by ``encode(to:)``.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` if the object does not have exactly one member, or
  ///   if `Root.bindingFields` has no field of its name.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: FieldName.self)
    guard container.allKeys.count == 1, let name = container.allKeys.first?.stringValue else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "A binding action has one member, the field's name and its value."))
    }
    guard let field = Root.bindingFields.first(where: { $0.name == name }) else {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: decoder.codingPath,
          debugDescription: "\"\(name)\" is not the name of one of \(Root.self).bindingFields."))
    }
    self = try field.decodeAction(container)
  }
}
