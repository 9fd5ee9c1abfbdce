/// The dependencies in force: each key's overridden value, or the value of its key in the
/// current ``context``.
///
/// The values are task-local: ``withDependencies(_:operation:)-(_,()->Result)`` overrides them
/// for the code it runs and the tasks that code starts, and ``Dependency`` reads them.
///
/// ```swift
/// withDependencies {
///   $0.numberFact = NumberFact { _ in "a fact" }
/// } operation: {
///   store.send(.factButtonTapped)
/// }
/// ```
public struct DependencyValues: Sendable {
  /// The values in force in this task, for the code that sets them: ``withDependencies(_:operation:)-(_,()->Result)``,
  /// and effects, which put those in force where they were made back in force when they run.
  @TaskLocal static var inForce = DependencyValues()

  /// The dependencies in force in this task: what ``Dependency`` reads. Change them for the code
  /// you run with ``withDependencies(_:operation:)-(_,()->Result)``.
  public static var current: DependencyValues {
    inForce
  }

  /// The overridden values, by key; each a ``DependencyBox`` of its key's value type.
  private var overrides: [ObjectIdentifier: any Sendable & AnyObject] = [:]
  /// The values made for ``context``, shared by every copy in that context.
  private var cache: DependencyCache
  /// Where problems with the dependencies are reported — a key read in a test without a test
  /// value or an override, a shared value whose storage fails — as ``StoreDiagnostic``s:
  /// standard error by default; a test store collects them as failures.
  public var report: @Sendable (StoreDiagnostic) -> Void = {
    writeToStandardError($0.description)
  }

  /// The clock of the store whose effect runs with these values, which ``clock`` is: set where
  /// the effect runs (a field, where an override of `clock` would allocate its box per effect),
  /// and cleared by an assignment to `clock`, which then wins.
  var storeClock: (any Clock<Duration>)?
  /// Whether these values are being overridden, as in the update of
  /// ``withDependencies(_:operation:)-(_,()->Result)``: a key read then is read to be changed
  /// (`$0.client.fetch = { … }` reads `client` first), so its missing test value is not
  /// reported, and the value made for the read is not kept for later reads.
  package var isOverriding = false
  /// Whether a value is being made for a read that is part of an override.
  @TaskLocal static var isMakingValueToOverride = false

  /// Where the dependencies are used; ``DependencyContext/live`` by default.
  ///
  /// Setting it, even to the same context, starts afresh: the values of the keys are made again
  /// when first read, so that each test gets values of its own.
  public var context: DependencyContext {
    didSet { cache = DependencyCache(context: context) }
  }

  /// The live values: what a program gets when nothing overrides them.
  public init() {
    self.init(context: .live, cache: .live)
  }

  private init(context: DependencyContext, cache: DependencyCache) {
    self.context = context
    self.cache = cache
  }

  /// The value of `key`: its override, or the value of its key in ``context``, made once.
  public subscript<Key: DependencyKey>(key: Key.Type) -> Key.Value {
    get {
      if let box = overrides[ObjectIdentifier(key)] {
        return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
      }
      return isOverriding ? cache.valueToOverride(of: key) : cache.value(of: key)
    }
    set {
      overrides[ObjectIdentifier(key)] = DependencyBox(newValue)
    }
  }

  /// Reports that `key` was read in the test context without a test value or an override.
  static func reportMissingTestValue<Key: DependencyKey>(of key: Key.Type) {
    guard !isMakingValueToOverride else { return }
    current.report(
      StoreDiagnostic(
        kind: .missingTestDependency,
        message: "\(TypeName.of(key)) has no test value and was read in a test without an "
          + "override; it gave its preview value. Override it with withDependencies, or give "
          + "the key a testValue.",
        error: nil, fileID: "", line: 0))
  }
}

/// Runs `operation` with the dependencies `update` changes, and returns its result.
///
/// The changes reach the code `operation` runs, the tasks it starts, and the effects of the
/// actions it sends.
///
/// - Parameters:
///   - update: Changes the dependencies in force.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: () throws -> Result
) rethrows -> Result {
  var values = DependencyValues.current
  try values.override(update)
  return try DependencyValues.$inForce.withValue(values, operation: operation)
}

/// Runs the asynchronous `operation` with the dependencies `update` changes, and returns its
/// result.
///
/// - Parameters:
///   - update: Changes the dependencies in force.
///   - operation: The code to run with them.
/// - Returns: What `operation` returns.
@discardableResult
public nonisolated(nonsending) func withDependencies<Result>(
  _ update: (inout DependencyValues) throws -> Void,
  operation: nonisolated(nonsending) () async throws -> Result
) async rethrows -> Result {
  var values = DependencyValues.current
  try values.override(update)
  return try await DependencyValues.$inForce.withValue(values, operation: operation)
}

extension DependencyValues {
  /// Changes the values with `update`, as an override: the keys it reads to change them are not
  /// reported as read without a test value.
  ///
  /// - Parameter update: Changes the values.
  mutating func override(_ update: (inout DependencyValues) throws -> Void) rethrows {
    isOverriding = true
    defer { isOverriding = false }
    try update(&self)
  }
}

/// A dependency's value, stored by its key: read back without a dynamic cast, since a key's
/// value always has the key's value type.
final class DependencyBox<Value: Sendable>: Sendable {
  let value: Value

  init(_ value: Value) {
    self.value = value
  }
}
