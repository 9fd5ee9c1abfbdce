/// The runtime's part of throttling: the effect table keeps a window per key, opened by the
/// leading effect and measured on the store's clock; a `latest: true` window keeps its newest
/// dropped effect, which a timer task of the window starts when the window ends.
extension EffectRuntime {
  /// The number of throttle windows kept in memory.
  var throttleWindowCount: Int {
    state.withLock { $0.effects.throttleWindowCount }
  }

  /// Throttles an effect under `key`: returns whether it leads a window, and so is to run now.
  ///
  /// With a `trailing` start, an effect that does not lead becomes the window's trailing effect,
  /// replacing an older one, and `trailing` starts it when the window ends; it is counted in
  /// `tracker` meanwhile.
  func admitThrottled(
    key: EffectKey, interval: Duration, tracker: EffectTracker?,
    trailing start: (@Sendable () -> Void)?
  ) -> Bool {
    let trailing = start.map { ThrottleWindows.Trailing(start: $0, tracker: tracker) }
    let now = elapsed()
    let admission = state.withLock { state in
      let admission = state.effects.throttle(key, at: now, interval: interval, trailing: trailing) {
        id, end in
        makeThrottleTimer(key: key, id: id, firstEnd: end)
      }
      // Counted under the lock, before the window's timer can take the effect and end it.
      if case .dropped(kept: true, _, _) = admission { tracker?.begin() }
      return admission
    }
    switch admission {
    case .lead:
      return true
    case .dropped(_, let replaced, let due):
      replaced?.tracker?.endCancelled()
      if let due {
        due.start()
        due.tracker?.end()
      }
      return false
    }
  }

  /// A task that sleeps until `key`'s window ends, starts its trailing effect (which opens the
  /// next window), and goes on while the window keeps one.
  private func makeThrottleTimer(
    key: EffectKey, id: UInt64, firstEnd: Duration
  ) -> Task<Void, Never> {
    makeTimer(firstDeadline: firstEnd) { now in
      switch self.state.withLock({ $0.effects.throttleWindowEnded(key, timer: id, at: now) }) {
      case .start(let trailing, let nextEnd):
        trailing.start()
        trailing.tracker?.end()
        return nextEnd
      case .sleep(let until):
        return until
      case .stop:
        return nil
      }
    } stopped: {
      // Cancelled with its window; or the clock failed, and the trailing effect is dropped.
      self.state.withLock { $0.effects.throttleTimerStopped(key, timer: id) }?.tracker?
        .endCancelled()
    }
  }
}

extension EffectRunner {
  /// Throttles `effect` under `key`, in this runner's namespaces: returns whether it leads a
  /// window, and so is to run now. With `latest`, a dropped effect may start when the window
  /// ends, delivering through this runner's handle. Without a runtime, every effect leads.
  func admitThrottled(
    _ effect: Effect<Action>, key: EffectKey, interval: Duration, latest: Bool
  ) -> Bool {
    guard let runtime else { return true }
    var trailing: (@Sendable () -> Void)?
    if latest {
      trailing = { start(effect) { action in deliver(action, gate) } }
    }
    return runtime.admitThrottled(
      key: scoped(key), interval: interval, tracker: tracker, trailing: trailing)
  }
}
