extension DependencyValues {
  /// The clock of time-based work: in an effect, its store's clock (a ``ManualClock`` in
  /// tests), which ``EffectContext/clock`` reads too; a `ContinuousClock` elsewhere.
  public var clock: any Clock<Duration> {
    get { storeClock ?? self[ClockKey.self] }
    set {
      storeClock = nil
      self[ClockKey.self] = newValue
    }
  }
}

/// The key of ``DependencyValues/clock``.
private struct ClockKey: DependencyKey {
  static var liveValue: any Clock<Duration> { ContinuousClock() }
  /// A `ContinuousClock` too: a store sets its own clock for its effects, a test store its
  /// manual clock.
  static var testValue: any Clock<Duration> { ContinuousClock() }
}
