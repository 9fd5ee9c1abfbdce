// The code of the article "Logging" of the Reductor documentation.
import Reductor
import Testing

/// The state of the article's diff past the limits, as the root package's
/// `MirrorFormatterDiffLimitTests` have it for their other cases.
private struct Inventory: Equatable {
  var items: [Int]
}

/// The limits bound what a diff lists, never whether or where two values differ.
@Suite struct MirrorFormatterDiffLimitTests {
  @Test func aChangePastTheDefaultLimitsIsListedByItsPath() {
    let old = Inventory(items: Array(0..<1_000))
    var new = old
    new.items[500] = -1
    #expect(
      MirrorFormatter().diff(from: old, to: new) == """
        items[500]
          - 500
          + -1
        """)
    #expect(MirrorFormatter().diff(from: old, to: old) == nil)
  }
}
