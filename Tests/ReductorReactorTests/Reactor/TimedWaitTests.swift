import Reductor
import Testing

@testable import ReductorReactor

/// `await send(action:timeout:)`, `asyncAction(_:timeout:)` and `AnyReactor`'s: a wait that the
/// work outlasts ends at the timeout and names what is still running, and where it was started
/// (#30 item 7).
@MainActor
@Suite struct TimedWaitTests {
  let clock = ManualClock()

  /// A reactor whose `slow` action's work sleeps a second on its clock.
  private final class Slow: Reactor {
    enum Action: Sendable { case slow, quick }
    enum Mutation: Sendable { case done }

    static let runLine: UInt = 4_200

    let reactorStorage = ReactorStorage()
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func makeInitialState() -> Int { 0 }

    func reduce(state: inout Int, event: Event) {
      switch event.kind {
      case .action(.slow):
        run(event, line: Self.runLine) {
          try? await EffectContext.clock.sleep(for: .seconds(1))
          return .done
        }
      case .action(.quick):
        run(event) { .done }
      case .mutation(.done):
        state += 1
      case .destination:
        break
      }
    }
  }

  /// A reactable whose `load` delivers a second later.
  private final class Loader: Reactable {
    static let runLine: UInt = 4_300

    let reactorStorage = ReactorStorage()
    let initialState = 0
    let clock: any Clock<Duration>

    init(clock: any Clock<Duration>) { self.clock = clock }

    func mutate(action: Int) -> Effect<Int> {
      .run(line: Self.runLine) { send in
        try await EffectContext.clock.sleep(for: .seconds(1))
        send(action)
      }
    }

    func reduce(state: inout Int, mutation: Int) { state = mutation }
  }

  @Test func aReactorsWaitEndsAtTheTimeoutAndNamesTheWorkStillRunning() async {
    let model = Slow(clock: clock)
    let reported = Locked<[StoreDiagnostic]>([])
    model.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let line: UInt = #line + 1
    await model.send(action: .slow, timeout: .milliseconds(50))
    let diagnostics = reported.value
    #expect(diagnostics.map(\.kind) == [.effectsStillInFlight])
    #expect(diagnostics.first?.line == line)
    let message = diagnostics.first?.message ?? ""
    #expect(
      message.hasPrefix(
        "send(action: slow) stopped waiting after 0.05 seconds with 1 effect in flight:\n"
          + "  • ReductorReactorTests/TimedWaitTests.swift:4200: storeBound, running, started by "
          + "send(action(slow))"))
    // Nothing was cancelled: the advance finishes the work.
    await clock.advance(by: .seconds(1))
    #expect(model.state == 1)
  }

  @Test func workThatFinishesInTimeReportsNothing() async {
    let model = Slow(clock: clock)
    let reported = Locked<[StoreDiagnostic]>([])
    model.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    await model.send(action: .quick, timeout: .seconds(5))
    #expect(model.state == 1)
    #expect(reported.value.isEmpty)
  }

  @Test func anErasedReactorWaitsTheSameWay() async {
    let model = Slow(clock: clock)
    let reported = Locked<[StoreDiagnostic.Kind]>([])
    model.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic.kind) } }
    await model.eraseToAnyReactor().send(action: .slow, timeout: .milliseconds(50))
    #expect(reported.value == [.effectsStillInFlight])
  }

  @Test func aReactablesAsyncActionEndsAtTheTimeoutAndReturnsTheStateThen() async {
    let loader = Loader(clock: clock)
    let reported = Locked<[StoreDiagnostic]>([])
    loader.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let state = await loader.asyncAction(7, timeout: .milliseconds(50))
    #expect(state == 0)
    // The send is named by its action, whether `mutate` ran before the send or in its turn.
    let messages = reported.value.map(\.message)
    #expect(
      messages == [
        "asyncAction(7) stopped waiting after 0.05 seconds with 1 effect in flight:\n"
          + "  • ReductorReactorTests/TimedWaitTests.swift:4300: storeBound, running, started by "
          + "send(action(7))"
      ])
    await clock.advance(by: .seconds(1))
    #expect(loader.currentState == 7)
  }
}
