import Synchronization

/// An ordered collection of identifiable elements, with the element of an id found, read and
/// changed in constant time: the state of a list whose rows each have their own state.
///
/// ```swift
/// var todos: IdentifiedArrayOf<Todo> = [Todo(id: 1, title: "milk"), Todo(id: 2, title: "eggs")]
/// todos[id: 2]?.isDone = true
/// todos.remove(id: 1)
/// ```
///
/// Each id appears once: inserting an element whose id is present already replaces nothing and
/// returns the position of the one present; ``updateOrAppend(_:)`` replaces it. Positions are
/// `Int`s from zero, as an `Array`'s: iterating, `count`, `first` and slicing work as they do
/// there. Inserting, removing or moving an element before the end costs as much as an array's
/// insertion, plus renumbering the positions of the elements after it.
public struct IdentifiedArray<ID, Element: Identifiable> where Element.ID == ID {
  /// The elements, in order.
  @usableFromInline var elements: [Element]
  /// The position of each element, by id.
  @usableFromInline var positions: [ID: Int]
  /// Changes with every removal, and with every new array, to a value no other array has had:
  /// what a row's stores compare to learn, in constant time, that no row went.
  private(set) var removals = RemovalToken.next()
  /// The ids removed while `forEach` watches the array (it sets an empty log and reads it back);
  /// nil otherwise, so that an array nobody watches keeps no log.
  @usableFromInline var removalLog: [ID]?

  /// An empty array.
  public init() {
    elements = []
    positions = [:]
  }

  /// The array of `elements`; of two elements with the same id, the first is kept.
  ///
  /// - Parameter elements: The elements, in order.
  public init(_ elements: some Sequence<Element>) {
    self.init()
    for element in elements { append(element) }
  }

  /// The ids of the elements, in order.
  public var ids: [ID] {
    elements.map(\.id)
  }

  /// The element whose id is `id`, or nil.
  ///
  /// Setting an element replaces the one of that id in place, or appends it if there is none;
  /// setting nil removes the element of that id. An element set under another id than its own
  /// replaces the element of `id`, at its position, and any other element with the new id is
  /// removed.
  ///
  /// - Parameter id: The id.
  @inlinable
  public subscript(id id: ID) -> Element? {
    get {
      positions[id].map { elements[$0] }
    }
    set {
      guard let newValue else {
        remove(id: id)
        return
      }
      let newID = newValue.id
      guard let position = positions[id] else {
        updateOrAppend(newValue)
        return
      }
      if newID == id {
        elements[position] = newValue
      } else {
        replace(at: position, oldID: id, with: newValue, newID: newID)
      }
    }
  }

  /// The position of the element whose id is `id`, or nil.
  ///
  /// - Parameter id: The id.
  /// - Returns: The position.
  @inlinable
  public func index(id: ID) -> Int? {
    positions[id]
  }

  /// Whether an element has the id `id`.
  ///
  /// - Parameter id: The id.
  /// - Returns: Whether it is present.
  @inlinable
  public func contains(id: ID) -> Bool {
    positions[id] != nil
  }

  /// Appends `element` unless its id is present.
  ///
  /// - Parameter element: The element.
  /// - Returns: Whether it was appended, and the position of the element with its id.
  @discardableResult
  public mutating func append(_ element: Element) -> (inserted: Bool, index: Int) {
    insert(element, at: elements.endIndex)
  }

  /// Inserts `element` at `position` unless its id is present.
  ///
  /// - Parameters:
  ///   - element: The element.
  ///   - position: Where to insert it, from zero to `count`.
  /// - Returns: Whether it was inserted, and the position of the element with its id.
  @discardableResult
  public mutating func insert(_ element: Element, at position: Int) -> (inserted: Bool, index: Int)
  {
    let elementID = element.id
    if let present = positions[elementID] { return (false, present) }
    elements.insert(element, at: position)
    renumber(from: position)
    return (true, position)
  }

