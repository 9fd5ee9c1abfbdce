/// The effect table's events of throttling: the ``ThrottleWindows`` keep a window per key, beside
/// what the key's slot holds.
extension EffectTable {
  /// Throttles an effect for `key` at `now`; see
  /// ``ThrottleWindows/admit(_:at:interval:trailing:makeTimer:)``. Once the table is closed, or
  /// the trailing effect's tracker is cancelled, no effect waits as a trailing one.
  mutating func throttle(
    _ key: EffectKey, at now: Duration, interval: Duration, trailing: ThrottleWindows.Trailing?,
    makeTimer: (_ id: UInt64, _ end: Duration) -> Task<Void, Never>
  ) -> ThrottleWindows.Admission {
    let keeps = !isClosed && trailing?.tracker?.isCancelled != true
    return windows.admit(
      key, at: now, interval: interval, trailing: keeps ? trailing : nil, makeTimer: makeTimer)
  }

  /// The timer of `key`'s throttle window woke at `now`; see
  /// ``ThrottleWindows/windowEnded(_:timer:at:)``.
  mutating func throttleWindowEnded(
    _ key: EffectKey, timer: UInt64, at now: Duration
  ) -> ThrottleWindows.WindowEnd {
    windows.windowEnded(key, timer: timer, at: now)
  }

  /// The timer of `key`'s throttle window stopped early; returns the trailing effect it dropped.
  mutating func throttleTimerStopped(
    _ key: EffectKey, timer: UInt64
  ) -> ThrottleWindows.Trailing? {
    windows.timerStopped(key, timer: timer)
  }
}
