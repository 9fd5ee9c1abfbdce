/// A clock whose time moves only when a test tells it to, so time-based effects are tested
/// exactly, with no real sleeps.
///
/// Build the store with the clock, send actions, then advance time. The Search example debounces
/// queries for 300 ms and its search answers 100 ms later:
///
/// ```swift
/// let clock = ManualClock()
/// let store = ReducerStore(
///   initialState: SearchFeature.State(),
///   reducer: SearchFeature.Reducer(dependencies: .live),
///   clock: clock)
/// store.send(.queryChanged("swi"))
/// await clock.advance(by: .milliseconds(399))
/// #expect(store.state.results == [])
/// await clock.advance(by: .milliseconds(1))
/// #expect(store.state.results == ["swift", "swiftpm", "swiftui", "switch", "swizzling"])
/// ```
///
/// > Determinism: The effects of a store built with this clock run on the clock's own serial
/// > executor, and only inside a *settle point*: ``advance(by:)``, ``advance(to:)``, ``run()``,
/// > ``StoreTask/finish()`` and the test store's `send`, `receive` and `finish`. Between settle
/// > points nothing moves: `store.send(.a)` reduces `.a` and starts its effects, and they run at
/// > the next settle point. A settle point returns only when nothing is runnable: every effect has
/// > finished or sleeps on this clock, and every action effects delivered has been reduced, the
/// > effects those actions started included. Main-actor code the effects await (a `@MainActor`
/// > service, `MainActor.run`) runs inside the settle point too. `await clock.advance(by: .zero)`
/// > settles without moving time.
///
/// Sleepers wake one at a time, in deadline order (equal deadlines in the order they went to
/// sleep), with ``now`` at each one's deadline while the effects it wakes run and settle; a sleep
/// that starts meanwhile, at that instant, is woken in the same advance if it is due by its end.
/// A sleep whose deadline is not after ``now`` returns at once; a cancelled sleep throws
/// `CancellationError`. Work that hops to an executor of its own, or to an actor running
/// elsewhere, leaves the guarantee until it comes back to the clock's executor.
public final class ManualClock: Clock, Sendable {
  /// A point in the manual clock's time: the duration since the clock's start.
  public struct Instant: InstantProtocol, CustomStringConvertible {
    /// The time since the clock's start.
    public let offset: Duration

    /// Creates the instant `offset` after the clock's start.
    ///
    /// - Parameter offset: The time since the clock's start.
    public init(offset: Duration) {
      self.offset = offset
    }

    /// The instant `duration` later.
    ///
    /// - Parameter duration: The time to add.
    /// - Returns: The later instant.
    public func advanced(by duration: Duration) -> Instant {
      Instant(offset: offset + duration)
    }

    /// The duration from this instant to `other`.
    ///
    /// - Parameter other: The later (or earlier) instant.
    /// - Returns: The signed duration between them.
    public func duration(to other: Instant) -> Duration {
      other.offset - offset
    }

    /// Whether `lhs` comes before `rhs`.
    ///
    /// - Parameters:
    ///   - lhs: An instant.
    ///   - rhs: Another instant.
    /// - Returns: `true` when `lhs` is earlier.
    public static func < (lhs: Instant, rhs: Instant) -> Bool {
      lhs.offset < rhs.offset
    }

    /// The offset, such as `0.5 seconds`.
    public var description: String {
      "\(offset)"
    }
  }

  private struct State {
    var now: Duration
    var sleepers = SleeperQueue()
    /// The stores whose effects run on this clock, in the order they were made, so that every
    /// settle reduces them in the same order: each one's function reduces the actions its
    /// effects delivered and returns whether there were any.
    var stores: [RegisteredStore] = []
  }

  /// A store whose effects run on this clock.
  private struct RegisteredStore {
    let id: ObjectIdentifier
    /// The store's effect runtime, which knows the actor that owns the store.
    let runtime: EffectRuntime
    /// Reduces the actions the store's effects delivered, on its owner; returns whether there
    /// were any.
    let reduceDeliveredActions: @Sendable () -> Bool
    /// Whether actions wait in the store's inbox; safe from any thread.
    let hasDeliveredActions: @Sendable () -> Bool
  }

