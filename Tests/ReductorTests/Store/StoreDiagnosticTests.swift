import Reductor
import Testing

@Suite struct StoreDiagnosticTests {
  @Test func aDiagnosticDescribesItselfWithItsPlaceWhenItHasOne() {
    let placed = StoreDiagnostic(
      kind: .effectFailed, message: "load failed", error: nil, fileID: "App/Feed.swift", line: 12)
    let unplaced = StoreDiagnostic(
      kind: .slowStage, message: "reduce took 20 ms", error: nil, fileID: "", line: 0)
    #expect(placed.description == "[Reductor] App/Feed.swift:12: load failed")
    #expect(unplaced.description == "[Reductor] reduce took 20 ms")
  }
}
