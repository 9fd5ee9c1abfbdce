public import Reductor

extension Reactable {
  /// The current state.
  ///
  /// Reading it is tracked by Observation: for a struct state, every change is one change of
  /// `currentState`; an `@Observable` class state tracks its properties one by one.
  ///
  /// > Important: Don't read it in ``reduce(state:mutation:)``, where the store is changing a
  /// > struct state: read the `state` parameter. Reading it there stops the process with a
  /// > message that says so, in release builds too.
  @inlinable
  public var currentState: State {
    reactableRuntime.state
  }

  /// Sends an action: calls ``mutate(action:)`` and reduces the mutations it delivers at once,
  /// before returning.
  ///
  /// An action sent from an observer of the state is carried out after the current one, before
  /// the outer call returns. One sent from `mutate(action:)` is carried out once the mutations
  /// the current action delivers at once are reduced; its handle then covers nothing.
  ///
  /// - Parameter action: The action.
  /// - Returns: A handle on the action's mutation effect: `finish()` waits for it, `cancel()`
  ///   stops it.
  @inlinable
  @discardableResult
  public func action(_ action: Action) -> StoreTask {
    reactorStorage.withRuntime(ReactableReducer<Self>.self, for: self) {
      $0.carryOut(action, from: self)
    }
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

  /// Carries out an action and waits, as ``Reactable/asyncAction(_:)`` does, but at most
  /// `timeout` of real time (on a `ManualClock` too, whose time does not move meanwhile). If the
  /// work has not finished by then, it reports an `effectsStillInFlight` diagnostic to
  /// ``Reactable/diagnosticHandler`` that names each effect still running and where it was started, and
  /// returns the state then; the work keeps running.
  ///
  /// ```swift
  /// let state = await reactable.asyncAction(.load, timeout: .seconds(5))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - timeout: How long to wait at most.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  /// - Returns: The state then.
  @discardableResult
  public func asyncAction(
    _ action: Action, timeout: Duration, fileID: String = #fileID, line: UInt = #line
  ) async -> State {
    let task = self.action(action)
    await reactableRuntime.store.wait(
      for: task, of: "asyncAction(\(action))", timeout: timeout, fileID: fileID, line: line)
    return currentState
  }

  /// Starts ``transformAction()``; later calls do nothing. ReactableKit users call it in `init`.
  ///
  /// The `.stream`s of `transformAction()` have made their sequences, and subscribed, when
  /// `initialize()` returns: a passthrough publisher's value sent right after it is not lost.
  public func initialize() {
    _ = reactableRuntime.send(.start, from: self)
  }

  /// The reactable's state and actions as a `Store`, for what stores offer: `observe(_:_:)` in
  /// place of ReactableKit's `updateOn`, `values(of:)`, `pulses(of:)`, `states` and
  /// `enqueue(_:)` from other threads.
  ///
  /// Its `states` are ReactorKit's `reactor.state`: the current state, then the state after each
  /// mutation reduced, changed or not; an action's own turn yields nothing.
  ///
  /// Sending an action to it is calling ``action(_:)``.
  public var store: any Store<State, Action> {
    reactableRuntime.storeOfActions
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
    get { reactableRuntime.store.diagnosticHandler }
    set { reactableRuntime.store.diagnosticHandler = newValue }
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
    reactableRuntime.store.logging(
      options, name: name ?? "\(Self.self)", to: sink, formatState: formatState)
  }
}

extension Reactable {
  /// The reactable's runtime, made at its first use.
  @inlinable
  var reactableRuntime: ReactorRuntime<ReactableReducer<Self>> {
    reactorStorage.runtime(ReactableReducer<Self>.self, for: self)
  }
}
