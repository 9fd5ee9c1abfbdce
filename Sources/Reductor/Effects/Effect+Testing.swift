extension Effect {
  /// Runs the effect's work directly and returns the last action it produced, or `nil` if it
  /// produced none.
  ///
  /// Debounce and throttle run their effects at once, lifetimes and `.cancel` are ignored, and
  /// concurrent children run concurrently (so "last" is the last to arrive). Errors without a
  /// `catch:` handler are written to standard error. Test timing and lifetimes through a store
  /// on a ``ManualClock`` instead.
  ///
  /// ```swift
  /// let action = await CounterReducer().reduce(into: &state, action: .load).executeForTesting()
  /// #expect(action == .loaded(42))
  /// ```
  ///
  /// - Returns: The last action produced.
  public func executeForTesting() async -> Action? {
    let last = LastValue<Action>()
    let runner = EffectRunner<Action>(
      runtime: nil, deliver: { action, _ in last.set(action) }, tracker: nil)
    _ = await runner.execute(self)
    return last.value
  }
}

/// The most recent value handed to `set`, readable from any thread.
private final class LastValue<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)

  var value: Value? {
    storage.withLock { $0 }
  }

  @Sendable func set(_ value: Value) {
    storage.withLock { $0 = value }
  }
}
