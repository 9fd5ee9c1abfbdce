extension ReducerStore {
  /// Declares the actions that only start work: their reduction returns an effect and never
  /// changes the state, such as an action that starts loading. ``Store/states`` yields nothing
  /// for them, so that it yields one state per reduction that may change the state, on this
  /// store and the stores scoped from it. (``Store/observe(_:_:)``,
  /// ``Store/values(of:buffering:)`` and ``Store/pulses(of:buffering:)`` report changes only, and
  /// Observation hears of every reduction, as before.) The store asks the declaration only while
  /// something observes it: a send costs the same with it or without.
  ///
  /// ```swift
  /// let store = ReducerStore(initialState: FeedState(), reducer: FeedReducer())
  ///   .effectOnlyActions { action in action == .refresh }
  /// ```
  ///
  /// The store trusts the declaration: a change that the reducer makes while reducing an
  /// effect-only action is not reported to the observers. Declare it before the store is
  /// observed; a later declaration replaces the earlier one.
  ///
  /// - Parameter isEffectOnly: Whether an action only starts work.
  /// - Returns: This store.
  @inlinable
  @discardableResult
  public func effectOnlyActions(_ isEffectOnly: @escaping (Action) -> Bool) -> Self {
    observers.isEffectOnly = isEffectOnly
    return self
  }
}
