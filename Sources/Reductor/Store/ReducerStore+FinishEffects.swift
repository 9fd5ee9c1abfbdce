extension ReducerStore {
  /// Waits until every effect of the store has finished and every action they delivered has
  /// been reduced, or `timeout` has passed; for a graceful shutdown.
  ///
  /// It waits for all the work the store's sends began: running effects of every lifetime,
  /// detached ones included, debounced and throttled effects still waiting to start, and the
  /// effects the actions they deliver start in turn. An effect that never ends (a timer, an
  /// endless stream) makes it wait until the timeout: cancel such effects first.
  ///
  /// ```swift
  /// let stillInFlight = await store.finishEffects(timeout: .seconds(5))
  /// ```
  ///
  /// When it stops waiting with work in flight (the timeout passed, or the waiting task was
  /// cancelled), it returns those effects and reports them as a ``StoreDiagnostic`` of kind
  /// ``StoreDiagnostic/Kind/effectsStillInFlight``; they are not cancelled. On a store whose
  /// clock is a ``ManualClock`` it is a settle point, like ``StoreTask/finish()``, and the
  /// timeout is on the continuous clock.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  /// - Returns: The effects still in flight when it stopped waiting; empty when everything
  ///   finished.
  @discardableResult
  public func finishEffects(
    timeout: Duration, fileID: String = #fileID, line: UInt = #line
  ) async -> [InFlightEffect] {
    await kernel.finishEffects(timeout: timeout, fileID: fileID, line: line)
  }
}

extension StoreKernel {
  /// Waits until every effect has finished and every action they delivered has been reduced,
  /// or `timeout` has passed; returns and reports the effects still in flight then. Called on
  /// the kernel's owner, where it reduces what arrives.
  nonisolated(nonsending) func finishEffects(
    timeout: Duration, fileID: String, line: UInt
  ) async -> [InFlightEffect] {
    guard await !waitUntilQuiet(timeout: timeout) else { return [] }
    let inFlight = runtime.state.withLock { $0.effects.inFlight() }
    runtime.report(
      StoreDiagnostic(
        kind: .effectsStillInFlight,
        message: "finishEffects(timeout: \(timeout)) stopped waiting with \(inFlight.summary)",
        error: nil, fileID: fileID, line: line))
    return inFlight
  }

  /// Waits until no tracker has work, at most `timeout`; returns whether that happened. On the
  /// kernel's owner it reduces what effects deliver in its own turn, as ``StoreTask/finish()``
  /// does: woken when they arrive, instead of a drain scheduled for them.
  private nonisolated(nonsending) func waitUntilQuiet(timeout: Duration) async -> Bool {
    let runtime = runtime
    if let clock = runtime.manualClock {
      return await clock.settle(until: { runtime.isQuiet }, timeout: timeout)
    }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    while true {
      // Actions effects delivered count as their work until they are reduced. Woken for them,
      // the wait drains them as the drain scheduled otherwise would.
      _ = drainInbox(upTo: .max)
      guard let id = runtime.registerQuietWaiter(until: deadline) else { return true }
      guard ContinuousClock.now < deadline, !Task.isCancelled else {
        runtime.resumeWaiter(id)
        return false
      }
      await runtime.suspend(asWaiter: id)
    }
  }
}
