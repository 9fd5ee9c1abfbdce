/// Values that code running inside an effect can reach, wherever it is in the call stack.
public enum EffectContext: Sendable {
  /// The clock of the store that runs the current effect.
  ///
  /// Sleep on this clock instead of `ContinuousClock` inside effects, so that a store built with
  /// a ``ManualClock`` controls the sleep too:
  ///
  /// ```swift
  /// return .run {
  ///   try await EffectContext.clock.sleep(for: .milliseconds(300))
  ///   return .loaded(42)
  /// }
  /// ```
  ///
  /// For a timer, use ``ticks(every:)``, which does not drift by the work done per tick.
  ///
  /// It is the `clock` dependency (`@Dependency(\.clock)`), which the store sets for its
  /// effects: outside an effect it is a `ContinuousClock`, and
  /// `withDependencies { $0.clock = clock } operation: { ... }` sets it for code you test on
  /// its own.
  public static var clock: any Clock<Duration> {
    DependencyValues.current.clock
  }
}
