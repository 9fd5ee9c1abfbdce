/// Throttling effects on the store's clock: the leading effect for a key runs, and the others
/// with that key are dropped for an interval, or, with `latest: true`, the newest of them runs
/// when the interval ends.
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
  /// With `latest: true`, the newest effect dropped during a window runs when the window ends,
  /// and that run opens the next window (an effect arriving at that instant falls into it):
  ///
  /// ```
  /// interval 1 s     0     250    500    750   1000   1250   2000  (ms)
  /// effects          a      b      c      d             e
  /// runs             a                           d             e
  /// ```
  ///
  /// A zero or negative interval does not throttle: every effect runs.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window. Keys are scoped to one root store.
  ///   - latest: Whether the newest dropped effect runs when the window ends (the trailing
  ///     edge); `false`, the default, keeps only the leading edge.
  ///   - effects: The work; several effects run merged.
  /// - Returns: The throttled effect.
  public static func throttle(
    for interval: Duration,
    key: some Hashable & Sendable,
    latest: Bool = false,
    @EffectBuilder<Action> _ effects: () -> [Effect]
  ) -> Effect {
    merge(effects()).throttled(for: interval, key: key, latest: latest)
  }

  /// This effect, throttled: see ``throttle(for:key:latest:_:)``.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window.
  ///   - latest: Whether the newest dropped effect runs when the window ends.
  /// - Returns: The throttled effect.
  public func throttled(
    for interval: Duration, key: some Hashable & Sendable, latest: Bool = false
  ) -> Effect {
    guard !isNone else { return self }
    let key = EffectKey(key)
    return Effect(
      operation: .composed(
        start: { runner, _, buffer in
          if runner.admitThrottled(self, key: key, interval: interval, latest: latest) {
            runner.start(self, buffer: buffer)
          }
        },
        execute: { runner, _ in
          guard runner.admitThrottled(self, key: key, interval: interval, latest: latest) else {
            return false
          }
          return await runner.execute(self)
        }))
  }
}
