internal import Reductor

/// The values a state holds by reference (its `@Shared` fields' values), as a test store keeps
/// them after each reduction, so that it asserts them as it asserts the state.
///
/// Every copy of a state reads such a value from one place, so the state the test store kept
/// from before an action shows the value after it too, and comparing states cannot see a change.
/// So the test store takes the values after each reduction, and runs its assertion closure in
/// ``assert(actual:_:)``, where a field reads and assigns its expected value.
struct SharedValues {
  /// A value whose expected value differs from its actual one.
  typealias Difference = (name: String, expected: any Sendable, actual: any Sendable)

  /// The fields, by the identity of the value behind each.
  private var fields: [ObjectIdentifier: any HeldByReference] = [:]
  /// The value of each when they were taken.
  private var values: [ObjectIdentifier: any Sendable] = [:]

  /// No values: a state that holds none.
  init() {}

  /// The values `state` holds by reference now.
  init(heldBy state: Any) {
    fields = OutsideChangeFollowers.valuesHeldByReference(in: state)
    values = fields.mapValues(\.currentValue)
  }

  /// Whether a value held in both has another value in `other`.
  func differs(from other: SharedValues) -> Bool {
    values.contains { id, value in
      guard let field = fields[id], let otherValue = other.values[id] else { return false }
      return !field.isEqual(value, otherValue)
    }
  }

  /// Runs `body` as an assertion whose expected values start as these; returns its result and
  /// the values of `actual` whose expected value then differs, with both values, by name.
  func assert<Result>(
    actual: SharedValues, _ body: () -> Result
  ) -> (result: Result, differences: [Difference]) {
    // Any field runs the assertion for all: the expected values are one task-local of theirs.
    guard let field = actual.fields.values.first ?? fields.values.first else {
      return (body(), [])
    }
    let expected = Locked(values)
    let result = field.asserting(expected, body)
    let expectedValues = expected.value
    var differences: [Difference] = []
    for (id, field) in actual.fields {
      // A value the state did not hold before has no earlier value to expect: its value now.
      guard let actualValue = actual.values[id] else { continue }
      let expectedValue = expectedValues[id] ?? actualValue
      if !field.isEqual(expectedValue, actualValue) {
        differences.append((name: field.name, expected: expectedValue, actual: actualValue))
      }
    }
    return (result, differences.sorted { $0.name < $1.name })
  }
}
