import Reductor
public import Synchronization

/// The expected values of shared fields while a test store's assertion closure runs.
///
/// Every copy of a state reads a shared value from one place, so the state a test store kept
/// from before an action shows the value after it too. The test store keeps each value after
/// each reduction instead (`HeldByReference.currentValue`), and runs its assertion closure
/// inside ``run(expecting:_:)``: there, reading a field gives its expected value, which starts
/// as the kept one, and assigning it changes only the expected one (never the value itself).
@usableFromInline
enum SharedAssertion: Sendable {
  /// The expected values, by the identity of each value's followers, while an assertion runs
  /// in this task.
  @TaskLocal private static var expected: Locked<[ObjectIdentifier: any Sendable]>?
  /// How many assertions run now, in every task: when none does, a field reads no task-local.
  @usableFromInline static let count = Atomic(0)

  /// Whether an assertion runs now, in any task: the check a shared field makes on every read
  /// and write, before it looks for its expected value.
  @inlinable
  static var isRunning: Bool {
    count.load(ordering: .relaxed) > 0
  }

  /// The expected value of the value `id`, if an assertion runs in this task.
  @usableFromInline
  static func expectedValue(of id: ObjectIdentifier) -> (any Sendable)? {
    guard isRunning, let expected else { return nil }
    return expected.withLock { $0[id] }
  }

  /// Sets the expected value of the value `id` and returns true, if an assertion runs in this
  /// task; returns false otherwise.
  @usableFromInline
  static func setExpectedValue(_ value: any Sendable, of id: ObjectIdentifier) -> Bool {
    guard isRunning, let expected else { return false }
    expected.withLock { $0[id] = value }
    return true
  }

  /// Runs `body` as an assertion whose expected values are `expected`.
  static func run<Result>(
    expecting expected: Locked<[ObjectIdentifier: any Sendable]>, _ body: () -> Result
  ) -> Result {
    count.add(1, ordering: .relaxed)
    defer { count.subtract(1, ordering: .relaxed) }
    return $expected.withValue(expected, operation: body)
  }
}
