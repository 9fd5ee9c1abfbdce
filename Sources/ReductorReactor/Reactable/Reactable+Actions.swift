public import Reductor

extension Reactable {
  /// The current state.
  ///
  /// Reading it is tracked by Observation: for a struct state, every change is one change of
  /// `currentState`; an `@Observable` class state tracks its properties one by one.
  @inlinable
  public var currentState: State {
    ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).state
  }

  /// Sends an action: calls ``mutate(action:)`` and reduces the mutations it delivers at once,
  /// before returning.
  ///
  /// An action sent while the reactable's store is busy (from `mutate`, or from an observer of
  /// its state) is carried out after the current one, before the outer call returns.
  ///
  /// - Parameter action: The action.
  /// - Returns: A handle on the action's mutation effect: `finish()` waits for it, `cancel()`
  ///   stops it.
  @inlinable
  @discardableResult
  public func action(_ action: Action) -> StoreTask {
    ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).carryOut(action, from: self)
  }

  /// Sends an action and returns the state once its mutation effect has finished and every
  /// mutation it delivered has been reduced.
  ///
  /// Cancelling the waiting task cancels the action's effect.
  ///
  /// ```swift
  /// let state = await reactable.asyncAction(.load)
  /// ```
  ///
  /// - Parameter action: The action.
  /// - Returns: The state then.
  @discardableResult
  public func asyncAction(_ action: Action) async -> State {
    await self.action(action).finish()
    return currentState
  }

  /// Starts ``transformAction()``; later calls do nothing. ReactableKit users call it in `init`.
  public func initialize() {
    _ = ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).send(.start, from: self)
  }

  /// The reactable's state and actions as a `Store`, for what stores offer: `observe(_:_:)` in
  /// place of ReactableKit's `updateOn`, `values(of:)`, `pulses(of:)`, `states` and
  /// `enqueue(_:)` from other threads.
  ///
  /// Sending an action to it is calling ``action(_:)``.
  public var store: any Store<State, Action> {
    ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).storeOfActions
  }

  /// Every assignment of an `@Emit` (`Pulse`) field of the state, the same value included, from
  /// now on: ReactableKit's `emit(_:)`, as a sequence.
  ///
  /// ```swift
  /// for await title in reactable.emit(\.$title) { print("Title changed:", title) }
  /// ```
  ///
  /// - Parameter keyPath: The pulse, as `\.$field`.
  /// - Returns: The assigned values.
  public func emit<Value: Sendable>(_ keyPath: KeyPath<State, Pulse<Value>>) -> StateStream<Value> {
    store.pulses(of: keyPath)
  }

  /// Receives what the reactable's store reports about problems that did not stop it, such as
  /// an effect that threw without a `catch:` handler; standard error by default.
  ///
  /// Called on the thread of the effect that failed, so it must be safe to call from any thread.
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).store.diagnosticHandler }
    set {
      ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).store.diagnosticHandler =
        newValue
    }
  }

  /// Logs every action, mutation and state of the reactable, as
  /// `ReducerStore.logging(_:name:to:formatState:)` does for a store; debug builds only.
  ///
  /// - Parameters:
  ///   - options: What to log; `[]` turns logging off.
  ///   - name: The label of each entry; the reactable's type name by default.
  ///   - sink: Where entries go; standard output by default.
  ///   - formatState: Formats the state instead of `MirrorFormatter`.
  public func logging(
    _ options: LogOptions = .all,
    name: String? = nil,
    to sink: LogSink = .standardOutput,
    formatState: ((State) -> String)? = nil
  ) {
    ReactorRegistry.runtime(ReactableRuntime<Self>.self, for: self).store.logging(
      options, name: name ?? "\(Self.self)", to: sink, formatState: formatState)
  }
}
