import Testing

@testable import Reductor

/// What a release build does: targets without measurements. Their stores are made to measure
/// nothing in debug builds too, so that these run in both. In the suite that installs the global
/// handlers.
extension InstrumentationHandlerTests {
  /// A target on `stages` of every action.
  private func target<Action>(
    _ stages: Set<Instrumentation.Stage> = Set(Instrumentation.Stage.allCases)
  ) -> Instrumentation.Target<Action> {
    Instrumentation.Target(.init(rawValue: "all"), observing: stages)
  }

  /// The events as `stage kind`, without their durations.
  private func phases(_ events: [Instrumentation.TargetEvent]) -> [String] {
    events.map { event in
      switch event.kind {
      case .started: "\(event.stage) started"
      case .finished: "\(event.stage) finished"
      case .cancelled: "\(event.stage) cancelled"
      }
    }
  }

  @Test func withoutAHandlerAStoreWithTargetsCallsNoPredicateAndReadsNoClock() async {
    #expect(Instrumentation.onTargetEvent == nil)
    let clock = ManualClock()
    let steps = StepClock()
    let predicateCalls = Counter(0)
    let store = makeProbeStore(clock: clock)
    let counted = Instrumentation.Target<Probe>(.init(rawValue: "counted")) { _ in
      predicateCalls.increment()
      return true
    }
    store.setPlainInstrumentation(options: .init(targets: [counted], clock: steps), measures: false)
    let readsBefore = steps.reads  // the start of the instrumentation's stopwatch
    store.send(.sleep(milliseconds: 10))
    store.enqueue(.withPayload(1))
    await clock.advance(by: .milliseconds(10))
    #expect(store.state == 2)
    #expect(predicateCalls.value == 0)
    #expect(steps.reads == readsBefore)
  }

  @Test func aTwoPhaseStoresMutationsAreReducedInTheCycleOfTheirAction() async {
    let recorded = await recording(label: "twoPhase") {
      let store = makeTwoPhaseStore(targets: [target([.mutate, .reduce])])
      store.send(.action(.stop))
    }
    #expect(
      phases(recorded.targetEvents) == [
        "mutate started", "mutate finished", "reduce started", "reduce finished",
        "reduce started", "reduce finished",
      ])
    #expect(Set(recorded.targetEvents.map(\.cycle)).count == 1)
  }

  @Test func aCycleThatStartedWithAHandlerEndsWithItAfterItIsRemoved() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.removed") {
      let store = makeProbeStore(clock: clock)
      store.setPlainInstrumentation(
        options: .init(label: "probe.removed", targets: [target()]), measures: false)
      store.enqueue(.stop)
      Instrumentation.onTargetEvent = nil
      await clock.advance()
      #expect(store.state == 1)
    }
    #expect(
      phases(recorded.targetEvents) == [
        "queue started", "queue finished", "reduce started", "reduce finished", "effect started",
        "effect finished",
      ])
  }

  @Test func anActionDeliveredAfterTheStoreIsGoneStartsNoCycle() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.gone") {
      var store: ReducerStore<Int, Probe>? = makeProbeStore(clock: clock)
      store?.setPlainInstrumentation(
        options: .init(label: "probe.gone", targets: [target()]), measures: false)
      store?.send(.deliverLater(milliseconds: 10, detached: true))
      store = nil
      await clock.advance(by: .milliseconds(10))
    }
    // The detached effect ran to its end; the action it delivered was dropped with the store.
    #expect(
      phases(recorded.targetEvents) == [
        "queue started", "queue finished", "reduce started", "reduce finished", "effect started",
        "effect finished",
      ])
  }

  @Test func aReplacedDebounceIsCancelledAndTheOneThatRunsFinishes() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.debounce") {
      let store = makeProbeStore(clock: clock)
      store.setPlainInstrumentation(
        options: .init(label: "probe.debounce", targets: [target([.effect])]), measures: false)
      store.send(.debounce)
      await clock.advance(by: .milliseconds(50))
      store.send(.debounce)
      await clock.advance(by: .milliseconds(100))
      #expect(store.state == 3)
    }
    // The second starts, and in starting replaces the first, which is cancelled after 50 ms.
    let first = recorded.targetEvents.first?.cycle
    #expect(
      recorded.targetEvents.map { [$0.cycle == first ? "first" : "second", "\($0.kind)"] } == [
        ["first", "started"], ["second", "started"],
        ["first", "\(Instrumentation.TargetEvent.Kind.cancelled(.milliseconds(50)))"],
        ["second", "\(Instrumentation.TargetEvent.Kind.finished(.milliseconds(100)))"],
      ])
  }

  @Test func aStoresEndCancelsItsTimedEffects() async {
    let clock = ManualClock()
    let recorded = await recording(label: "probe.deinit") {
      var store: ReducerStore<Int, Probe>? = makeProbeStore(clock: clock)
      store?.setPlainInstrumentation(
        options: .init(label: "probe.deinit", targets: [target([.effect])]), measures: false)
      store?.send(.sleep(milliseconds: 100))
      await clock.advance(by: .milliseconds(20))
      store = nil
      await clock.advance(by: .milliseconds(100))
    }
    #expect(recorded.targetEvents.map(\.kind) == [.started, .cancelled(.milliseconds(20))])
  }
}

/// The steps of a two-phase store, as a reactable's: an action, whose `mutate` stage makes the
/// effect of its two mutations.
enum TwoPhaseStep: Sendable {
  case action(Probe)
  case mutation(Int)
}

/// Holds the two-phase store for its reducer's deferred effects.
@MainActor
final class TwoPhaseStoreBox {
  weak var store: ReducerStore<Int, TwoPhaseStep>?
}

/// A store of two-phase steps labelled `twoPhase`, measuring nothing: an action's `mutate`
/// returns the mutations 1 and 2, delivered at once.
@MainActor
func makeTwoPhaseStore(
  targets: [Instrumentation.Target<Probe>]
) -> ReducerStore<Int, TwoPhaseStep> {
  let box = TwoPhaseStoreBox()
  let store = ReducerStore(
    initialState: 0,
    reducer: Reduce { (state: inout Int, step: TwoPhaseStep) -> Effect<TwoPhaseStep> in
      switch step {
      case .action:
        return .deferred {
          box.store?.timeStage(.mutate) {
            Effect.concat([.send(.mutation(1)), .send(.mutation(2))])
          }
            ?? .none
        }
      case .mutation(let amount):
        state += amount
        return .none
      }
    },
    clock: ManualClock())
  box.store = store
  store.setInstrumentation(
    for: TwoPhaseStep.self, options: .init(label: "twoPhase", targets: targets),
    subject: { step in
      guard case .action(let action) = step else { return nil }
      return action
    },
    role: { step in
      guard case .action = step else { return .reduction }
      return .cycle(reduces: false)
    },
    naming: { $0 }, measures: false)
  return store
}