  /// Replaces the element with the id of `element`, in place, or appends `element` if there is
  /// none.
  ///
  /// - Parameter element: The element.
  /// - Returns: The element replaced, if any.
  @discardableResult
  public mutating func updateOrAppend(_ element: Element) -> Element? {
    let elementID = element.id
    guard let position = positions[elementID] else {
      append(element)
      return nil
    }
    defer { elements[position] = element }
    return elements[position]
  }

  /// Removes the element whose id is `id`, if any.
  ///
  /// - Parameter id: The id.
  /// - Returns: The element removed, or nil.
  @discardableResult
  public mutating func remove(id: ID) -> Element? {
    guard let position = positions[id] else { return nil }
    return remove(at: position)
  }

  /// Removes the element at `position`.
  ///
  /// - Parameter position: A valid position.
  /// - Returns: The element removed.
  @discardableResult
  public mutating func remove(at position: Int) -> Element {
    let element = elements.remove(at: position)
    positions[element.id] = nil
    noteRemoved(element.id)
    renumber(from: position)
    return element
  }

  /// Removes the elements that `shouldBeRemoved` picks.
  ///
  /// - Parameter shouldBeRemoved: Whether to remove an element.
  public mutating func removeAll(where shouldBeRemoved: (Element) throws -> Bool) rethrows {
    try removeElements { _, element in try shouldBeRemoved(element) }
  }

  /// Removes the elements at `offsets`: SwiftUI's `onDelete` gives them as an `IndexSet`, which
  /// is a sequence of `Int`s.
  ///
  /// - Parameter offsets: The positions of the elements to remove.
  public mutating func remove(atOffsets offsets: some Sequence<Int>) {
    let removing = Set(offsets)
    guard !removing.isEmpty else { return }
    removeElements { position, _ in removing.contains(position) }
  }

  /// Removes the elements that `shouldBeRemoved` picks by position and element, in one pass.
  private mutating func removeElements(
    where shouldBeRemoved: (Int, Element) throws -> Bool
  ) rethrows {
    var kept: [Element] = []
    for (position, element) in elements.enumerated() {
      if try shouldBeRemoved(position, element) {
        positions[element.id] = nil
        noteRemoved(element.id)
      } else {
        kept.append(element)
      }
    }
    elements = kept
    renumber(from: 0)
  }

  /// Sorts the elements in place, each keeping its id.
  ///
  /// - Parameter areInIncreasingOrder: Whether the first element goes before the second.
  public mutating func sort(by areInIncreasingOrder: (Element, Element) throws -> Bool) rethrows {
    try elements.sort(by: areInIncreasingOrder)
    renumber(from: 0)
  }

  /// The elements that `isIncluded` picks, in order, as an identified array.
  ///
  /// - Parameter isIncluded: Whether to keep an element.
  /// - Returns: The identified array of the elements kept.
  public func filter(_ isIncluded: (Element) throws -> Bool) rethrows -> Self {
    Self(try elements.filter(isIncluded))
  }

  /// Moves the elements at `source` so that they are just before `destination`, as `Array`'s
  /// `move(fromOffsets:toOffset:)` does in SwiftUI.
  ///
  /// - Parameters:
  ///   - source: The positions of the elements to move.
  ///   - destination: The position before which they go, in the array before the move.
  public mutating func move(fromOffsets source: some Sequence<Int>, toOffset destination: Int) {
    let moving = Set(source)
    guard !moving.isEmpty else { return }
    var kept: [Element] = []
    var moved: [Element] = []
    var insertion = 0
    for (position, element) in elements.enumerated() {
      if moving.contains(position) {
        moved.append(element)
      } else {
        if position < destination { insertion += 1 }
        kept.append(element)
      }
    }
    kept.insert(contentsOf: moved, at: insertion)
    elements = kept
    renumber(from: 0)
  }

  /// Notes that the element `id` was removed.
  @usableFromInline
  mutating func noteRemoved(_ id: ID) {
    removals = RemovalToken.next()
    removalLog?.append(id)
  }

  /// Renumbers the positions of the elements from `start` on, after a change of structure.
  @usableFromInline
  mutating func renumber(from start: Int) {
    for position in start..<elements.endIndex {
      positions[elements[position].id] = position
    }
  }