  private let state: Locked<State>
  let executor = ManualExecutor()

  /// The executor the effects of the clock's stores run on: a task that prefers it runs inside
  /// the clock's settle points, as an effect does.
  ///
  /// For code under test that starts tasks of its own and sleeps on the clock, such as a writer
  /// that coalesces its writes:
  ///
  /// ```swift
  /// Task(executorPreference: clock.taskExecutor) { try await clock.sleep(for: .seconds(1)) }
  /// ```
  public var taskExecutor: any TaskExecutor {
    executor
  }

  /// How long ``StoreTask/finish()`` waits for a send's work with nothing happening on the clock
  /// before it stops and reports a ``StoreDiagnostic/Kind/waitStalled`` diagnostic.
  ///
  /// Nothing happening means: no advance, no effect job and no action arriving, on the
  /// continuous clock. It is what a wait sees when the work sleeps on this clock and the task
  /// that would advance it is the one waiting, so without this limit the wait would never end.
  public let stalledWaitTimeout: Duration

  /// Creates a clock that stands at `now` until it is advanced.
  ///
  /// - Parameters:
  ///   - now: The starting instant; the clock's zero by default.
  ///   - stalledWaitTimeout: How long ``StoreTask/finish()`` waits with nothing happening on the
  ///     clock before it stops and reports; five seconds by default.
  public init(now: Instant = Instant(offset: .zero), stalledWaitTimeout: Duration = .seconds(5)) {
    state = Locked(State(now: now.offset))
    self.stalledWaitTimeout = stalledWaitTimeout
  }

  /// The current instant. It changes only in ``advance(by:)``, ``advance(to:)`` and ``run()``.
  public var now: Instant {
    Instant(offset: state.withLock { $0.now })
  }

  /// The smallest step the clock can take: zero, since time moves only when told.
  public var minimumResolution: Duration {
    .zero
  }

