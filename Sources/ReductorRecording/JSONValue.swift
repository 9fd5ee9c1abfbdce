import Foundation

/// A JSON value as a tree: what a state's encoding is compared as, so that a recording stores
/// each step's changes rather than each step's state; the inspector reads a recording's states
/// and actions as it (`Recording<JSONValue, JSONValue>`).
package enum JSONValue: Hashable, Sendable {
  case null
  case bool(Bool)
  /// A number written without a fraction that fits `Int`, kept exact.
  case integer(Int)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])
}

extension JSONValue: Codable {
  package init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let bool = try? container.decode(Bool.self) {
      self = .bool(bool)
    } else if let integer = try? container.decode(Int.self) {
      self = .integer(integer)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else if let string = try? container.decode(String.self) {
      self = .string(string)
    } else if let array = try? container.decode([JSONValue].self) {
      self = .array(array)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let bool): try container.encode(bool)
    case .integer(let integer): try container.encode(integer)
    case .number(let number): try container.encode(number)
    case .string(let string): try container.encode(string)
    case .array(let array): try container.encode(array)
    case .object(let object): try container.encode(object)
    }
  }
}

/// One step of a path into a JSON value: an object's key or an array's index.
enum JSONPathElement: Hashable, Sendable, Codable {
  case key(String)
  case index(Int)

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if let index = try? container.decode(Int.self) {
      self = .index(index)
    } else {
      self = .key(try container.decode(String.self))
    }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .key(let key): try container.encode(key)
    case .index(let index): try container.encode(index)
    }
  }
}

/// A change of a JSON value: the value at `path` is now `value`, or, when `value` is nil, the
/// object key at `path` is gone. Encoded as `{"path":[…],"value":…}` or
/// `{"path":[…],"removed":true}`.
package struct JSONChange: Hashable, Sendable, Codable {
  var path: [JSONPathElement]
  var value: JSONValue?

  private enum CodingKeys: String, CodingKey {
    case path, value, removed
  }

  init(path: [JSONPathElement], value: JSONValue?) {
    self.path = path
    self.value = value
  }

  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    path = try container.decode([JSONPathElement].self, forKey: .path)
    if try container.decodeIfPresent(Bool.self, forKey: .removed) == true {
      value = nil
    } else {
      value = try container.decode(JSONValue.self, forKey: .value)
    }
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(path, forKey: .path)
    if let value {
      try container.encode(value, forKey: .value)
    } else {
      try container.encode(true, forKey: .removed)
    }
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
  /// The value as JSON text on one line, keys sorted, as a recording writes it.
  ///
  /// - Precondition: No number is infinite or not a number, which JSON cannot hold; a value
  ///   read from JSON has none.
  package var jsonText: String {
    do {
      return String(decoding: try RecordingCoding.makeEncoder().encode(self), as: UTF8.self)
    } catch {
      preconditionFailure("\(self) cannot be written as JSON: \(error)")
    }
  }

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
