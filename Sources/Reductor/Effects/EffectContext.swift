/// Values that code running inside an effect can reach, wherever it is in the call stack.
public enum EffectContext: Sendable {
  /// The clock of the store that runs the current effect.
  ///
  /// Sleep on this clock instead of `ContinuousClock` inside effects, so that a store built with
  /// a ``ManualClock`` controls the sleep too:
  ///
  /// ```swift
  /// return .run { send in
  ///   while true {
  ///     try await EffectContext.clock.sleep(for: .seconds(1))
  ///     send(.tick)
  ///   }
  /// }
  /// ```
  ///
  /// It is a task-local value: outside an effect it is a `ContinuousClock`, and
  /// `EffectContext.$clock.withValue(clock) { ... }` sets it for code you test on its own.
  @TaskLocal public static var clock: any Clock<Duration> = ContinuousClock()
}
