package import Reductor

/// A state field whose value is shared, by key, with every other `@Shared` field of that key,
/// in every store, and optionally persisted.
///
/// ```swift
/// struct State: Equatable {
///   @Shared(.file()) var settings = Settings()
///   @Shared(.inMemory("draft")) var draft = ""
///   var isEditing = false
/// }
/// ```
///
/// The initial value is the default: it is used when the key has no value yet in the
/// ``SharedStorage`` in force (the `DependencyValues.sharedStorage` dependency when
/// the field is made) and nothing is persisted, or what is persisted cannot be read. Assigning
/// the field changes the one value: the other fields of the key show it at once, other stores
/// report it to their observers (`observe`, `values(of:)`), and its persistence writes it, off
/// the main actor. A `TestStore` asserts a shared field as it asserts the others, and its
/// storage is in memory.
///
/// Without a key, the value is kept in memory under its type's name (`@Shared var profile =
/// Profile()`), as ReactableKit's `@Shared` does.
@propertyWrapper
public struct Shared<Value: Sendable>: Sendable {
  @usableFromInline let reference: SharedReference<Value>

  /// A shared field of `key`, which starts from `wrappedValue` if the key has no value yet.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: Where the value lives and persists.
  public init(wrappedValue: @autoclosure () -> Value, _ key: SharedKey<Value>) {
    reference = DependencyValues.current.sharedStorage.reference(for: key, default: wrappedValue)
    // A state may hold it now: the stores that follow outside changes look again.
    OutsideChangeFollowers.noteValueHeld()
  }

  /// A shared field kept in memory under the name of its type.
  ///
  /// - Parameter wrappedValue: The default value.
  public init(wrappedValue: @autoclosure () -> Value) {
    self.init(wrappedValue: wrappedValue(), .inMemory("\(Value.self)"))
  }

  /// The value.
  ///
  /// A change made elsewhere reaches the observers of every store whose state holds it, and
  /// Observation's trackers of the store's `state`; `values` yields every change.
  @inlinable
  public var wrappedValue: Value {
    get {
      if SharedAssertion.isRunning,
        let expected = SharedAssertion.expectedValue(of: ObjectIdentifier(reference.followers))
      {
        return expected as? Value ?? reference.value
      }
      return reference.value
    }
    nonmutating set {
      // In a test store's assertion, assigning sets the expected value only.
      if SharedAssertion.isRunning,
        SharedAssertion.setExpectedValue(newValue, of: ObjectIdentifier(reference.followers))
      {
        return
      }
      reference.update { $0 = newValue }
    }
  }

  /// The shared field itself, as `$settings`: its errors, its values, its writes.
  public var projectedValue: Shared<Value> {
    // It may be handed to another state (`Child(count: $count)`): following stores look again.
    OutsideChangeFollowers.noteValueHeld()
    return self
  }

  /// Changes the value with `body` atomically: no change made meanwhile, by another thread, is
  /// lost, as `count += 1` from two threads could lose one.
  ///
  /// `body` runs while the value is locked: it must not read or change this shared value
  /// through another field, which would wait for the lock forever.
  ///
  /// In a test store's assertion closure, it changes the expected value only, as assigning
  /// does there.
  ///
  /// - Parameter body: Changes the value.
  public func withLock(_ body: (inout Value) -> Void) {
    if SharedAssertion.isRunning {
      var expected = wrappedValue
      body(&expected)
      // False when the assertion runs in another task: then this change is a real one.
      if SharedAssertion.setExpectedValue(expected, of: ObjectIdentifier(reference.followers)) {
        return
      }
    }
    reference.update(body)
  }

  /// The key, as diagnostics name it: `file /path/Settings.json`, `in memory "draft"`.
  public var key: String {
    reference.name
  }

  /// Why the persisted copy could not be read when the value was made (a corrupt file, which was
  /// moved aside); nil once a write succeeds.
  public var loadError: (any Error)? {
    reference.loadError
  }

  /// Why the last write failed (a read-only folder, a full disk); nil once a write succeeds.
  public var saveError: (any Error)? {
    reference.saveError
  }

  /// The value now, then each value assigned, in order, until the iteration ends.
  public var values: AsyncStream<Value> {
    reference.values()
  }

  /// Writes a change that waits for its write interval now, or the value once more if its last
  /// write failed, and waits until the writes of the value have finished.
  ///
  /// - Returns: The value and the error of its last write if it is still not written (reported
  ///   too, as ``SharedStorage/flush()`` does); nil if what persists is the value in memory, or
  ///   if the value is in memory only.
  @discardableResult
  public func flush() async -> UnsavedSharedValue? {
    await reference.flush()
  }
}

extension Shared: Equatable where Value: Equatable {
  /// Whether the two values are equal.
  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.wrappedValue == rhs.wrappedValue
  }
}

extension Shared: Encodable where Value: Encodable {
  /// Encodes the value, as a recorded session's state holds it.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: The value's encoding error.
  public func encode(to encoder: any Encoder) throws {
    try wrappedValue.encode(to: encoder)
  }
}

extension Shared: Decodable where Value: Decodable {
  /// A shared value of its own, shared with no other field and not persisted, that holds the
  /// decoded value: what a recorded state rebuilt for time travel or a replay needs, which must
  /// not change the app's files or the values its stores share.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: The value's decoding error.
  public init(from decoder: any Decoder) throws {
    reference = SharedReference(
      name: "decoded \(Value.self)", value: try Value(from: decoder), loadError: nil,
      writer: nil, report: { _ in })
    OutsideChangeFollowers.noteValueHeld()
  }
}

extension Shared: HeldByReference {
  /// The stores that follow the value behind every `Shared` of the key.
  package var followers: OutsideChangeFollowers {
    reference.followers
  }

  /// The key, as a test's failures name it: `file /path/Settings.json`, `in memory "draft"`.
  package var name: String {
    reference.name
  }

  /// The value now, whatever assertion runs.
  package var currentValue: any Sendable {
    reference.value
  }

  /// Whether two values are equal: always, when `Value` is not `Equatable`.
  package func isEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool {
    guard let lhs = lhs as? any Equatable else { return true }
    func equals<Compared: Equatable>(_ lhs: Compared) -> Bool {
      (rhs as? Compared) == lhs
    }
    return equals(lhs)
  }

  /// Runs `body` as a test store's assertion: in this task, shared fields read and change the
  /// expected values in `expected`.
  package func asserting<Result>(
    _ expected: Locked<[ObjectIdentifier: any Sendable]>, _ body: () -> Result
  ) -> Result {
    SharedAssertion.run(expecting: expected, body)
  }
}

extension Shared: CustomReflectable {
  /// The value's mirror: logs and test failures show a shared field as its value.
  public var customMirror: Mirror {
    Mirror(reflecting: wrappedValue)
  }
}

extension Shared: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: wrappedValue)
  }
}
