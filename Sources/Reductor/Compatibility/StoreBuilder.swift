/// NanoRedux's builder of stores, kept for code that moves over; stores are made with their
/// initializer.
///
/// ```swift
/// let store = ReducerStore(initialState: CounterState(), reducer: CounterReducer())
/// ```
public enum StoreBuilder: Sendable {
  /// Creates a root store that runs `reducer` over `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The reducer of every action.
  ///   - clock: The clock of the store's effects.
  /// - Returns: The store.
  @MainActor
  @available(*, deprecated, renamed: "ReducerStore.init(initialState:reducer:clock:)")
  @inlinable
  public static func reducer<R: Reducer>(
    initialState: R.State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> ReducerStore<R.State, R.Action> {
    ReducerStore(initialState: initialState, reducer: reducer, clock: clock)
  }
}
