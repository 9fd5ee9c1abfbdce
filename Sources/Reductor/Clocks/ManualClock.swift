/// A clock whose time moves only when a test tells it to, so time-based effects are tested
/// exactly, with no real sleeps.
///
/// Build the store with the clock, send actions, then advance time. The Search example debounces
/// queries for 300 ms and its search answers 100 ms later:
///
/// ```swift
/// let clock = ManualClock()
/// let store = StoreBuilder.reducer(
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
/// > executor. When `advance` returns, every effect it woke has run until it finished or
/// > suspended again on this clock, and the actions those effects delivered have been reduced.
/// > `advance` first runs everything already runnable, so effects just started by `send` reach
/// > their first sleep; `await clock.advance(by: .zero)` settles them without moving time. Work
/// > that hops to another actor or executor leaves that guarantee until it comes back.
///
/// Sleepers wake in deadline order (equal deadlines in the order they went to sleep), with
/// ``now`` stepping to each deadline as it wakes them. A sleep whose deadline is not after ``now``
/// returns at once; a cancelled sleep throws `CancellationError`.
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
    var stores: [ObjectIdentifier: @MainActor @Sendable () -> Bool] = [:]
  }

  private let state: Locked<State>
  let executor = ManualExecutor()

  /// Creates a clock that stands at `now` until it is advanced.
  ///
  /// - Parameter now: The starting instant; the clock's zero by default.
  public init(now: Instant = Instant(offset: .zero)) {
    state = Locked(State(now: now.offset))
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
  public func advance(by duration: Duration = .zero) async {
    await advance(to: now.advanced(by: max(duration, .zero)))
  }

  /// Moves time forward to `deadline`, waking sleepers in deadline order and running each
  /// wake-up to quiescence.
  ///
  /// A deadline before ``now`` does not move time back; it only settles runnable effects.
  ///
  /// - Parameter deadline: The instant to move to.
  public func advance(to deadline: Instant) async {
    await executor.acquire()
    await settle()
    while let wakeup = wakeNext(notAfter: deadline.offset) {
      wakeup.continuation?.resume()
      _ = executor.runUntilIdle()
      // Sleepers due at the same instant each run to quiescence on the executor, in the order
      // they slept; the actions they delivered are reduced once all of them have run.
      if earliestDeadline() != wakeup.deadline { await settle() }
    }
    state.withLock { $0.now = max($0.now, deadline.offset) }
    executor.release()
  }

  /// Advances time until no sleeper is left.
  ///
  /// An effect that sleeps again every time it wakes (a timer) keeps this from returning; advance
  /// such effects by a fixed duration instead.
  public func run() async {
    // Settle first: effects just started have not reached their first sleep yet.
    await advance(by: .zero)
    while let deadline = earliestDeadline() {
      await advance(to: Instant(offset: deadline))
    }
  }

  /// A sleeper taken off the queue: its deadline, and its continuation unless it has not
  /// attached yet (it then finds itself woken when it does).
  private struct Wakeup {
    let deadline: Duration
    let continuation: SleeperQueue.Continuation?
  }

  /// Removes the earliest sleeper due at or before `limit` and moves `now` to its deadline.
  private func wakeNext(notAfter limit: Duration) -> Wakeup? {
    state.withLock { state in
      guard let (deadline, continuation) = state.sleepers.popDue(notAfter: limit) else {
        return nil
      }
      state.now = max(state.now, deadline)
      return Wakeup(deadline: deadline, continuation: continuation)
    }
  }

  private func earliestDeadline() -> Duration? {
    state.withLock { $0.sleepers.earliestDeadline() }
  }

  /// Runs the clock's executor and drains the registered stores until neither has work.
  private func settle() async {
    while true {
      let ranJobs = executor.runUntilIdle()
      let reduced = await drainStores()
      if !ranJobs && !reduced { return }
    }
  }

  private func drainStores() async -> Bool {
    let drains = state.withLock { Array($0.stores.values) }
    guard !drains.isEmpty else { return false }
    return await MainActor.run {
      var reduced = false
      for drain in drains where drain() { reduced = true }
      return reduced
    }
  }

  /// Registers a store whose buffered actions `advance` reduces as part of settling.
  @usableFromInline
  func register(_ id: ObjectIdentifier, drain: @escaping @MainActor @Sendable () -> Bool) {
    state.withLock { $0.stores[id] = drain }
  }

  func unregister(_ id: ObjectIdentifier) {
    state.withLock { _ = $0.stores.removeValue(forKey: id) }
  }
}
