public import Reductor

/// A store for tests that asserts exhaustively: each send states how the state changed, each
/// action an effect delivers must be received, and the test ends with nothing unreceived and no
/// effect running. A mismatch fails the test with a diff of the fields that differ.
///
/// ```swift
/// @MainActor @Test func loadingReplacesTheCount() async {
///   let clock = ManualClock()
///   let store = TestStore(
///     initialState: CounterFeature.State(),
///     reducer: CounterFeature.Reducer(dependencies: .live),
///     clock: clock)
///   await store.send(.load) { $0.isLoading = true }
///   await clock.advance(by: .milliseconds(300))
///   await store.receive(.loaded(42)) {
///     $0.isLoading = false
///     $0.count = 42
///   }
///   await store.finish()
/// }
/// ```
///
/// The state must be an `Equatable` value type: the test store compares a snapshot after every
/// action with the state the test expects. (An `@Observable` class state has one instance that
/// every snapshot would share; test such a feature through a `ReducerStore` on a
/// `ManualClock` with plain expectations, or keep the feature's state a struct.)
///
/// > Time: On a `ManualClock` the test store settles the clock (runs every runnable effect to
/// > its next sleep and reduces what it delivered) before each check, so checks are
/// > deterministic. For work that hops off the clock's executor (another actor, a callback
/// > thread), pass a `timeout:` to ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``
/// > and ``finish(timeout:fileID:filePath:line:column:)``: they wait at most that long, on the
/// > continuous clock, and fail with a clear message instead of hanging.
///
/// Failures are reported to Swift Testing (`Issue.record`) inside a `@Test`, and to XCTest
/// otherwise, at the call site. A test store that is deinitialized without ``finish(timeout:fileID:filePath:line:column:)``
/// reports what was left unasserted at the place it was created.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  private struct Reduction {
    let action: Action
    let state: State
  }

  private struct SentEffects: Sendable {
    let description: String
    let task: StoreTask
    let site: CallSite
  }

  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity = Exhaustivity.on

  private let store: ReducerStore<State, Action>
  private let manualClock: ManualClock?
  private let creationSite: CallSite
  /// The state as of the last assertion: what the next expectation starts from.
  private var assertedState: State
  /// Actions effects delivered that the test has not received yet, oldest first, and the state
  /// after each (two arrays, so the deinitializer can read the sendable actions alone).
  private var received: [Action] = []
  private var receivedStates: [State] = []
  /// The send currently running, which the next reduction belongs to.
  private var isSending = false
  private var sentReduction: Reduction?
  private var sentEffects: [SentEffects] = []
  private var receiveWaiter: CheckedContinuation<Void, Never>?
  private var isFinished = false

  /// Creates a test store that runs `reducer` over `initialState` on `clock`.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from.
  ///   - reducer: The reducer under test, built with the dependencies the test wants.
  ///   - clock: The clock effects use; a `ManualClock` (the default) makes time-based effects
  ///     deterministic.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public init<R: Reducer>(
    initialState: State,
    reducer: R,
    clock: any Clock<Duration> = ManualClock(),
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    store = StoreBuilder.reducer(initialState: initialState, reducer: reducer, clock: clock)
    manualClock = clock as? ManualClock
    assertedState = initialState
    creationSite = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    store.setReduceObserver(
      ReduceObserver(
        role: .testing,
        didReduce: { [weak self] action, state in
          self?.record(Reduction(action: action, state: state))
        }))
  }

  deinit {
    // Runs where the last reference is dropped, normally inside the test, so the failure is
    // attributed to the running test. No other reference exists, so reading the state is safe.
    guard !isFinished, exhaustivity == .on else { return }
    let sentEffects = sentEffects
    let received = received.map { String(describing: $0) }
    for message in Self.unassertedWork(
      received: received, sentEffects: sentEffects,
      context: "when the test store was deinitialized")
    {
      reportFailure(message, at: creationSite)
    }
  }

  /// The current state of the store under test.
  public var state: State {
    store.currentState
  }

  /// Sends an action and asserts how it changed the state.
  ///
  /// The closure receives the state as of the last assertion and mutates it into the state the
  /// test expects; without a closure, the state must not change. Sending while delivered actions
  /// are still unreceived fails (in exhaustive mode).
  ///
  /// ```swift
  /// await store.send(.increment) { $0.count = 1 }
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action to send.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  /// - Returns: The handle on the effects the action started.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> StoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await settle()
    if exhaustivity == .on, let last = receivedStates.last {
      reportFailure(
        "Must receive \(received.count) delivered action(s) before sending "
          + "\(describe(action)):\n"
          + received.map { "  • \(describe($0))" }.joined(
            separator: "\n"),
        at: site)
      // Reported once: the next expectations start after them.
      received.removeAll()
      receivedStates.removeAll()
      assertedState = last
    }
    isSending = true
    let task = store.send(action)
    isSending = false
    let reduction = sentReduction ?? Reduction(action: action, state: store.currentState)
    sentReduction = nil
    sentEffects.append(SentEffects(description: describe(action), task: task, site: site))
    check(reduction.state, after: "send(\(describe(action)))", updateExpected, at: site)
    return task
  }

  /// Receives the next action an effect delivered, which must equal `expected`, and asserts how
  /// it changed the state.
  ///
  /// ```swift
  /// await clock.advance(by: .milliseconds(300))
  /// await store.receive(.loaded(42)) { $0.count = 42 }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action the test expects next.
  ///   - timeout: How long to wait, on the continuous clock, for an action from work that left
  ///     the clock's executor. `nil` waits only for the manual clock to settle (one second on
  ///     other clocks).
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func receive(
    _ expected: Action,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async where Action: Equatable {
    await receive(
      describe(expected), matching: { $0 == expected }, timeout: timeout,
      updateExpected: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action an effect delivered, which must satisfy `isExpected`, and asserts
  /// how it changed the state. Use it for actions that are not `Equatable`:
  ///
  /// ```swift
  /// await store.receive({ if case .failed = $0 { true } else { false } }) {
  ///   $0.error = "offline"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - isExpected: Whether a delivered action is the one the test expects.
  ///   - timeout: How long to wait for work that left the clock's executor; see
  ///     ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func receive(
    _ isExpected: (Action) -> Bool,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await receive(
      "an action matching the predicate", matching: isExpected, timeout: timeout,
      updateExpected: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Settles the clock, then fails if delivered actions remain unreceived or effects still run,
  /// naming each with the send that started it.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock, for effects that left the clock's
  ///     executor to finish. `nil` waits only for the manual clock to settle (one second on other
  ///     clocks).
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    isFinished = true
    await settle()
    if let limit = waitLimit(timeout) {
      for sent in sentEffects where !sent.task.isFinished {
        _ = await sent.task.finish(timeout: limit)
      }
      await settle()
    }
    reportUnassertedWork(
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column),
      context: "at the end of the test")
  }

  /// Forgets the delivered actions not yet received, for tests that deliberately ignore them.
  public func skipReceivedActions() async {
    await settle()
    received.removeAll()
    receivedStates.removeAll()
    assertedState = store.currentState
  }

  /// Cancels the effects still running, and stops tracking them, for tests that deliberately
  /// ignore them.
  public func skipInFlightEffects() async {
    await settle()
    for sent in sentEffects { sent.task.cancel() }
    sentEffects.removeAll()
    await settle()
  }

  // MARK: - Machinery

  private func record(_ reduction: Reduction) {
    if isSending, sentReduction == nil {
      sentReduction = reduction
      return
    }
    received.append(reduction.action)
    receivedStates.append(reduction.state)
    if let waiter = receiveWaiter {
      receiveWaiter = nil
      waiter.resume()
    }
  }

  private func receive(
    _ expectation: String,
    matching isExpected: (Action) -> Bool,
    timeout: Duration?,
    updateExpected: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    await settle()
    if received.isEmpty, let limit = waitLimit(timeout) {
      await waitForDeliveredAction(upTo: limit)
    }
    while !received.isEmpty {
      let action = received.removeFirst()
      let state = receivedStates.removeFirst()
      if isExpected(action) {
        check(state, after: "receive(\(describe(action)))", updateExpected, at: site)
        return
      }
      assertedState = state
      if exhaustivity == .on {
        reportFailure(
          "Expected to receive \(expectation), but received \(describe(action)).", at: site)
        return
      }
    }
    let waited = waitLimit(timeout).map { " within \($0)" } ?? ""
    reportFailure(
      "Expected to receive \(expectation), but no action was delivered\(waited).", at: site)
  }

  /// Compares `actual` with the expected state: the last asserted state (or, when not exhaustive,
  /// the actual state) with `updateExpected` applied.
  private func check(
    _ actual: State,
    after step: String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at site: CallSite
  ) {
    defer { assertedState = actual }
    var expected = exhaustivity == .on ? assertedState : actual
    do {
      try updateExpected?(&expected)
    } catch {
      reportFailure("The state closure of \(step) threw \(error).", at: site)
      return
    }
    guard expected != actual else { return }
    let difference =
      MirrorFormatter().diff(from: expected, to: actual)
      ?? "expected: \(expected)\n  actual: \(actual)"
    reportFailure(
      "State after \(step) differs from the expected state (− expected, + actual):\n"
        + difference,
      at: site)
  }

  private func reportUnassertedWork(at site: CallSite, context: String) {
    guard exhaustivity == .on else { return }
    let messages = Self.unassertedWork(
      received: received.map(describe), sentEffects: sentEffects, context: context)
    for message in messages { reportFailure(message, at: site) }
  }

  /// The failures for actions left unreceived and effects still running.
  private nonisolated static func unassertedWork(
    received: [String], sentEffects: [SentEffects], context: String
  ) -> [String] {
    var messages: [String] = []
    if !received.isEmpty {
      messages.append(
        "\(received.count) delivered action(s) were not received \(context):\n"
          + received.map { "  • \($0)" }.joined(separator: "\n"))
    }
    for sent in sentEffects where !sent.task.isFinished {
      messages.append(
        "An effect started by send(\(sent.description)) at "
          + "\(sent.site.fileID):\(sent.site.line) is still running \(context). Advance the "
          + "clock until it finishes, cancel it, or call skipInFlightEffects().")
    }
    return messages
  }

  /// Runs every runnable effect to its next sleep on the manual clock and reduces what it
  /// delivered.
  private func settle() async {
    await manualClock?.advance(by: .zero)
  }

  /// How long to wait for work off the clock's executor: the given timeout; else none on a
  /// manual clock (settling is enough) and one second on any other clock.
  private func waitLimit(_ timeout: Duration?) -> Duration? {
    timeout ?? (manualClock == nil ? .seconds(1) : nil)
  }

  private func waitForDeliveredAction(upTo limit: Duration) async {
    let timer = Task { @MainActor [weak self] in
      try? await ContinuousClock().sleep(for: limit)
      self?.stopWaiting()
    }
    await withCheckedContinuation { receiveWaiter = $0 }
    timer.cancel()
  }

  private func stopWaiting() {
    receiveWaiter?.resume()
    receiveWaiter = nil
  }

  private func describe(_ action: Action) -> String {
    String(describing: action)
  }
}
