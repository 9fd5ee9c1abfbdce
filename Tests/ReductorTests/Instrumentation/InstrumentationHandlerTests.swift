import Testing

@testable import Reductor

/// The tests that install the global handlers or move the global switch: serialized, and the
/// only ones in this test run that do (the instrumentation article's tests, which do too, run in
/// the snippet package's own). Each test's stores have a label or a type of their own, and a test
/// restores what it changed.
@MainActor
@Suite(.serialized) struct InstrumentationHandlerTests {
  /// Records the measurements and target events of stores labelled `label` while `body` runs.
  func recording(
    label: String, _ body: () async -> Void
  ) async -> (events: [Instrumentation.Event], targetEvents: [Instrumentation.TargetEvent]) {
    let events = Locked<[Instrumentation.Event]>([])
    let targetEvents = Locked<[Instrumentation.TargetEvent]>([])
    Instrumentation.onEvent = { event in
      if event.store == label { events.withLock { $0.append(event) } }
    }
    Instrumentation.onTargetEvent = { event in
      if event.store == label { targetEvents.withLock { $0.append(event) } }
    }
    await body()
    Instrumentation.onEvent = nil
    Instrumentation.onTargetEvent = nil
    return (events.value, targetEvents.value)
  }

  /// The global switch as a test found it, to put back: the switch first, then the filter, so
  /// that the switch is on without a filter only if it was (`REDUCTOR_INSTRUMENT=1`).
  struct GlobalSwitch {
    let enabledByDefault = Instrumentation.enabledByDefault
    let filter = Instrumentation.filter

    func restore() {
      Instrumentation.enabledByDefault = enabledByDefault
      Instrumentation.filter = filter
    }
  }

  private struct Sample: Equatable, CustomStringConvertible {
    let stage: Instrumentation.Stage
    let name: String
    let milliseconds: Int

    init(_ stage: Instrumentation.Stage, _ name: String, _ milliseconds: Int) {
      self.stage = stage
      self.name = name
      self.milliseconds = milliseconds
    }

    init(_ event: Instrumentation.Event) {
      self.init(event.stage, event.name, Int(event.duration.nanoseconds / 1_000_000))
    }

    var description: String { "\(stage) \(name) \(milliseconds)ms" }
  }

  #if DEBUG
  @Test func aStoreThatIsNotInstrumentedMeasuresNothing() async {
    struct NotInstrumented {}
    let globalSwitch = GlobalSwitch()
    defer { globalSwitch.restore() }
    Instrumentation.enabledByDefault = false
    let clock = ManualClock()
    let recorded = await recording(label: TypeName.of(NotInstrumented.self)) {
      let store = makeProbeStore(NotInstrumented.self, clock: clock, initialState: .init())
      store.send(.sleep(milliseconds: 10))
      store.send(.withPayload(1))
      await clock.advance(by: .milliseconds(10))
    }
    #expect(recorded.events.isEmpty)
  }

