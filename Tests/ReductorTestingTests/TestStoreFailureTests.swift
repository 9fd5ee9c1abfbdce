import Reductor
import ReductorReactor
import ReductorReactorTesting
import ReductorTesting
import Testing

/// Each scenario fails on purpose; the failures are known issues and their messages are checked.
@MainActor
@Suite struct TestStoreFailureTests {
  @Test func aWrongStateChangeFailsWithADiff() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(increment) differs from the expected state (− expected, + actual):
        count
          - 2
          + 1
        """
      ])
  }

  @Test func aSendWithoutAClosureAssertsThatTheStateDidNotChange() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment)
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(increment) differs from the expected state (− expected, + actual):
        count
          - 0
          + 1
        """
      ])
  }

  @Test func aMissingActionFailsTheReceive() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.increment) { $0.count = 1 }
      await store.receive(.tick)
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive tick, but no action was delivered. The manual clock is at 0.0 "
          + "seconds, and nothing sleeps on it."
      ])
  }

  @Test func anUnexpectedActionFailsTheReceive() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.receive(.tick)
      await store.finish()
    }
    #expect(
      failures == [
        """
        Expected to receive tick, but received increment (− expected, + received):
          - tick
          + increment
        """
      ])
  }

  /// The diff looks past the formatter's limits (100 children per value here): the message
  /// names the element that differs instead of dumping both states.
  @Test func aWrongStateChangePastTheDisplayLimitsFailsWithItsPath() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Shelf.State(), reducer: Shelf())
      await store.send(.mark(500)) { $0.items[500] = -2 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(mark(500)) differs from the expected state (− expected, + actual):
        items[500]
          - -2
          + -1
        """
      ])
  }

  /// The unreceived action stays, so the receive after the failure still finds it, and the
  /// send is checked from the state before it.
  @Test func sendingWhileActionsAreUnreceivedFailsAndKeepsThem() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.send(.increment) { $0.count = 3 }
      await store.receive(.increment) { $0.count = 2 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        Must receive 1 delivered action before sending increment:
          • increment
        Receive it with receive(_:), or skip it with skipReceivedActions().
        """
      ])
  }

  @Test func finishFailsForUnreceivedActionsAndNamesThem() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        1 delivered action was not received at the end of the test:
          • increment
        Receive it with receive(_:), skip it with skipReceivedActions(), or set exhaustivity = .off.
        """
      ])
  }

  @Test func finishFailsForAnEffectStillRunningAtTheLineOfItsSend() async {
    let clock = ManualClock()
    var sendLine = 0
    let failures = await recordedFailuresWithLines {
      let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
      sendLine = #line + 1
      await store.send(.startTimer)
      await store.finish()
      await store.skipInFlightEffects()
    }
    #expect(
      failures == [
        RecordedFailure(
          message: "An effect started by send(startTimer) is still running at the end of the "
            + "test. Advance the clock until it finishes, cancel it, or call "
            + "skipInFlightEffects().",
          line: sendLine)
      ])
  }

  /// TCA's `await task.finish()`: a task whose effect still runs fails it, at its line.
  @Test func aTaskWhoseEffectStillRunsFailsItsFinish() async {
    var finishLine = 0
    let failures = await recordedFailuresWithLines {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      let task = await store.send(.startTimer)
      await store.clock.advance(by: .seconds(1))
      await store.receive(.tick) { $0.ticks = 1 }
      finishLine = #line + 1
      await task.finish()
      await task.cancel()
      await store.finish()
    }
    #expect(
      failures == [
        RecordedFailure(
          message: """
            Expected the effects of send(startTimer) to finish, but 1 effect is still in flight:
              • ReductorTestingTests/Feature.swift:\(Feature.timerLine): \
            replaceable("timer"), running, started by send(startTimer)
            Advance the clock until they finish, or cancel them.
            """,
          line: finishLine)
      ])
  }

  /// A reactor's debounce is not its event's work (an awaited send does not wait for it), but a
  /// test store still tracks it, as the send's that started it.
  @Test func finishFailsForAReactorsPendingDebounceAtTheLineOfItsSend() async {
    var sendLine = 0
    let failures = await recordedFailuresWithLines {
      let store = TestStore(reactor: Searcher(clock: ManualClock()))
      sendLine = #line + 1
      await store.send(.action(.type("a"))) { $0.query = "a" }
      await store.finish()
      await store.skipInFlightEffects()
    }
    #expect(
      failures == [
        RecordedFailure(
          message: "An effect started by send(action(type(\"a\"))) is still running at the end "
            + "of the test. Advance the clock until it finishes, cancel it, or call "
            + "skipInFlightEffects().",
          line: sendLine)
      ])
  }

  @Test func aReceiveThatTimesOutFailsInsteadOfHanging() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.waitForever)
      await store.receive(.loaded(0), timeout: .milliseconds(20))
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive loaded(0), but no action was delivered within 0.02 seconds. The "
          + "manual clock is at 0.0 seconds, and nothing sleeps on it."
      ])
  }

  /// TCA's `testNoStateChangeFailure`: a closure that changes nothing, for an action that
  /// changes nothing, asserts nothing; the test says so.
  @Test func aStateClosureThatChangesNothingForAnActionThatChangesNothingFails() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.leaveUnchanged) { $0.count = 0 }
      await store.finish()
    }
    #expect(
      failures == [
        "Expected state to change, but no change occurred after send(leaveUnchanged): the state "
          + "closure changed nothing, and neither did the action. Omit the closure to assert "
          + "that the state does not change."
      ])
  }

  @Test func aReceiveWithNothingDeliveredSaysWhenTheClockWakesNext() async {
    let clock = ManualClock()
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
      await store.send(.load) { $0.isLoading = true }
      await store.receive(.loaded(42))
      await store.skipInFlightEffects()
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive loaded(42), but no action was delivered. The manual clock is at 0.0 "
          + "seconds, and its next sleeper wakes at 1.0 seconds: advance the clock to deliver "
          + "what waits for that."
      ])
  }

  @Test func sendingWhileTwoActionsAreUnreceivedNamesBoth() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.send(.incrementTwice) { $0.count = 3 }
      await store.send(.leaveUnchanged)
      await store.skipReceivedActions()
      await store.finish()
    }
    #expect(
      failures.last == """
        Must receive 2 delivered actions before sending leaveUnchanged:
          • increment
          • increment
        Receive them with receive(_:), or skip them with skipReceivedActions().
        """)
  }

  /// A `Send` used after its operation returned fails the test at the next call of the test
  /// store, naming the effect's place.
  @Test func aSendAfterItsEffectReturnedFailsTheTest() async throws {
    let feature = Feature()
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: feature)
      await store.send(.escapeSend)
      feature.escapedSend.value?(.increment)
      await store.finish()
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix(
        "The store reported: An effect sent increment after its operation returned; the action "
          + "was dropped. Send actions before the operation returns: await the work that sends "
          + "them. (ReductorTestingTests/Feature.swift:") == true)
  }

  @Test func aTestStoreDroppedWithoutFinishReportsWhatWasLeft() async {
    let failures = await recordedFailures {
      var store: TestStore<Feature.State, Feature.Action>? = TestStore(
        initialState: Feature.State(), reducer: Feature())
      await store?.send(.incrementTwice) { $0.count = 1 }
      store = nil
    }
    #expect(
      failures == [
        """
        1 delivered action was not received when the test store was deinitialized:
          • increment
        Receive it with receive(_:), skip it with skipReceivedActions(), or set exhaustivity = .off.
        """
      ])
  }
}

/// A feature whose state is past the formatter's default limits: 1,000 elements.
private struct Shelf: Reducer {
  struct State: Equatable {
    var items = Array(0..<1_000)
  }

  enum Action: Sendable, Equatable {
    case mark(Int)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .mark(let index):
      state.items[index] = -1
      return .none
    }
  }
}

/// A reactor that searches for what is typed once 300 ms pass without typing.
private final class Searcher: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable, Equatable {
    case type(String)
  }

  enum Mutation: Sendable, Equatable {
    case search(String)
  }

  struct State: Equatable {
    var query = ""
    var searched: [String] = []
  }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.type(let query)):
      state.query = query
      debounce(duration: .milliseconds(300)) { .search(query) }
    case .mutation(.search(let query)):
      state.searched.append(query)
    case .destination:
      break
    }
  }
}
