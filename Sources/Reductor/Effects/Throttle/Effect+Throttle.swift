/// Throttling effects on the store's clock: the leading effect for a key runs, and the others
/// with that key are dropped for an interval.
extension Effect {
  /// Runs the leading effect for `key` at once and drops the others with that key until
  /// `interval`, measured on the store's clock from the leading one, has passed.
  ///
  /// ```
  /// interval 1 s     0     300    900   1000   1500  (ms)
  /// effects          a      b      c      d      e
  /// runs             a                    d
  /// ```
  ///
  /// A zero or negative interval does not throttle: every effect runs.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window. Keys are scoped to one root store.
  ///   - effects: The work; several effects run merged.
  /// - Returns: The throttled effect.
  public static func throttle(
    for interval: Duration,
    key: some Hashable & Sendable,
    @EffectBuilder<Action> _ effects: () -> [Effect]
  ) -> Effect {
    merge(effects()).throttled(for: interval, key: key)
  }

  /// This effect, throttled: see ``throttle(for:key:_:)``.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window.
  /// - Returns: The throttled effect.
  public func throttled(for interval: Duration, key: some Hashable & Sendable) -> Effect {
    guard !isNone else { return self }
    return Effect(operation: .throttle(interval: interval, key: EffectKey(key), self))
  }
}
