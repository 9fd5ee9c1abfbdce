/// A JSON value as a tree: what a state's encoding is compared as, so that a recording stores
/// each step's changes rather than each step's state; the inspector reads a recording's states
/// and actions as it (`Recording<JSONValue, JSONValue>`).
///
/// A recording reads and writes trees with ``init(parsing:)`` and ``jsonText``, which keep each
/// number as the text it is written as: every number `JSONEncoder` writes — an `Int`, a
/// `UInt64` above `Int.max`, a `Double`'s `-0` and subnormals, a `Decimal` — comes back
/// exactly, and two numbers are the same when their texts are.
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number, as the text JSON writes it (`42`, `-0`, `5e-324`, `18446744073709551615`).
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  /// A whole number.
  package static func integer(_ value: some BinaryInteger) -> JSONValue {
    .number(String(value))
  }
}

extension JSONValue: Codable {
  /// Decodes any JSON value. A decoder does not give a number's text: a number comes as the
  /// text of the `Int`, `UInt64` or `Double` it decodes as, as `JSONEncoder` writes it
  /// (``init(parsing:)`` keeps the text itself).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int.self) {
      self = .integer(integer)
    } else if let integer = try? container.decode(UInt64.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      // `JSONEncoder` writes a whole `Double` without its `.0`.
      let text = number.description
      self = .number(text.hasSuffix(".0") ? String(text.dropLast(2)) : text)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  /// Encodes the value. An encoder takes no number's text: a number is encoded as the `Int`,
  /// `UInt64` or `Double` its text reads as (``jsonText`` writes the text itself).
  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .number(let text):
      if let integer = Int(text) {
        try container.encode(integer)
      } else if let integer = UInt64(text) {
        try container.encode(integer)
      } else {
        // Not a number only for text that is not one, which the encoder refuses.
        try container.encode(Double(text) ?? .nan)
      }
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

/// One step of a path into a JSON value: an object's key or an array's index.
enum JSONPathElement: Hashable, Sendable {
  case key(String)
  case index(Int)

  /// The element a path's JSON holds: a string or a whole number.
  init(json: JSONValue) throws {
    if case .string(let key) = json {
      self = .key(key)
    } else if case .number(let text) = json, let index = Int(text) {
      self = .index(index)
    } else {
      throw LineMismatch("a change's path holds \(json.jsonText), not a key or an index")
    }
  }

  var json: JSONValue {
    switch self {
    case .key(let key): .string(key)
    case .index(let index): .integer(index)
    }
  }
}

/// A change of a JSON value: the value at `path` is now `value`, or, when `value` is nil, the
/// object key at `path` is gone. Written as `{"path":[…],"value":…}` or
/// `{"path":[…],"removed":true}`.
package struct JSONChange: Hashable, Sendable, Encodable {
  var path: [JSONPathElement]
  var value: JSONValue?

  init(path: [JSONPathElement], value: JSONValue?) {
    self.path = path
    self.value = value
  }

  /// The change a JSON object describes.
  init(json: JSONValue) throws {
    let fields = try JSONFields(json, of: "a change")
    path = try fields.array("path").map(JSONPathElement.init(json:))
    value = try fields.boolIfPresent("removed") == true ? nil : fields.value("value")
  }

  /// The change as a JSON object.
  var json: JSONValue {
    let path = JSONValue.array(path.map(\.json))
    guard let value else { return .object(["path": path, "removed": .bool(true)]) }
    return .object(["path": path, "value": value])
  }

  /// Encodes the change as ``json``, for the inspector's page.
  package func encode(to encoder: any Encoder) throws {
    try json.encode(to: encoder)
  }
}

/// A change that does not fit the value it is applied to: its path leads nowhere.
struct JSONChangeMismatch: Error, CustomStringConvertible {
  var path: [JSONPathElement]

  var description: String {
    let path = path.map {
      switch $0 {
      case .key(let key): key
      case .index(let index): "\(index)"
      }
    }
    return "the change at \(path.joined(separator: ".")) does not fit the state before it"
  }
}

extension JSONValue {
  /// The changes that turn `self` into `other`, in order: an object's changed, added and removed
  /// keys (sorted); an array's changed elements, then the elements it gained, appended, or the
  /// ones it lost, removed from the last; anything else is replaced whole.
  func changes(to other: JSONValue) -> [JSONChange] {
    var changes: [JSONChange] = []
    appendChanges(to: other, at: [], into: &changes)
    return changes
  }

  private func appendChanges(
    to other: JSONValue, at path: [JSONPathElement], into changes: inout [JSONChange]
  ) {
    guard self != other else { return }
    switch (self, other) {
    case (.object(let old), .object(let new)):
      for key in Set(old.keys).union(new.keys).sorted() {
        let keyPath = path + [.key(key)]
        switch (old[key], new[key]) {
        case (let old?, let new?): old.appendChanges(to: new, at: keyPath, into: &changes)
        case (nil, let new?): changes.append(JSONChange(path: keyPath, value: new))
        case (_?, nil): changes.append(JSONChange(path: keyPath, value: nil))
        case (nil, nil): break
        }
      }
    case (.array(let old), .array(let new)):
      for index in 0..<min(old.count, new.count) {
        old[index].appendChanges(to: new[index], at: path + [.index(index)], into: &changes)
      }
      for index in old.count..<max(old.count, new.count) {
        changes.append(JSONChange(path: path + [.index(index)], value: new[index]))
      }
      for index in (new.count..<max(old.count, new.count)).reversed() {
        changes.append(JSONChange(path: path + [.index(index)], value: nil))
      }
    default:
      changes.append(JSONChange(path: path, value: other))
    }
  }

  /// Applies `changes` in order.
  ///
  /// - Throws: ``JSONChangeMismatch`` when a change's path leads nowhere.
  mutating func apply(_ changes: [JSONChange]) throws {
    for change in changes {
      try apply(change.value, at: change.path[...], fullPath: change.path)
    }
  }

  private mutating func apply(
    _ value: JSONValue?, at path: ArraySlice<JSONPathElement>, fullPath: [JSONPathElement]
  ) throws {
    guard let first = path.first else {
      guard let value else { throw JSONChangeMismatch(path: fullPath) }
      self = value
      return
    }
    let rest = path.dropFirst()
    switch (self, first) {
    case (.object(var object), .key(let key)):
      if rest.isEmpty {
        object[key] = value
      } else {
        guard var child = object[key] else { throw JSONChangeMismatch(path: fullPath) }
        try child.apply(value, at: rest, fullPath: fullPath)
        object[key] = child
      }
      self = .object(object)
    case (.array(var array), .index(let index)) where rest.isEmpty && index == array.count:
      // An element appended.
      guard let value else { throw JSONChangeMismatch(path: fullPath) }
      array.append(value)
      self = .array(array)
    case (.array(var array), .index(let index)) where array.indices.contains(index):
      if rest.isEmpty && value == nil {
        array.remove(at: index)
      } else {
        try array[index].apply(value, at: rest, fullPath: fullPath)
      }
      self = .array(array)
    default:
      throw JSONChangeMismatch(path: fullPath)
    }
  }
}
