/// Debouncing effects on the store's clock: only the latest effect for a key runs, once the key
/// has been quiet for an interval.
extension Effect {
  /// Waits until `interval` has passed with no newer effect for `key`, then runs only the latest.
  ///
  /// Each new effect for the key restarts the wait and cancels the older one, whether it is still
  /// waiting or already running.
  ///
  /// ```
  /// interval 300 ms  0     100    200          500  (ms)
  /// effects          a      b      c
  /// runs                                        c
  /// ```
  ///
  /// A zero or negative interval does not wait, but a newer effect still replaces an older one
  /// that is running. `.cancel(key)` cancels a pending or running debounced effect.
  ///
  /// - Parameters:
  ///   - interval: How long the key must stay quiet.
  ///   - key: Which effects replace one another. Keys are scoped to one root store.
  ///   - effects: The work; several effects run merged.
  /// - Returns: The debounced effect.
  public static func debounce(
    for interval: Duration,
    key: some Hashable & Sendable,
    @EffectBuilder<Action> _ effects: () -> [Effect]
  ) -> Effect {
    merge(effects()).debounced(for: interval, key: key)
  }

  /// This effect, debounced: see ``debounce(for:key:_:)``.
  ///
  /// - Parameters:
  ///   - interval: How long the key must stay quiet.
  ///   - key: Which effects replace one another.
  /// - Returns: The debounced effect.
  public func debounced(for interval: Duration, key: some Hashable & Sendable) -> Effect {
    guard !isNone else { return self }
    let key = EffectKey(key)
    return Effect(
      operation: .composed(
        start: { runner, _, _ in runner.debounce(self, key: key, interval: interval) },
        execute: { runner, _ in await runner.debounceAndWait(self, key: key, interval: interval) }
      ))
  }
}
