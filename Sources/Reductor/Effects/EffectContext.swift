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
  /// It is a task-local value: outside an effect it is a `ContinuousClock`, and
  /// `EffectContext.$clock.withValue(clock) { ... }` sets it for code you test on its own.
  @TaskLocal public static var clock: any Clock<Duration> = ContinuousClock()
}