  /// Suspends until the clock has been advanced to `deadline`.
  ///
  /// Returns at once when `deadline` is not after ``now``.
  ///
  /// - Parameters:
  ///   - deadline: The instant to wake at.
  ///   - tolerance: Ignored: the manual clock wakes exactly at the deadline.
  /// - Throws: `CancellationError` when the sleeping task is cancelled.
  public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> UInt64? in
      guard deadline.offset > state.now else { return nil }
      return state.sleepers.insert(deadline: deadline.offset)
    }
    guard let id else { return }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: SleeperQueue.Continuation) in
        switch state.withLock({ $0.sleepers.attach(continuation, to: id) }) {
        case .attached: break
        case .woken: continuation.resume()
        case .cancelled: continuation.resume(throwing: CancellationError())
        }
      }
    } onCancel: {
      state.withLock { $0.sleepers.cancel(id) }?.resume(throwing: CancellationError())
    }
  }

  /// Moves time forward by `duration`, waking sleepers in deadline order and running each
  /// wake-up to quiescence.
  ///
  /// A zero duration settles the effects that are runnable now without moving time; a negative
  /// one does the same (time never moves backwards).
  ///
  /// - Parameter duration: How far to move time.
  public nonisolated(nonsending) func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves time forward to `deadline`, waking sleepers in deadline order and running each
  /// wake-up to quiescence.
  ///
  /// A deadline before ``now`` does not move time back; it only settles runnable effects.
  ///
  /// - Parameter deadline: The instant to move to.
  public nonisolated(nonsending) func advance(to deadline: Instant) async {
    await advanceOnMainActor(to: deadline.offset)
  }

  /// The work of an advance, on the main actor, where the effects run and the main actor's
  /// stores reduce: called from the main actor, as tests are, it runs without a single thread
  /// hop however many wake-ups it settles, unless a store another actor owns has actions to
  /// reduce.
  @MainActor
  private func advanceOnMainActor(to deadline: Duration) async {
    await settleEveryStore()
    // One sleeper at a time, each woken one's consequences settled before the next: a sleep
    // they start joins the queue and is woken here too if it is due by `deadline`.
    while let wakeup = wakeNext(notAfter: deadline) {
      wakeup.continuation?.resume()
      await settleEveryStore()
    }
    state.withLock { $0.now = max($0.now, deadline) }
  }

  /// Advances time until no sleeper is left.
  ///
  /// An effect that sleeps again every time it wakes (a timer) keeps this from returning; advance
  /// such effects by a fixed duration instead.
  public nonisolated(nonsending) func run() async {
    // Settle first: effects just started have not reached their first sleep yet.
    await advance(by: .zero)
    while let deadline = earliestDeadline() {
      await advance(to: Instant(offset: deadline))
    }
  }

  /// Runs `operation` inside a settle point of this clock, on the executor its stores' effects
  /// run on, and returns its result once it has returned and what it made runnable has settled.
  ///
  /// Use it in a test for a call to an actor that the effects under test call too. Called from
  /// the test's own task, the actor may run on a thread of the global executor and still hold
  /// itself there for a moment after the call has returned; an effect that calls it during that
  /// moment runs on that thread, off the clock, and its sleeps start after the settle point. Made
  /// through this function, the call runs within the settle point, as an effect's call does, so
  /// the actor is free when it returns:
  ///
  /// ```swift
  /// await clock.settle { [catalog] in await catalog.setDown(true) }
  /// let task: StoreTask = viewModel.send(action: .load)
  /// await clock.advance(by: .milliseconds(300))
  /// ```
  ///
  /// `operation` should not sleep on this clock: nothing advances it while the caller waits. If
  /// nothing happens on the clock for ``stalledWaitTimeout`` before `operation` returns, the wait
  /// stops, reports a ``StoreDiagnostic/Kind/waitStalled`` diagnostic on standard error, and
  /// returns nil; `operation` keeps running, and the next advance goes on with it. Cancelling
  /// the waiting task cancels `operation` and returns nil.
  ///
  /// - Parameter operation: The work to run on the clock.
  /// - Returns: What `operation` returned; nil if the wait stopped first.
  @discardableResult
  public nonisolated(nonsending) func settle<Result: Sendable>(
    _ operation: @escaping @Sendable () async -> Result
  ) async -> Result? {
    let result = Locked<Result?>(nil)
    let task = Task(executorPreference: executor) {
      let value = await operation()
      result.withLock { $0 = value }
    }
    let settled = await settle(
      until: { result.withLock { $0 != nil } }, quietLimit: stalledWaitTimeout)
    if settled { return result.withLock { $0 } }
    if Task.isCancelled {
      task.cancel()
      return nil
    }
    DependencyValues.current.report(
      StoreDiagnostic(
        kind: .waitStalled,
        message: "ManualClock.settle(_:) stopped waiting: nothing happened on the clock for "
          + "\(stalledWaitTimeout) while its operation ran. It keeps running; the next advance "
          + "goes on with it. Start what sleeps on the clock without waiting, then advance.",
        error: nil, fileID: "", line: 0))
    return nil
  }

  /// A sleeper taken off the queue, with its continuation unless it has not attached yet (it
  /// then finds itself woken when it does).
  private struct Wakeup {
    let continuation: SleeperQueue.Continuation?
  }

  /// Removes the earliest sleeper due at or before `limit` and moves `now` to its deadline.
  private func wakeNext(notAfter limit: Duration) -> Wakeup? {
    state.withLock { state in
      guard let (deadline, continuation) = state.sleepers.popDue(notAfter: limit) else {
        return nil
      }
      state.now = max(state.now, deadline)
      return Wakeup(continuation: continuation)
    }
  }

  private func earliestDeadline() -> Duration? {
    state.withLock { $0.sleepers.earliestDeadline() }
  }

  // MARK: - Settling

  /// Settles without moving time: runs every runnable effect and reduces what it delivered in
  /// every store on this clock, each on the actor that owns it, until nothing is runnable.
  /// Returns the executor's activity count at that point.
  @MainActor
  @discardableResult
  private func settleEveryStore() async -> UInt64 {
    while true {
      let activity = settleRunnableWork()
      guard await reduceDeliveredActionsOnOtherActors() else { return activity }
    }
  }

  /// Settles until `isDone` returns `true`, `timeout` passes, the clock is quiet for
  /// `quietLimit`, or the task is cancelled; see
  /// ``StoreDriver/settle(_:until:timeout:quietLimit:)``.
  nonisolated(nonsending) func settle(
    until isDone: () -> Bool, timeout: Duration? = nil, quietLimit: Duration? = nil
  ) async -> Bool {
    let deadline = timeout.map { ContinuousClock.now.advanced(by: $0) }
    var quiet: (since: UInt64, until: ContinuousClock.Instant)?
    while true {
      let activity = await settleEveryStore()
      if isDone() { return true }
      if Task.isCancelled { return false }
      if let quietLimit, quiet?.since != activity {
        quiet = (activity, ContinuousClock.now.advanced(by: quietLimit))
      }
      if let limit = [deadline, quiet?.until].compactMap({ $0 }).min() {
        guard ContinuousClock.now < limit else { return false }
        await executor.activity.wait(after: activity, until: limit)
      } else {
        await executor.activity.wait(after: activity)
      }
    }
  }

  /// Runs the clock's executor and reduces the stores' delivered actions until neither has
  /// anything to do and no work arrived meanwhile. Returns the activity count of that last, idle
  /// round.
  ///
  /// It runs the effects' jobs inline, isolated to the main actor it holds: main-actor code an
  /// effect awaits runs within the job, and the rest of the effect comes back as a job of the
  /// executor, which this loop runs too. ``StoreDriver/settle(_:)`` settles so.
  @MainActor
  @discardableResult
  func settleRunnableWork() -> UInt64 {
    while true {
      let activity = executor.activity.count
      let ranJobs = executor.runUntilIdle()
      let reduced = reduceDeliveredActions()
      if !ranJobs && !reduced && executor.activity.count == activity { return activity }
    }
  }

  /// Reduces the actions effects delivered to the stores on this clock that the main actor
  /// owns; returns whether there were any.
  @MainActor
  private func reduceDeliveredActions() -> Bool {
    let stores = state.withLock { $0.stores }
    var reduced = false
    for store in stores where store.runtime.isOwned(by: MainActor.shared) {
      if store.reduceDeliveredActions() { reduced = true }
    }
    return reduced
  }

  /// Reduces the actions effects delivered to the stores on this clock that other actors own,
  /// each on its actor, in the order the stores were made; returns whether there were any. A
  /// store that no actor has used yet keeps them for its first send.
  @MainActor
  private func reduceDeliveredActionsOnOtherActors() async -> Bool {
    let stores = state.withLock { $0.stores }
    var reduced = false
    for store in stores where store.hasDeliveredActions() {
      guard let owner = store.runtime.owningActor, owner !== MainActor.shared else { continue }
      if await EffectRuntime.run(store.reduceDeliveredActions, on: owner) { reduced = true }
    }
    return reduced
  }

  /// Tells the settle points that wait for activity that work arrived from outside the clock's
  /// executor, such as an action in a store's inbox.
  @usableFromInline
  func signalActivity() {
    executor.activity.notify()
  }

  /// The instant the earliest sleeper wakes at; nil when nothing sleeps on the clock.
  ///
  /// A test reads it to check what is still scheduled, such as a timer a cancellation should
  /// have removed:
  ///
  /// ```swift
  /// await store.send(.stopTimer).finish()
  /// #expect(clock.nextDeadline == nil)
  /// ```
  public var nextDeadline: Instant? {
    earliestDeadline().map(Instant.init(offset:))
  }

  /// Registers a store whose effects run on this clock, by its effect runtime: its settle
  /// points reduce the actions the store's effects delivered with `reduceDeliveredActions`, on
  /// the actor that owns the store, when `hasDeliveredActions` says some wait.
  @usableFromInline
  func register(
    _ runtime: EffectRuntime,
    hasDeliveredActions: @escaping @Sendable () -> Bool,
    reduceDeliveredActions: @escaping @Sendable () -> Bool
  ) {
    let store = RegisteredStore(
      id: ObjectIdentifier(runtime), runtime: runtime,
      reduceDeliveredActions: reduceDeliveredActions, hasDeliveredActions: hasDeliveredActions)
    state.withLock { $0.stores.append(store) }
  }

  func unregister(_ id: ObjectIdentifier) {
    state.withLock { $0.stores.removeAll { $0.id == id } }
  }
}