  /// Makes the positions right after the element at `position`, whose id was `oldID`, took
  /// another id in place (a row's reducer changed it).
  @usableFromInline
  mutating func reindex(at position: Int, from oldID: ID) {
    let element = elements[position]
    replace(at: position, oldID: oldID, with: element, newID: element.id)
  }

  /// Replaces the element at `position`, whose id is `oldID`, with one of another id.
  @usableFromInline
  mutating func replace(at position: Int, oldID: ID, with element: Element, newID: ID) {
    positions[oldID] = nil
    noteRemoved(oldID)
    elements[position] = element
    if let other = positions[newID] {
      elements.remove(at: other)
      positions[newID] = nil
      renumber(from: Swift.min(other, position))
    } else {
      positions[newID] = position
    }
  }
}

/// The source of the removal tokens of identified arrays (see `IdentifiedArray.removals`).
@usableFromInline
enum RemovalToken: Sendable {
  private static let counter = Atomic<UInt64>(0)

  /// A token no array has had.
  @usableFromInline
  static func next() -> UInt64 {
    counter.add(1, ordering: .relaxed).newValue
  }
}

/// An identified array of `Identifiable` elements, by their `id`.
public typealias IdentifiedArrayOf<Element: Identifiable> = IdentifiedArray<Element.ID, Element>

extension IdentifiedArray: RandomAccessCollection {
  /// The position of the first element: 0.
  public var startIndex: Int { elements.startIndex }

  /// The position after the last element: `count`.
  public var endIndex: Int { elements.endIndex }

  /// The element at `position`.
  ///
  /// Setting an element replaces the one at `position`. An element with another id than the one
  /// it replaces takes its place as ``subscript(id:)`` does: any other element with the new id is
  /// removed.
  public subscript(position: Int) -> Element {
    get {
      elements[position]
    }
    set {
      let oldID = elements[position].id
      let newID = newValue.id
      if newID == oldID {
        elements[position] = newValue
      } else {
        replace(at: position, oldID: oldID, with: newValue, newID: newID)
      }
    }
  }
}

extension IdentifiedArray: ExpressibleByArrayLiteral {
  /// The array of the literal's elements, whose ids must differ: a literal with an id twice
  /// stops the process, as TCA's does, since no element of it can be chosen over the other.
  /// (``init(_:)``, for elements that come from elsewhere, keeps the first.)
  public init(arrayLiteral elements: Element...) {
    self.init()
    for element in elements {
      precondition(
        append(element).inserted,
        "An IdentifiedArray literal has two elements with the id \(element.id).")
    }
  }
}

extension IdentifiedArray: Equatable where Element: Equatable {
  /// Whether the two arrays have equal elements in the same order.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.elements == rhs.elements
  }
}

extension IdentifiedArray: Hashable where Element: Hashable {
  /// Hashes the elements, in order.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(elements)
  }
}

extension IdentifiedArray: Sendable where ID: Sendable, Element: Sendable {}

extension IdentifiedArray: Encodable where Element: Encodable {
  /// Encodes the elements as an array, in order.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: An element's encoding error.
  public func encode(to encoder: any Encoder) throws {
    try elements.encode(to: encoder)
  }
}

extension IdentifiedArray: Decodable where Element: Decodable {
  /// Decodes an array of elements; an id twice is an error, since neither element can be chosen.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: `DecodingError.dataCorrupted` for an id twice, or an element's decoding error.
  public init(from decoder: any Decoder) throws {
    self.init()
    var container = try decoder.unkeyedContainer()
    while !container.isAtEnd {
      let element = try container.decode(Element.self)
      guard append(element).inserted else {
        throw DecodingError.dataCorruptedError(
          in: container, debugDescription: "The id \(element.id) appears twice.")
      }
    }
  }
}

extension IdentifiedArray: CustomReflectable {
  /// The elements' mirror: logs and diffs show an identified array as an array.
  public var customMirror: Mirror {
    Mirror(reflecting: elements)
  }
}

extension IdentifiedArray: CustomStringConvertible {
  /// The elements' description.
  public var description: String {
    elements.description
  }
}
