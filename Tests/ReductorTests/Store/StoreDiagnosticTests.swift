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

@Suite struct InFlightSummaryTests {
  @Test func aListOfEffectsInFlightReadsAsTheDiagnosticsShowIt() {
    let one = [
      InFlightEffect(
        stage: .running, lifetime: .storeBound, startedBy: "load", location: "App/Feed.swift:12")
    ]
    let two =
      one + [
        InFlightEffect(stage: .debouncing, lifetime: .replaceable("search"), startedBy: "type")
      ]
    #expect(
      one.summary
        == "1 effect in flight:\n  • App/Feed.swift:12: storeBound, running, started by send(load)")
    #expect(
      two.summary
        == "2 effects in flight:\n  • App/Feed.swift:12: storeBound, running, started by send(load)"
        + "\n  • replaceable(\"search\"), debouncing, started by send(type)")
  }
}
