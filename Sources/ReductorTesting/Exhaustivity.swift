/// How strictly a ``TestStore`` checks a test.
public enum Exhaustivity: Sendable, Equatable {
  /// Every state change, every delivered action and every effect must be asserted: the state
  /// closure describes the whole change, each delivered action is received in order, and the test
  /// ends with nothing unreceived and no effect running.
  case on
  /// Only what the test states is checked: a state closure's changes are compared against the
  /// actual state (other fields may differ),
  /// ``TestStore/receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``
  /// skips actions until one matches, and unreceived actions or running effects do not fail.
  /// With `showSkippedAssertions`, what the exhaustive mode would have failed is printed, each
  /// line starting with `Skipped assertion:`, and fails nothing.
  case off(showSkippedAssertions: Bool)

  /// ``off(showSkippedAssertions:)`` that prints nothing.
  public static let off = Self.off(showSkippedAssertions: false)
}
