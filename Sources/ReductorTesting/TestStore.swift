public import Reductor

/// A store for tests that asserts exhaustively: each send states how the state changed, each
/// action an effect delivers must be received, and the test ends with nothing unreceived and no
/// effect running. A mismatch fails the test with a diff of the fields that differ.
///
/// ```swift
/// @MainActor @Test func loadingReplacesTheCount() async {
///   let store = TestStore(
///     initialState: CounterFeature.State(),
///     reducer: CounterFeature.Reducer(dependencies: .live))
///   await store.send(.load) { $0.isLoading = true }
///   await store.clock.advance(by: .milliseconds(300))
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
/// > Time: A test store always runs on a `ManualClock`, ``clock``: a new one unless you pass
/// > your own to the initializer. Time moves only when the test advances it
/// > (`await store.clock.advance(by: .milliseconds(200))`), never by itself, so an effect that
/// > sleeps waits for that. ``send(_:assert:fileID:filePath:line:column:)``,
/// > `receive` and ``finish(timeout:fileID:filePath:line:column:)`` are settle points of the
/// > clock: `send` returns with the effects it started run until they finished or sleep on the
/// > clock, and the actions they delivered reduced, waiting to be received. Nothing moves
/// > between two calls, so every run of a test sees the same thing. For work that hops off the
/// > clock's executor (another actor, a callback thread), pass a `timeout:` to `receive` and
/// > `finish`: they settle again whenever such work comes back, for at most that long on the
/// > continuous clock, and fail with a clear message instead of hanging.
///
/// It drives a store that an actor of yours owns, an `ActorStore`, the same way, each step on that
/// actor: ``init(initialState:reducer:owner:clock:withDependencies:fileID:filePath:line:column:)``.
/// With `ReductorReactorTesting` it drives the reactors of `ReductorReactor` the same way, on
/// their own stores: `init(reactor:)`, `init(reactable:)` and `init(asyncReactor:)`.
///
/// Failures are reported to Swift Testing (`Issue.record`) inside a `@Test`, and to XCTest
/// otherwise, at the call site; an effect still running at the end is reported at the `send`
/// that started it. What the store reports as a `StoreDiagnostic` (an effect that threw
/// without a `catch:` handler, a `send` after its effect returned) fails the test too. A test
/// store that is deinitialized without ``finish(timeout:fileID:filePath:line:column:)`` reports
/// what was left unasserted at the place it was created.
@MainActor
public final class TestStore<State: Equatable, Action: Sendable> {
  /// The states before and after one reduction.
  private struct Reduction {
    let before: State
    let after: State
    /// The shared values before and after it, which the states read from one place.
    let sharedBefore: SharedValues
    let sharedAfter: SharedValues
  }

  private struct SentEffects: Sendable {
    let description: String
    let task: StoreTask
    let site: CallSite
  }

  /// How strictly the test is checked; ``Exhaustivity/on`` by default.
  public var exhaustivity = Exhaustivity.on

  /// The clock the store's effects run on. Advance it to move time:
  ///
  /// ```swift
  /// await store.send(.startTimer)
  /// await store.clock.advance(by: .seconds(1))
  /// await store.receive(.timerTicked) { $0.seconds = 1 }
  /// ```
  public let clock: ManualClock

  /// The dependencies the reducer and its effects run with: the test context, the store's
  /// clock, and the overrides given to the initializer. Change them between steps:
  ///
  /// ```swift
  /// store.dependencies.numberFact = NumberFact { _ in "another fact" }
  /// ```
  ///
  /// Changing one field of a dependency, as TCA's tests do
  /// (`store.dependencies.factClient.fetch = { … }`), reads the dependency first: that read is
  /// part of the override, and does not report a missing test value.
  public var dependencies: DependencyValues {
    get { store.dependencies ?? DependencyValues() }
    set { store.dependencies = newValue }
    _modify {
      var dependencies = store.dependencies ?? DependencyValues()
      dependencies.isOverriding = true
      defer {
        dependencies.isOverriding = false
        store.dependencies = dependencies
      }
      yield &dependencies
    }
  }

