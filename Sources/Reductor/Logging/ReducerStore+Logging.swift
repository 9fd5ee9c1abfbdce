extension ReducerStore {
  /// Logs actions and states, formatted by reflection, in debug builds.
  ///
  /// ```swift
  /// let store = ReducerStore(initialState: CounterState(), reducer: CounterReducer())
  ///   .logging()
  /// store.send(.increment)
  /// // [CounterState][State] CounterState
  /// //   - count: 0
  /// // [CounterState][Action] increment
  /// // [CounterState][State] CounterState
  /// //   - count: 1
  /// ```
  ///
  /// - ``LogOptions/action`` logs each action right before the reducer runs it: actions from
  ///   effects included, and actions sent to scoped stores as the root action they map to.
  /// - ``LogOptions/state`` logs the current state at once, then after every action, changed or
  ///   not.
  /// - ``LogOptions/diff`` logs the current state at once, then after every action only the
  ///   fields that changed.
  ///
  /// Each call replaces the previous configuration (options, name, sink and `formatState`) and
  /// logs the state again when the options include it; `[]` turns logging off. Values are
  /// formatted by ``MirrorFormatter``; a `formatState` closure replaces it for `.state` entries.
  ///
  /// > Important: Logging works only when Reductor is compiled with `DEBUG` (`swift build`, not
  /// > `swift build -c release`). In release builds this method does nothing but return the
  /// > store: nothing is formatted or emitted, and reducing pays nothing for it.
  ///
  /// - Parameters:
  ///   - options: What to log; `.all` is actions and states, `[]` turns logging off.
  ///   - name: The label in front of every entry, `[name]`; by default the root state type's
  ///     name. Give stores with the same state type distinct names.
  ///   - sink: Where entries go; standard output by default.
  ///   - formatState: Formats the state for `.state` entries instead of ``MirrorFormatter``. It
  ///     is called only when `options` include `.state`: now, and after every action. Never
  ///     called in release builds.
  /// - Returns: This store.
  @discardableResult
  public func logging(
    _ options: LogOptions = .all,
    name: String? = nil,
    to sink: LogSink = .standardOutput,
    formatState: ((State) -> String)? = nil
  ) -> Self {
    #if DEBUG
    if let logger = installedExtension(ofType: StoreLogger<State, Action>.self) { remove(logger) }
    let logger = StoreLogger<State, Action>(
      options: options, name: name ?? TypeName.of(State.self), sink: sink,
      formatState: formatState)
    guard logger.isEnabled else { return self }
    install(logger)
    logger.logConfiguration(currentState)
    #endif
    return self
  }
}
