import Testing

@testable import Reductor

/// Instrumentation without the global handlers: warnings through the store's diagnostics, the
/// report's rows of one label, and the pieces on their own.
@MainActor
@Suite struct InstrumentationTests {
  @Test(arguments: [
    ([:], false), (["REDUCTOR_INSTRUMENT": "1"], true), (["REACTABLE_INSTRUMENT": "1"], true),
    (["REDUCTOR_INSTRUMENT": "true"], true), (["REDUCTOR_INSTRUMENT": "0"], false),
    (["REDUCTOR_INSTRUMENT": ""], false),
  ])
  func theEnvironmentVariableSwitchesItOn(environment: [String: String], isOn: Bool) {
    #expect(Instrumentation.isSwitchedOnByEnvironment(getenv: { environment[$0] }) == isOn)
  }

  @Test func caseNamesDropThePayloadButKeepAnInnerCaseWithout() {
    #expect(CaseName.of(Probe.stop) == "stop")
    #expect(CaseName.of(Probe.withPayload(42)) == "withPayload")
    #expect(CaseName.of(Probe.work(microseconds: 1)) == "work")
    #expect(CaseName.of(Probe.nested(.inner)) == "nested(.inner)")
    #expect(CaseName.of(CountingValue()) == "CountingValue")
  }

  @Test func withoutAHandlerTargetsAllocateAndTimeNothing() throws {
    let steps = StepClock()
    let predicateCalls = Counter(0)
    let target = Instrumentation.Target<Probe>(.init(rawValue: "all")) { _ in
      predicateCalls.increment()
      return true
    }
    // As in a release build: no measurements, only the target.
    let made = StoreInstrument<Probe>(
      options: .init(targets: [target], clock: steps), typeName: "Probe",
      storeClock: ManualClock(), reportDiagnostic: { _ in }, subject: { $0 },
      role: { _ in .cycle(reduces: true) }, name: { CaseName.of($0) }, measures: false)
    let instrument = try #require(made)
    let readsBefore = steps.reads  // the start of the instrumentation's stopwatch
    #expect(instrument.beginCycle(.stop, handlerInstalled: false) == nil)
    #expect(steps.reads == readsBefore)
    #expect(predicateCalls.value == 0)
    let cycle = instrument.beginCycle(.stop, handlerInstalled: true, handler: { _ in })
    #expect(cycle?.observes(.effect) == true)
    #expect(cycle?.name == nil)
    #expect(steps.reads == readsBefore + 1)
    #expect(predicateCalls.value == 1)
  }

  @Test func withoutMeasurementsOrTargetsThereIsNothingToInstall() {
    let instrument = StoreInstrument<Probe>(
      options: .default, typeName: "Probe", storeClock: ManualClock(), reportDiagnostic: { _ in },
      subject: { $0 }, role: { _ in .cycle(reduces: true) }, name: { CaseName.of($0) },
      measures: false)
    #expect(instrument == nil)
  }

  #if DEBUG
  @Test func theReportShowsCountPercentilesAndMaximumOfEachRow() throws {
    let steps = StepClock()
    let store = makeProbeStore(steps: steps)
      .instrumentation(.init(label: "probe.report", warningThreshold: .seconds(1), clock: steps))
    for microseconds in [800, 12_000, 137_400] { store.send(.work(microseconds: microseconds)) }
    let rows = Instrumentation.report().split(separator: "\n").map {
      $0.split(separator: " ").map(String.init)
    }
    #expect(rows.first == ["Reductor", "instrumentation", "report", "(threshold", "50.0ms)"])
    #expect(
      rows.filter { $0.first == "probe.report" } == [
        ["probe.report", "reduce", "work", "3", "12.0ms", "137.4ms", "137.4ms"],
        ["probe.report", "queue", "work", "3", "0.0ms", "0.0ms", "0.0ms"],
      ])
  }
  #else
  @Test func releaseBuildsMeasureNothing() {
    let steps = StepClock()
    let store = makeProbeStore(steps: steps)
      .instrumentation(.init(label: "probe.release", warningThreshold: .zero, clock: steps))
    let warnings = Counter(0)
    store.diagnosticHandler = { _ in warnings.increment() }
    store.send(.work(microseconds: 30_000))
    #expect(warnings.value == 0)
    #expect(steps.reads == 0)
    #expect(!Instrumentation.report().contains("probe.release"))
  }
  #endif
}
