/// Builds stores.
///
/// ```swift
/// let store = StoreBuilder.reducer(initialState: CounterState(), reducer: CounterReducer())
/// // An InjectableReducer is passed built with its dependencies:
/// let todos = StoreBuilder.reducer(
///   initialState: TodoState(),
///   reducer: TodoReducer(dependencies: .live)
/// )
/// ```
public enum StoreBuilder: Sendable {
  /// Creates a root store that runs `reducer` over `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts with.
  ///   - reducer: The reducer that handles every action.
  ///   - clock: The clock effects use for time; tests pass a ``ManualClock``.
  /// - Returns: The root store.
  @MainActor
  @inlinable
  public static func reducer<R: Reducer>(
    initialState: R.State,
    reducer: R,
    clock: any Clock<Duration> = ContinuousClock()
  ) -> ReducerStore<R.State, R.Action> {
    let store = ReducerStore(
      initialState: initialState,
      reduce: { state, action in reducer.reduce(into: &state, action: action) },
      clock: clock)
    store.connect()
    return store
  }

  /// Creates a root store that runs `reduce` over `initialState`; for the package's other
  /// modules, whose stores reduce with a function rather than a ``Reducer``.
  @MainActor
  @inlinable
  package static func store<State, Action: Sendable>(
    initialState: State,
    reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>
  ) -> ReducerStore<State, Action> {
    let store = ReducerStore(initialState: initialState, reduce: reduce, clock: clock)
    store.connect()
    return store
  }
}

/// The root store type of a reducer.
public typealias StoreOf<R: Reducer> = ReducerStore<R.State, R.Action>
