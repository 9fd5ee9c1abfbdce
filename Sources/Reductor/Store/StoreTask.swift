/// A handle on the effects that one sent action started.
///
/// ``Store/send(_:)`` returns it. It covers the effects the action started and, transitively,
/// the effects started by the actions those effects delivered.
///
/// ```swift
/// await store.send(.refresh).finish()
/// print(store.state.items)  // everything `.refresh` caused has been reduced
/// ```
public struct StoreTask: Sendable {
  let tracker: EffectTracker?

  @usableFromInline
  init(tracker: EffectTracker?) {
    self.tracker = tracker
  }

  /// A handle on no effects: ``finish()`` returns at once. For stores written by hand that
  /// start no effects.
  public static let finished = StoreTask(tracker: nil)

  /// Waits until the tracked effects have finished and every action they delivered has been
  /// reduced.
  ///
  /// Cancelling the waiting task cancels the tracked effects and returns at once. An effect that
  /// never ends (an endless stream) makes this wait until it is cancelled (on a ``ManualClock``,
  /// at most until the stalled-wait report described below).
  ///
  /// On a store whose clock is a ``ManualClock`` this is a settle point: it runs the tracked
  /// effects, and everything else runnable on the clock, until nothing is runnable. If the
  /// tracked work then sleeps on the clock, it waits for an advance from another task (and
  /// settles again whenever work arrives from off the clock) until the work has finished. If
  /// nothing happens on the clock for its ``ManualClock/stalledWaitTimeout`` meanwhile — the
  /// task that would advance it is the one waiting — it stops waiting and reports a
  /// ``StoreDiagnostic/Kind/waitStalled`` diagnostic that names the effects in flight, instead
  /// of waiting forever; the work keeps running.
  public nonisolated(nonsending) func finish() async {
    guard let tracker else { return }
    guard let clock = tracker.runtime.manualClock else {
      // On the actor that owns the store, the wait reduces what arrives itself.
      if let drain = tracker.runtime.drain(forCallerOn: #isolation) {
        return await tracker.wait(draining: drain)
      }
      return await tracker.wait()
    }
    let finished = await clock.settle(
      until: { tracker.isFinished }, quietLimit: clock.stalledWaitTimeout)
    if finished { return }
    if Task.isCancelled { return tracker.cancel() }
    reportStalledWait(of: tracker, on: clock)
  }

  /// Reports that a wait on `clock` for `tracker`'s work saw nothing happen for the clock's
  /// stalled-wait timeout.
  private func reportStalledWait(of tracker: EffectTracker, on clock: ManualClock) {
    let runtime = tracker.runtime
    let inFlight = inFlightEffects
    let next =
      if let deadline = clock.nextDeadline {
        "The clock's next sleeper is due at \(deadline) (now \(clock.now)): advance the clock"
          + " from another task, or send without waiting and advance first."
      } else {
        "Nothing sleeps on the clock: the work waits for something off the clock."
      }
    runtime.report(
      StoreDiagnostic(
        kind: .waitStalled,
        message: "finish() of send(\(tracker.root.action)) stopped waiting: nothing happened"
          + " on its ManualClock for \(clock.stalledWaitTimeout), with \(inFlight.summary)\n"
          + next,
        error: nil, fileID: "", line: 0))
  }

  /// Cancels the tracked effects, detached ones included; effects that later tracked work would
  /// start do not start.
  public func cancel() {
    tracker?.cancel()
  }

  /// Whether every tracked effect has finished and every action they delivered was reduced.
  ///
  /// It reads the work's state now, and waits for nothing: on a ``ManualClock``, effects that
  /// only a settle point would run have not run yet.
  ///
  /// ```swift
  /// let task = store.send(.resetLater)
  /// await clock.advance(by: .seconds(1))
  /// #expect(task.isFinished)
  /// ```
  public var isFinished: Bool {
    tracker?.isFinished ?? true
  }

  /// Waits like ``finish()``, but at most `timeout` of real time (on a ``ManualClock`` too: the
  /// clock does not move while it waits), and without cancelling the tracked effects when the
  /// wait ends.
  ///
  /// Use it where a wait that does not end must not hold up the caller, such as a shutdown:
  ///
  /// ```swift
  /// if await task.finish(timeout: .seconds(2)) == false {
  ///   task.cancel()
  /// }
  /// ```
  ///
  /// - Parameter timeout: How long to wait at most, on the continuous clock.
  /// - Returns: Whether the tracked work finished in time.
  @discardableResult
  public func finish(timeout: Duration) async -> Bool {
    guard let tracker, !tracker.isFinished else { return true }
    if let clock = tracker.runtime.manualClock {
      return await clock.settle(until: { tracker.isFinished }, timeout: timeout)
    }
    return await withTaskGroup(of: Bool.self) { group in
      group.addTask {
        await tracker.wait(cancellingEffectsIfCancelled: false)
        return true
      }
      group.addTask {
        try? await ContinuousClock().sleep(for: timeout)
        return false
      }
      let finished = await group.next() ?? false
      group.cancelAll()
      return finished
    }
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    tracker?.isCancelled ?? false
  }

  /// The tracked effects that have not finished: running, or waiting for a debounce or a
  /// throttle window. Empty once ``isFinished``.
  ///
  /// What a wait that gave up reports:
  ///
  /// ```swift
  /// if await task.finish(timeout: .seconds(2)) == false {
  ///   print(task.inFlightEffects)
  /// }
  /// ```
  public var inFlightEffects: [InFlightEffect] {
    guard let tracker else { return [] }
    return tracker.runtime.state.withLock { $0.effects.inFlight(of: tracker.root) }
  }
}