  @Test func eachActionHasOneQueueOneReduceAndOneEffectSample() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.samples") {
      let store = makeProbeStore(clock: clock).instrumentation(.init(label: "probe.samples"))
      store.send(.sleep(milliseconds: 100))
      await clock.advance(by: .milliseconds(30))
      store.send(.withPayload(42))
      await clock.advance(by: .milliseconds(100))
    }
    // Timed on the store's manual clock: a reduction takes no time, the sleep exactly its own.
    #expect(
      recorded.events.map(Sample.init) == [
        Sample(.queue, "sleep", 0), Sample(.reduce, "sleep", 0),
        Sample(.queue, "withPayload", 0), Sample(.reduce, "withPayload", 0),
        Sample(.effect, "sleep", 100),
      ])
  }

  @Test func aReductionThatReturnsNoEffectHasNoEffectSample() async {
    let recorded = await recording(label: "probe.noEffect") {
      let store = makeProbeStore().instrumentation(.init(label: "probe.noEffect"))
      store.send(.nested(.inner))
    }
    #expect(
      recorded.events.map(Sample.init) == [
        Sample(.queue, "nested(.inner)", 0), Sample(.reduce, "nested(.inner)", 0),
      ])
  }

  @Test func aBurstShowsAsQueueLatency() async {
    let clock = ManualClock()
    let steps = StepClock()
    let recorded = await recording(label: "probe.burst") {
      let store = makeProbeStore(clock: clock, steps: steps)
        .instrumentation(.init(label: "probe.burst", clock: steps))
      // Ten actions from another thread, reduced one after another: each waits for the ones
      // before it, whose reductions take 20 ms each.
      for _ in 0..<10 { store.enqueue(.work(microseconds: 20_000)) }
      await clock.advance()
    }
    let queue = recorded.events.filter { $0.stage == .queue }.map(\.duration)
    let reduce = recorded.events.filter { $0.stage == .reduce }.map(\.duration)
    #expect(queue == (0..<10).map { .milliseconds(20 * $0) })
    #expect(reduce == Array(repeating: .milliseconds(20), count: 10))
    #expect(queue.max()! > reduce.max()! * 3)
  }

  @Test func anEffectDeliveringAnActionEndsWhenThatActionIsReduced() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.chain") {
      let store = makeProbeStore(clock: clock).instrumentation(.init(label: "probe.chain"))
      store.send(.deliverLater(milliseconds: 40))
      await clock.advance(by: .milliseconds(40))
      #expect(store.state == 2)
    }
    #expect(
      recorded.events.map(Sample.init) == [
        Sample(.queue, "deliverLater", 0), Sample(.reduce, "deliverLater", 0),
        Sample(.queue, "withPayload", 0), Sample(.reduce, "withPayload", 0),
        Sample(.effect, "deliverLater", 40),
      ])
  }

  @Test func theGlobalSwitchInstrumentsStoresWithoutOptions() async {
    struct SwitchedOn {}
    let globalSwitch = GlobalSwitch()
    defer { globalSwitch.restore() }
    // The store's label is its state's type name, which the filter sees.
    let typeName = TypeName.of(SwitchedOn.self)
    #expect(typeName == "InstrumentationHandlerTests.SwitchedOn")
    let recorded = await recording(label: typeName) {
      // With a filter set, it decides alone: the type it accepts is instrumented, the switch
      // off...
      Instrumentation.filter = { $0.hasSuffix(".SwitchedOn") }
      Instrumentation.enabledByDefault = false
      let store = makeProbeStore(SwitchedOn.self, initialState: .init())
      store.send(.withPayload(1))
      // ... and switching it off reaches the store in the main actor's next turn.
      Instrumentation.filter = { _ in false }
      Instrumentation.enabledByDefault = true
      await InstrumentationSwitch.applied()
      store.send(.withPayload(2))
    }
    #expect(
      recorded.events.map(Sample.init) == [
        Sample(.queue, "withPayload", 0), Sample(.reduce, "withPayload", 0),
      ])
  }

  @Test func aFilterThatRefusesTheTypeKeepsEnabledByDefaultFromInstrumentingIt() async {
    struct Refused {}
    let globalSwitch = GlobalSwitch()
    defer { globalSwitch.restore() }
    // The filter first: the switch is never on without it, for other suites' stores.
    Instrumentation.filter = { $0.contains("SomethingElse") }
    Instrumentation.enabledByDefault = true
    let recorded = await recording(label: TypeName.of(Refused.self)) {
      let store = makeProbeStore(Refused.self, initialState: .init())
      store.send(.withPayload(1))
    }
    #expect(recorded.events.isEmpty)
  }

  @Test func aSlowStageWarnsOncePerIntervalAndEverySampleIsRecorded() throws {
    Instrumentation.warningInterval = .seconds(60)
    defer { Instrumentation.warningInterval = .seconds(1) }
    let steps = StepClock()
    let store = makeProbeStore(steps: steps)
      .instrumentation(
        .init(label: "probe.warnings", warningThreshold: .milliseconds(10), clock: steps))
    let warnings = Locked<[String]>([])
    store.diagnosticHandler = { diagnostic in
      #expect(diagnostic.kind == .slowStage)
      warnings.withLock { $0.append(diagnostic.description) }
    }
    // Three reductions of 30 ms, within one interval.
    for _ in 0..<3 { store.send(.work(microseconds: 30_000)) }
    #expect(
      warnings.value == [
        "[Reductor] Slow reduce: probe.warnings work took 30.0ms (threshold 10.0ms)"
      ])
    let row = try #require(
      StageStatistics.shared.histogram(
        of: .init(store: "probe.warnings", stage: .reduce, name: "work")))
    #expect(row.count == 3)
    // After the interval, the next slow one warns again.
    steps.step(by: .seconds(60))
    store.send(.work(microseconds: 30_000))
    #expect(warnings.value.count == 2)
  }

  @Test func aWarningSinkTakesTheWarningsInsteadOfTheDiagnostics() {
    let sunk = Locked<[String]>([])
    Instrumentation.warningSink = LogSink { line in sunk.withLock { $0.append(line) } }
    defer { Instrumentation.warningSink = nil }
    let steps = StepClock()
    let store = makeProbeStore(steps: steps)
      .instrumentation(.init(label: "probe.sink", warningThreshold: .milliseconds(1), clock: steps))
    let diagnostics = Counter(0)
    store.diagnosticHandler = { _ in diagnostics.increment() }
    store.send(.work(microseconds: 2_500))
    #expect(sunk.value == ["Slow reduce: probe.sink work took 2.5ms (threshold 1.0ms)"])
    #expect(diagnostics.value == 0)
  }

  @Test func withoutStatisticsTheEventsAreStillEmittedAndNoRowIsKept() async {
    Instrumentation.statisticsEnabled = false
    defer { Instrumentation.statisticsEnabled = true }
    let recorded = await recording(label: "probe.noStatistics") {
      let store = makeProbeStore().instrumentation(.init(label: "probe.noStatistics"))
      store.send(.stop)
    }
    // `.stop` returns a `.cancel`: an effect that starts no work, and ends at once.
    #expect(recorded.events.map(\.stage) == [.queue, .reduce, .effect])
    #expect(!Instrumentation.report().contains("probe.noStatistics"))
  }

  @Test func aStoresOwnOptionsWinOverARefusingFilter() async {
    let globalSwitch = GlobalSwitch()
    defer { globalSwitch.restore() }
    Instrumentation.filter = { _ in false }
    let recorded = await recording(label: "probe.own") {
      let store = makeProbeStore().instrumentation(.init(label: "probe.own"))
      store.send(.withPayload(1))
    }
    #expect(recorded.events.count == 2)
  }
  #endif

  // MARK: - Targets

  private func effectTarget(
    _ stages: Set<Instrumentation.Stage> = [.effect]
  ) -> Instrumentation.Target<Probe> {
    Instrumentation.Target(.init(rawValue: "probe.sleep"), observing: stages) { action in
      guard case .sleep = action else { return false }
      return true
    }
  }

  @Test func aTargetedEffectStartsThenFinishesWithOneCycle() async throws {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.target") {
      let store = makeProbeStore(clock: clock)
        .instrumentation(.init(label: "probe.target", targets: [effectTarget()]))
      store.send(.withPayload(1))
      store.send(.sleep(milliseconds: 25))
      await clock.advance(by: .milliseconds(25))
    }
    let cycle = try #require(recorded.targetEvents.first?.cycle)
    #expect(
      recorded.targetEvents == [
        .init(
          target: .init(rawValue: "probe.sleep"), cycle: cycle, stage: .effect,
          store: "probe.target", kind: .started),
        .init(
          target: .init(rawValue: "probe.sleep"), cycle: cycle, stage: .effect,
          store: "probe.target", kind: .finished(.milliseconds(25))),
      ])
    #expect(
      recorded.targetEvents.last?.description
        == "probe.sleep #\(cycle) effect finished 25.0ms (probe.target)")
  }

  @Test func aCancelledEffectIsRecordedAsCancelled() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.cancel") {
      let store = makeProbeStore(clock: clock)
        .instrumentation(.init(label: "probe.cancel", targets: [effectTarget()]))
      store.send(.sleep(milliseconds: 100))
      await clock.advance(by: .milliseconds(30))
      store.send(.stop)
      await clock.advance(by: .milliseconds(100))
    }
    #expect(recorded.targetEvents.map(\.kind) == [.started, .cancelled(.milliseconds(30))])
  }

  @Test func aCancelledStoreTaskCancelsTheTimedEffect() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.task") {
      let store = makeProbeStore(clock: clock)
        .instrumentation(.init(label: "probe.task", targets: [effectTarget()]))
      let task = store.send(.sleep(milliseconds: 100))
      await clock.advance(by: .milliseconds(10))
      task.cancel()
      await clock.advance(by: .milliseconds(100))
      #expect(task.isCancelled)
    }
    #expect(recorded.targetEvents.map(\.kind) == [.started, .cancelled(.milliseconds(10))])
  }

  @Test func theStagesOfOneActionShareACycleAndTheNextActionHasAnother() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.cycles") {
      let store = makeProbeStore(clock: clock)
        .instrumentation(
          .init(label: "probe.cycles", targets: [effectTarget(Set(Instrumentation.Stage.allCases))])
        )
      store.send(.sleep(milliseconds: 5))
      await clock.advance(by: .milliseconds(5))
      store.send(.sleep(milliseconds: 5))
      await clock.advance(by: .milliseconds(5))
    }
    let oneCycle = [
      "queue started", "queue finished 0.0ms", "reduce started", "reduce finished 0.0ms",
      "effect started", "effect finished 5.0ms",
    ]
    #expect(
      recorded.targetEvents.map { $0.description.split(separator: " ").dropFirst(2).dropLast() }
        .map { $0.joined(separator: " ") } == oneCycle + oneCycle)
    let cycles = recorded.targetEvents.map(\.cycle)
    #expect(Set(cycles.prefix(6)).count == 1)
    #expect(Set(cycles.suffix(6)).count == 1)
    #expect(cycles.first != cycles.last)
  }

  @Test func aTargetOnlyForTheOtherBuildEmitsNothing() async {
    #if DEBUG
    let emission = Instrumentation.Emission.releaseOnly
    #else
    let emission = Instrumentation.Emission.debugOnly
    #endif
    let clock = ManualClock()
    let recorded = await recording(label: "probe.otherBuild") {
      let target = Instrumentation.Target<Probe>(.init(rawValue: "any"), emittingIn: emission)
      let store = makeProbeStore(clock: clock)
        .instrumentation(.init(label: "probe.otherBuild", targets: [target]))
      store.send(.sleep(milliseconds: 5))
      await clock.advance(by: .milliseconds(5))
    }
    #expect(recorded.targetEvents.isEmpty)
  }
}
