/// The runtime's part of throttling: the effect table keeps a window per key, opened by the
/// leading effect and measured on the store's clock.
extension EffectRuntime {
  /// The number of throttle windows kept in memory.
  var throttleWindowCount: Int {
    state.withLock { $0.effects.throttleWindowCount }
  }

  /// Whether an effect for `key` now leads a new window of `interval`, and so runs.
  func opensThrottleWindow(_ key: EffectKey, interval: Duration) -> Bool {
    let now = elapsed()
    return state.withLock { $0.effects.opensThrottleWindow(key, at: now, interval: interval) }
  }
}
