import Reductor
import ReductorTesting
import XCTest

/// Outside a Swift Testing `@Test`, the test store reports through XCTest. While `isCapturing`,
/// this case keeps what XCTest records instead of failing; its own assertions fail normally.
final class XCTestReportingTests: XCTestCase {
  private var isCapturing = false
  private var recorded: [(message: String, file: String, line: Int)] = []

  override func recordFailure(
    withDescription description: String, inFile filePath: String, atLine lineNumber: Int,
    expected: Bool
  ) {
    guard isCapturing else {
      return super.recordFailure(
        withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
    }
    recorded.append((description, filePath, lineNumber))
  }

  @MainActor
  func testAMissingReceiveIsRecordedByXCTestAtTheCallSite() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.increment) { $0.count = 1 }
    isCapturing = true
    let line = #line + 1
    await store.receive(.tick)
    isCapturing = false
    await store.finish()
    XCTAssertEqual(
      recorded.map(\.message),
      [
        "failed - Expected to receive tick, but no action was delivered. The manual clock is at "
          + "0.0 seconds, and nothing sleeps on it."
      ])
    XCTAssertEqual(recorded.map(\.line), [line])
    XCTAssertEqual(recorded.map(\.file), [#filePath])
  }
}
