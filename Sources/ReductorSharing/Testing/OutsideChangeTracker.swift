package import Reductor
public import Synchronization

/// A test store's view of the shared values its state holds, so that it asserts them as it
/// asserts the state.
///
/// Every copy of a state reads such a value from one place, so the state the test store kept
/// from before an action shows the value after it too, and comparing states cannot see a
/// change. Instead, each value made in the test store's dependencies registers here, the test
/// store takes a ``Snapshot`` of them all after each reduction, as it keeps each state, and it
/// asserts them inside ``assert(startingFrom:_:)``: there, reading a value gives its expected
/// value, which starts as the snapshot's, and assigning it changes only the expected one (never
/// the value itself).
@usableFromInline
package final class OutsideChangeTracker: Sendable {
  /// The values of every registered value at one moment, by value.
  package typealias Snapshot = [ObjectIdentifier: any Sendable]

  /// The expected values while an assertion runs in this task.
  @TaskLocal private static var expected: Locked<Snapshot>?
  /// How many assertions run now, in every task: when none does, a value reads no task-local.
  @usableFromInline static let assertionCount = Atomic(0)

  /// The registered values, in the order they were made.
  private let values = Locked<[any TrackedValue]>([])

  package init() {}

  /// Registers `value`, which the snapshots include from now on.
  func register(_ value: some TrackedValue) {
    values.withLock { $0.append(value) }
  }

  /// The current values of the registered values.
  package func snapshot() -> Snapshot {
    var snapshot = Snapshot()
    for value in values.withLock({ $0 }) { snapshot[ObjectIdentifier(value)] = value.current }
    return snapshot
  }

  /// Whether a registered value has different values in the two snapshots.
  package func differ(_ lhs: Snapshot, _ rhs: Snapshot) -> Bool {
    values.withLock { $0 }.contains { value in
      let id = ObjectIdentifier(value)
      guard let left = lhs[id], let right = rhs[id] else { return false }
      return !value.isEqual(left, right)
    }
  }

  /// Whether an assertion runs now, in any task: the check a shared value makes on every read
  /// and write, before it looks for its expected value.
  @inlinable
  static var isAsserting: Bool {
    assertionCount.load(ordering: .relaxed) > 0
  }

  /// The expected value of the value `id`, if an assertion runs in this task.
  @usableFromInline
  static func expectedValue(of id: ObjectIdentifier) -> (any Sendable)? {
    guard assertionCount.load(ordering: .relaxed) > 0, let expected else { return nil }
    return expected.withLock { $0[id] }
  }

  /// Sets the expected value of the value `id` and returns true, if an assertion runs in this
  /// task; returns false otherwise.
  @usableFromInline
  static func setExpectedValue(_ value: any Sendable, of id: ObjectIdentifier) -> Bool {
    guard assertionCount.load(ordering: .relaxed) > 0, let expected else { return false }
    expected.withLock { $0[id] = value }
    return true
  }

  /// Runs `body` as an assertion whose expected values start as `start`; returns its result and
  /// the registered values whose expected value then differs from `actual`, with both values.
  package func assert<Result>(
    startingFrom start: Snapshot, actual: Snapshot, _ body: () -> Result
  ) -> (result: Result, differences: [Difference]) {
    let expected = Locked(start)
    Self.assertionCount.add(1, ordering: .relaxed)
    let result = Self.$expected.withValue(expected, operation: body)
    Self.assertionCount.subtract(1, ordering: .relaxed)
    let expectedValues = expected.value
    var differences: [Difference] = []
    for value in values.withLock({ $0 }) {
      let id = ObjectIdentifier(value)
      // A value made during the step has no earlier value to expect: its value now.
      guard let actualValue = actual[id] else { continue }
      let expectedValue = expectedValues[id] ?? actualValue
      if !value.isEqual(expectedValue, actualValue) {
        differences.append((name: value.name, expected: expectedValue, actual: actualValue))
      }
    }
    return (result, differences)
  }

  /// A registered value whose expected value differs from its actual one.
  package typealias Difference = (name: String, expected: any Sendable, actual: any Sendable)
}

/// A value held by reference that a test store asserts: its name in failures, its value now, and
/// how two of its values compare.
protocol TrackedValue: AnyObject, Sendable {
  /// The value's name in failures, such as its key.
  var name: String { get }
  /// The value now.
  var current: any Sendable { get }
  /// Whether two values of it are equal; values that cannot be compared are equal.
  func isEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool
}

extension DependencyValues {
  /// The test store's tracker of values held by reference; nil outside a test store.
  package var outsideChangeTracker: OutsideChangeTracker? {
    get { self[OutsideChangeTrackerKey.self] }
    set { self[OutsideChangeTrackerKey.self] = newValue }
  }
}

private struct OutsideChangeTrackerKey: DependencyKey {
  static var liveValue: OutsideChangeTracker? { nil }
  static var testValue: OutsideChangeTracker? { nil }
}