  private let store: StoreUnderTest<State, Action>
  private let creationSite: CallSite
  /// The state after the last reduction, which the next one starts from.
  private var lastState: State
  /// The shared values after the last reduction.
  private var lastShared = SharedValues()
  /// Actions effects delivered that the test has not received yet, oldest first, and the states
  /// around each (two arrays, so the deinitializer can read the sendable actions alone).
  private var received: [Action] = []
  private var receivedReductions: [Reduction] = []
  /// Set while `send` runs: the first reduction is the sent action's.
  private var isSending = false
  private var sentReduction: Reduction?
  private var sentEffects: [SentEffects] = []
  /// The last send, which work the store starts apart from the sends is reported at.
  private var lastSend: (description: String, site: CallSite)?
  /// What the store reported, from any thread; each becomes a failure at the next call.
  private let diagnostics = Locked<[StoreDiagnostic]>([])
  private var isFinished = false
  /// What a non-exhaustive test skipped, in order, when it shows its skipped assertions.
  private(set) var skippedAssertions: [String] = []

  /// Creates a test store that runs `reducer` over `initialState` on a manual clock.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from, made with the test's dependencies (so
  ///     that its shared values live in the test's in-memory storage).
  ///   - reducer: The reducer under test, built with the dependencies the test wants.
  ///   - clock: The manual clock effects use, which ``clock`` returns; a new one by default.
  ///     Pass one to share it with other stores or dependencies of the test.
  ///   - updateDependencies: Overrides dependencies for the reducer and its effects, which run
  ///     in the test context: a dependency without a test value and no override fails the test.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: R,
    clock: ManualClock = ManualClock(),
    withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, clock: clock, withDependencies: updateDependencies,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { initialState, values in
      StoreUnderTest(
        store: ReducerStore(
          initialState: initialState, reducer: values.reducing(with: reducer), clock: clock),
        dependencies: values.accessors)
    }
  }

  /// Creates a test store that runs `reducer` over `initialState` on a manual clock, in a store
  /// that `owner` owns: an `ActorStore`, whose reducer runs on that actor, and to which its
  /// effects deliver, as in a service that keeps its stores on actors of its own.
  ///
  /// ```swift
  /// @MainActor @Test func aDelayedPostArrives() async {
  ///   let store = TestStore(initialState: Chat.State(), reducer: Chat(), owner: Room())
  ///   await store.send(.postLater("Hi", after: .seconds(1))) { $0.pending = 1 }
  ///   await store.clock.advance(by: .seconds(1))
  ///   await store.receive(.post("Hi")) { $0.messages = ["Hi"] }
  /// }
  /// ```
  ///
  /// The assertions are those of a store on the main actor. Each send runs on `owner`, and the
  /// clock's settle points reduce there what the effects delivered, so `send`, `receive`, an
  /// advance and `finish` return with the store settled on its actor.
  /// ``assert(_:fileID:filePath:line:column:)``, which does not wait, sees the store as the last
  /// of those left it.
  ///
  /// - Parameters:
  ///   - initialState: The state the test starts from, made with the test's dependencies.
  ///   - reducer: The reducer under test; it runs on `owner`.
  ///   - owner: The actor that owns the store: any actor, such as the one the program keeps the
  ///     store on.
  ///   - clock: The manual clock effects use, which ``clock`` returns; a new one by default.
  ///   - updateDependencies: Overrides dependencies for the reducer and its effects; see
  ///     ``init(initialState:reducer:clock:withDependencies:fileID:filePath:line:column:)``.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public convenience init<R: Reducer>(
    initialState: @autoclosure () -> State,
    reducer: sending R,
    owner: any Actor,
    clock: ManualClock = ManualClock(),
    withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where R.State == State, R.Action == Action {
    self.init(
      initialState: initialState, clock: clock, withDependencies: updateDependencies,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    ) { initialState, values in
      let reductions = ReductionLog<State, Action>()
      return StoreUnderTest(
        store: ActorStore(
          initialState: initialState,
          reducer: reductions.recording(values.reducing(with: reducer)), clock: clock),
        owner: owner, clock: clock, reductions: reductions, dependencies: values.accessors)
    }
  }

  /// Creates a test store of the store `makeStore` makes, on `clock`, from `initialState` and
  /// the dependencies its reducer is to reduce with. The initial state is made with the test's
  /// dependencies, so that a shared value of the state lives in the test's storage.
  private convenience init(
    initialState: () -> State,
    clock: ManualClock,
    withDependencies updateDependencies: (inout DependencyValues) -> Void,
    site: CallSite,
    makeStore: (State, TestDependencies) -> StoreUnderTest<State, Action>
  ) {
    self.init(clock: clock, withDependencies: updateDependencies, site: site) { dependencies in
      let initialState = withDependencies {
        $0 = dependencies
      } operation: {
        initialState()
      }
      return makeStore(initialState, TestDependencies(dependencies))
    }
  }

  /// Creates a test store that drives the store `makeStore` makes with the test's dependencies,
  /// whose clock is `clock`.
  package init(
    clock: ManualClock,
    withDependencies updateDependencies: (inout DependencyValues) -> Void,
    site: CallSite,
    makeStore: (DependencyValues) -> StoreUnderTest<State, Action>
  ) {
    var dependencies = DependencyValues.test(clock: clock, reportingTo: diagnostics)
    dependencies.isOverriding = true
    updateDependencies(&dependencies)
    dependencies.isOverriding = false
    store = makeStore(dependencies)
    store.dependencies = dependencies
    self.clock = clock
    lastState = store.state
    lastShared = SharedValues(heldBy: lastState)
    creationSite = site
    store.recordReductions { [weak self] action, state in self?.record(action, state) }
    store.trackWorkApart { [weak self] task in self?.trackWorkApart(task) }
    store.setDiagnosticHandler { [diagnostics] diagnostic in
      // A slow stage of an instrumented store is a measurement, not a failure: on the test's
      // manual clock an effect lasts its virtual time, whatever the threshold.
      guard diagnostic.kind != .slowStage else { return print(diagnostic) }
      diagnostics.withLock { $0.append(diagnostic) }
    }
  }

  deinit {
    // Runs where the last reference is dropped, normally inside the test, so the failure is
    // attributed to the running test. No other reference exists, so reading the state is safe.
    guard !isFinished, exhaustivity == .on else { return }
    let sentEffects = sentEffects
    let received = received.map { String(describing: $0) }
    for failure in Self.unassertedWork(
      received: received, sentEffects: sentEffects,
      context: "when the test store was deinitialized", site: creationSite)
    {
      reportFailure(failure.message, at: failure.site)
    }
  }

  /// The current state of the store under test.
  public var state: State {
    store.state
  }

  /// Sends an action and asserts how it changed the state.
  ///
  /// The closure receives the state before the action and mutates it into the state the test
  /// expects; without a closure, the state must not change. Sending while delivered actions are
  /// still unreceived fails (in exhaustive mode); they stay to be received. It returns with the
  /// effects the action started settled: run until they finished or sleep on the ``clock``, with
  /// the actions they delivered reduced and waiting to be received.
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
  /// - Returns: The handle on the effects the action started, which ``TestStoreTask/cancel()``
  ///   cancels.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let description = describe(action)
    await settle(at: site)
    if !received.isEmpty {
      let them = received.count == 1 ? "it" : "them"
      assertExhaustively(
        "Must receive \(count(received.count, "delivered action")) before sending "
          + "\(description):\n" + bulleted(received.map(describe))
          + "\nReceive \(them) with receive(_:), or skip \(them) with skipReceivedActions().",
        at: site)
    }
    // Work off the clock's executor may have delivered actions since the settle point: they
    // are received actions, reduced before the sent one (on a main-actor store; a store on
    // another actor reduces them at the clock's next asynchronous settle point).
    settleOnMainActor(at: site)
    lastSend = (description, site)
    isSending = true
    let sent = await store.send(action)
    store.handOverRecordedReductions()
    isSending = false
    guard let task = sent else {
      reportFailure(
        "\(description) cannot be sent: it is what the work under test produces. Receive it "
          + "with receive(_:).", at: site)
      return TestStoreTask(.finished)
    }
    let reduction =
      sentReduction
      ?? Reduction(
        before: lastState, after: lastState, sharedBefore: lastShared, sharedAfter: lastShared)
    sentReduction = nil
    sentEffects.append(SentEffects(description: description, task: task, site: site))
    check(reduction, after: "send(\(description))", updateExpected, at: site)
    await settle(at: site)
    return TestStoreTask(task) { [weak self] timeout, site in
      await self?.assertFinished(task, of: description, timeout: timeout, at: site)
    }
  }

  /// Sends the binding action that sets a field, named by its path, and asserts how it changed
  /// the state: TCA's `store.send(\.binding.query, "swift") { … }`, the same as
  /// `store.send(.binding(.set(\.query, "swift"))) { … }`.
  ///
  /// - Parameters:
  ///   - field: `\.binding.` and the field.
  ///   - value: The field's new value.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  /// - Returns: The handle on the effects the action started.
  @discardableResult
  public func send<Value: Equatable & Sendable>(
    _ field: KeyPath<BindingActionPaths<State>, any WritableKeyPath<State, Value> & Sendable>,
    _ value: Value,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask where Action: BindableAction, Action.State == State {
    await send(
      .binding(.set(BindingActionPaths()[keyPath: field], value)), assert: updateExpected,
      fileID: fileID, filePath: filePath, line: line, column: column)
  }

  /// Sends the action of one row that `path` names, carrying `value`, and asserts how it changed
  /// the state: TCA's `store.send(\.todos[id: id].binding.title, "Milk") { … }`.
  ///
  /// ```swift
  /// await store.send(\.todo[id: 1].binding.title, "Milk") {
  ///   $0.todos[id: 1]?.title = "Milk"
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - path: The row's `ActionCase`, `[id:]`, then what the value is: `.binding.title`; see
  ///     ``RowActionPaths``.
  ///   - value: What the action carries.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  /// - Returns: The handle on the effects the action started.
  @discardableResult
  public func send<Value>(
    _ path: KeyPath<RowActionPaths<Action>, ActionPath<Action, Value>>,
    _ value: Value,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async -> TestStoreTask {
    await send(
      RowActionPaths()[keyPath: path].embed(value), assert: updateExpected, fileID: fileID,
      filePath: filePath, line: line, column: column)
  }

  /// Receives the next action an effect delivered, which must equal `expected`, and asserts how
  /// it changed the state.
  ///
  /// ```swift
  /// await store.clock.advance(by: .milliseconds(300))
  /// await store.receive(.loaded(42)) { $0.count = 42 }
  /// ```
  ///
  /// - Parameters:
  ///   - expected: The action the test expects next.
  ///   - timeout: How long to wait, on the continuous clock, for an action from work that left
  ///     the clock's executor. `nil` waits only for the manual clock to settle.
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
      describe(expected), matching: { $0 == expected },
      difference: { actionDiff(from: expected, to: $0) }, timeout: timeout,
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
      "an action matching the predicate", matching: isExpected, difference: { _ in nil },
      timeout: timeout, updateExpected: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action an effect delivered, which must be in the cases `pattern` names,
  /// and asserts how it changed the state: TCA's `receive(\.searchResponse.success)`.
  ///
  /// ```swift
  /// await store.receive(\.searchResponse.success) { $0.results = ["rust", "ruby"] }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The cases the action must be in, outermost first; see ``CasePattern``.
  ///   - timeout: How long to wait for work that left the clock's executor; see
  ///     ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func receive(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let pattern = CasePattern.from(pattern)
    await receive(
      "an action matching \(pattern.description)", matching: pattern.matches,
      difference: { _ in nil }, timeout: timeout, updateExpected: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Receives the next action an effect delivered, which must be in the cases `pattern` names
  /// and carry `payload` there, and asserts how it changed the state: TCA's
  /// `receive(\.searchResponse.success, ["rust", "ruby"])`.
  ///
  /// ```swift
  /// await store.receive(\.response.success, ["swift"]) { $0.results = ["swift"] }
  /// ```
  ///
  /// - Parameters:
  ///   - pattern: The cases the action must be in, outermost first; see ``CasePattern``.
  ///   - payload: What the innermost case must carry.
  ///   - timeout: How long to wait for work that left the clock's executor; see
  ///     ``receive(_:timeout:assert:fileID:filePath:line:column:)-(Action,_,_,_,_,_,_)``.
  ///   - updateExpected: Mutates the previous state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func receive<Payload: Equatable>(
    _ pattern: KeyPath<CasePattern<Action>, CasePattern<Action>>,
    _ payload: Payload,
    timeout: Duration? = nil,
    assert updateExpected: ((inout State) throws -> Void)? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    let pattern = CasePattern.from(pattern)
    await receive(
      "an action matching \(pattern.description) with \(payload)",
      matching: { pattern.payload(of: $0) as? Payload == payload },
      difference: { _ in nil }, timeout: timeout, updateExpected: updateExpected,
      at: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Settles the clock, then fails if delivered actions remain unreceived or effects still run,
  /// naming each; an effect still running is reported at the send that started it.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock, for effects that left the clock's
  ///     executor to finish. `nil` waits only for the manual clock to settle.
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
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    isFinished = true
    await settle(at: site)
    if let timeout {
      let deadline = ContinuousClock.now.advanced(by: timeout)
      for sent in sentEffects where !sent.task.isFinished {
        _ = await sent.task.finish(timeout: ContinuousClock.now.duration(to: deadline))
      }
      await settle(at: site)
    }
    for failure in Self.unassertedWork(
      received: received.map(describe), sentEffects: sentEffects,
      context: "at the end of the test", site: site)
    {
      assertExhaustively(failure.message, at: failure.site)
    }
  }

  /// Fails unless the effects `task` tracks, started by `send(description)`, have finished
  /// once the clock has settled and, with a `timeout`, that much time has passed.
  private func assertFinished(
    _ task: StoreTask, of description: String, timeout: Duration?, at site: CallSite
  ) async {
    await settle(at: site)
    if let timeout, !task.isFinished {
      _ = await task.finish(timeout: timeout)
      await settle(at: site)
    }
    let inFlight = task.inFlightEffects
    guard !inFlight.isEmpty else { return }
    let effects = inFlight.count == 1 ? "1 effect is" : "\(inFlight.count) effects are"
    reportFailure(
      "Expected the effects of send(\(description)) to finish, but \(effects) still in flight:\n"
        + bulleted(inFlight.map(\.description))
        + "\nAdvance the clock until they finish, or cancel them.", at: site)
  }

  /// Runs `body` with ``exhaustivity`` set to `exhaustivity`, then sets it back: a
  /// non-exhaustive stretch of an exhaustive test, or the other way round.
  ///
  /// ```swift
  /// await store.withExhaustivity(.off) {
  ///   await store.send(.load)
  ///   await store.skipReceivedActions()
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - exhaustivity: How strictly to check `body`.
  ///   - body: The steps of the test to check so.
  /// - Returns: What `body` returned.
  public func withExhaustivity<Result>(
    _ exhaustivity: Exhaustivity, _ body: () async throws -> Result
  ) async rethrows -> Result {
    let outer = self.exhaustivity
    self.exhaustivity = exhaustivity
    defer { self.exhaustivity = outer }
    return try await body()
  }

  /// Asserts the current state: `updateExpected` applied to it must change nothing. For fields
  /// that a non-exhaustive test did not assert when they changed.
  ///
  /// ```swift
  /// store.exhaustivity = .off
  /// await store.send(.load)
  /// await store.clock.advance(by: .seconds(1))
  /// store.assert { $0.count = 42 }
  /// ```
  ///
  /// - Parameters:
  ///   - updateExpected: Mutates the current state into the expected one.
  ///   - fileID: The calling file, where failures are reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  public func assert(
    _ updateExpected: (inout State) throws -> Void,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
    settleOnMainActor(at: site)
    var expected = state
    do {
      try updateExpected(&expected)
    } catch {
      return reportFailure("The state closure of assert threw \(error).", at: site)
    }
    guard expected != state else { return }
    reportFailure(
      "The state differs from the expected state (− expected, + actual):\n"
        + valueDiff(from: expected, to: state), at: site)
  }

  /// Forgets the delivered actions not yet received, for tests that deliberately ignore them.
  public func skipReceivedActions() async {
    await settle(at: creationSite)
    received.removeAll()
    receivedReductions.removeAll()
  }

  /// Cancels the effects still running, and stops tracking them, for tests that deliberately
  /// ignore them.
  public func skipInFlightEffects() async {
    await settle(at: creationSite)
    for sent in sentEffects { sent.task.cancel() }
    sentEffects.removeAll()
    await settle(at: creationSite)
  }

  // MARK: - Machinery

  /// Tracks work the store started apart from the sends (a reactor's debounce) as the last
  /// send's: it must have finished, or been cancelled, by the end of the test.
  private func trackWorkApart(_ task: StoreTask) {
    let (description, site) = lastSend ?? ("nothing yet: the reactor's own work", creationSite)
    sentEffects.append(SentEffects(description: description, task: task, site: site))
  }

  /// Records a reduction. One the test does not see (`action` is `nil`: a reactor's machinery)
  /// is not recorded: a change of the state it made shows in the next reduction the test sees.
  private func record(_ action: Action?, _ state: State) {
    guard let action else { return }
    let shared = SharedValues(heldBy: state)
    let reduction = Reduction(
      before: lastState, after: state, sharedBefore: lastShared, sharedAfter: shared)
    lastState = state
    lastShared = shared
    if isSending, sentReduction == nil {
      sentReduction = reduction
      return
    }
    received.append(action)
    receivedReductions.append(reduction)
  }

  private func receive(
    _ expectation: String,
    matching isExpected: (Action) -> Bool,
    difference: (Action) -> String?,
    timeout: Duration?,
    updateExpected: ((inout State) throws -> Void)?,
    at site: CallSite
  ) async {
    await settle(at: site)
    let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
    while true {
      while !received.isEmpty {
        let action = received.removeFirst()
        let reduction = receivedReductions.removeFirst()
        if isExpected(action) {
          check(reduction, after: "receive(\(describe(action)))", updateExpected, at: site)
          return
        }
        guard exhaustivity == .on else {
          skip("receive(\(describe(action))), before \(expectation)")
          continue
        }
        let diff = difference(action).map { " (− expected, + received):\n\($0)" } ?? "."
        reportFailure(
          "Expected to receive \(expectation), but received \(describe(action))\(diff)", at: site)
        return
      }
      guard let deadline, ContinuousClock.now < deadline, !Task.isCancelled else { break }
      await waitForDeliveredAction(until: deadline)
      await settle(at: site)
    }
    let waited = timeout.map { " within \($0)" } ?? ""
    reportFailure(
      "Expected to receive \(expectation), but no action was delivered\(waited)."
        + clockAdvice(),
      at: site)
  }

  /// Where the manual clock stands, for a receive that found nothing.
  private func clockAdvice() -> String {
    guard let next = clock.nextDeadline else {
      return " The manual clock is at \(clock.now), and nothing sleeps on it."
    }
    return " The manual clock is at \(clock.now), and its next sleeper wakes at \(next): "
      + "advance the clock to deliver what waits for that."
  }

  /// Compares the state after a reduction with the expected state: the state before it (or,
  /// when not exhaustive, the actual state) with `updateExpected` applied.
  private func check(
    _ reduction: Reduction,
    after step: String,
    _ updateExpected: ((inout State) throws -> Void)?,
    at site: CallSite
  ) {
    let base = exhaustivity == .on ? reduction.before : reduction.after
    let sharedBase = exhaustivity == .on ? reduction.sharedBefore : reduction.sharedAfter
    // Inside the assertion, a shared value reads (and the closure assigns) its expected value,
    // so the states compare equal in it; the shared values are compared after it.
    let (stateFailure, sharedDifferences) = sharedBase.assert(actual: reduction.sharedAfter) {
      () -> String? in
      var expected = base
      do {
        try updateExpected?(&expected)
      } catch {
        return "The state closure of \(step) threw \(error)."
      }
      if exhaustivity == .on, updateExpected != nil, expected == base, reduction.after == base,
        !reduction.sharedBefore.differs(from: reduction.sharedAfter)
      {
        return "Expected state to change, but no change occurred after \(step): the state "
          + "closure changed nothing, and neither did the action. Omit the closure to assert "
          + "that the state does not change."
      }
      guard expected != reduction.after else { return nil }
      return "State after \(step) differs from the expected state (− expected, + actual):\n"
        + valueDiff(from: expected, to: reduction.after)
    }
    if exhaustivity == .off(showSkippedAssertions: true) {
      var expected = reduction.before
      try? updateExpected?(&expected)
      if expected != reduction.after {
        skip(
          "State after \(step) differs from the expected state (− expected, + actual):\n"
            + valueDiff(from: expected, to: reduction.after))
      }
    }
    var failures = stateFailure.map { [$0] } ?? []
    for shared in sharedDifferences {
      failures.append(
        "Shared value \(shared.name) after \(step) differs from the expected value "
          + "(− expected, + actual):\n" + valueDiff(from: shared.expected, to: shared.actual))
    }
    for failure in failures { reportFailure(failure, at: site) }
  }

  /// Fails with `message` when the test is exhaustive; otherwise skips it, and shows it when
  /// the test shows its skipped assertions.
  private func assertExhaustively(_ message: String, at site: CallSite) {
    if exhaustivity == .on {
      reportFailure(message, at: site)
    } else {
      skip(message)
    }
  }

  /// Notes an assertion a non-exhaustive test skipped, and prints it when the test shows them.
  private func skip(_ message: String) {
    guard exhaustivity == .off(showSkippedAssertions: true) else { return }
    skippedAssertions.append(message)
    print("Skipped assertion: \(message)")
  }

  /// The failures for actions left unreceived and effects still running; each running effect
  /// is reported at the send that started it.
  private nonisolated static func unassertedWork(
    received: [String], sentEffects: [SentEffects], context: String, site: CallSite
  ) -> [(message: String, site: CallSite)] {
    var failures: [(message: String, site: CallSite)] = []
    if !received.isEmpty {
      let (verb, them) = received.count == 1 ? ("was", "it") : ("were", "them")
      failures.append(
        (
          "\(count(received.count, "delivered action")) \(verb) not received \(context):\n"
            + bulleted(received)
            + "\nReceive \(them) with receive(_:), skip \(them) with skipReceivedActions(), or "
            + "set exhaustivity = .off.",
          site
        ))
    }
    // A cancelled effect is not reported: the test ended it, and its task winds down.
    for sent in sentEffects where !sent.task.isFinished && !sent.task.isCancelled {
      failures.append(
        (
          "An effect started by send(\(sent.description)) is still running \(context). "
            + "Advance the clock until it finishes, cancel it, or call skipInFlightEffects().",
          sent.site
        ))
    }
    return failures
  }

  /// Runs every runnable effect on the manual clock until nothing is runnable, reduces what
  /// it delivered (on the actor that owns the store), takes the reductions, and reports what
  /// the store reported meanwhile.
  private func settle(at site: CallSite) async {
    _ = await StoreDriver.settle(clock, until: { true })
    takeReductionsAndReports(at: site)
  }

  /// ``settle(at:)`` without leaving the main actor: what a store on another actor reduces
  /// waits for the next asynchronous settle point.
  private func settleOnMainActor(at site: CallSite) {
    StoreDriver.settle(clock)
    takeReductionsAndReports(at: site)
  }

  /// Takes the reductions a store on another actor made, and reports what the store reported.
  private func takeReductionsAndReports(at site: CallSite) {
    store.handOverRecordedReductions()
    let reported = diagnostics.withLock { reported in
      defer { reported.removeAll() }
      return reported
    }
    for diagnostic in reported {
      reportFailure(
        "The store reported: \(diagnostic.message)"
          + (diagnostic.fileID.isEmpty ? "" : " (\(diagnostic.fileID):\(diagnostic.line))"),
        at: site)
    }
  }

  /// Waits, at most until `deadline`, for work off the clock's executor to deliver an action.
  private func waitForDeliveredAction(until deadline: ContinuousClock.Instant) async {
    _ = await StoreDriver.settle(
      clock,
      until: {
        store.handOverRecordedReductions()
        return !received.isEmpty
      }, timeout: ContinuousClock.now.duration(to: deadline))
  }

  private func describe(_ action: Action) -> String {
    String(describing: action)
  }
}

/// "1 delivered action", "2 delivered actions".
private func count(_ number: Int, _ noun: String) -> String {
  "\(number) \(noun)\(number == 1 ? "" : "s")"
}

/// The fields in which `actual` differs from `expected`, or both whole when the formatter finds
/// no difference to show.
private func valueDiff(from expected: Any, to actual: Any) -> String {
  MirrorFormatter().diff(from: expected, to: actual)
    ?? "expected: \(expected)\n  actual: \(actual)"
}

/// The fields in which `actual` differs from `expected`, or both whole when they are enum cases
/// or other values without fields.
private func actionDiff<Action>(from expected: Action, to actual: Action) -> String? {
  guard let diff = MirrorFormatter().diff(from: expected, to: actual) else { return nil }
  // A value without fields differs as a whole, at the path `self`: show only its two lines.
  return diff.hasPrefix("self\n") ? String(diff.dropFirst("self\n".count)) : diff
}

/// One line per item, each with a bullet.
private func bulleted(_ items: [String]) -> String {
  items.map { "  • \($0)" }.joined(separator: "\n")
}

extension DependencyValues {
  /// The dependencies in force now, in the test context, on `clock` (every clock dependency),
  /// with what is reported collected in `diagnostics`: where a test store and a replay run.
  package static func test(
    clock: ManualClock, reportingTo diagnostics: Locked<[StoreDiagnostic]>
  ) -> DependencyValues {
    var dependencies = DependencyValues.current
    dependencies.context = .test
    dependencies.clock = clock
    dependencies.continuousClock = clock
    dependencies.suspendingClock = clock
    dependencies.report = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    return dependencies
  }
}
