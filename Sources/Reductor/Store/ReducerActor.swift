/// An actor that owns one root store: the common case of ``ActorStore``, for a store with nothing
/// else in its actor, such as one per room, device or job of a service.
///
/// Other tasks `await` its ``ReducerActor/send(_:)``, which reduces the action on the actor
/// before it returns, and read its ``state``; ``enqueue(_:)`` adds an action from anywhere without
/// waiting:
///
/// ```swift
/// let room = ReducerActor(initialState: Chat.State(), reducer: Chat())
/// await room.send(.post("Hello"))
/// print(await room.state.messages.count)  // 1
/// ```
///
/// Effects run off the actor and deliver their actions back onto it, as for any ``ActorStore``.
public actor ReducerActor<State: Sendable, Action: Sendable> {
  private let store: ActorStore<State, Action>
  /// Adds actions to the store's buffer from any thread; see ``enqueue(_:)``.
  public nonisolated let enqueuer: ActionEnqueuer<Action>

  /// Creates an actor whose store reduces `initialState` with `reducer`, on `clock`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The reducer of every action; the actor's from then on.
  ///   - clock: The clock of the store's effects; a `ContinuousClock` by default, a
  ///     ``ManualClock`` in tests.
  public init<R: Reducer>(
    initialState: State, reducer: sending R, clock: any Clock<Duration> = ContinuousClock()
  ) where R.State == State, R.Action == Action {
    let store = ActorStore(initialState: initialState, reducer: reducer, clock: clock)
    enqueuer = store.enqueuer
    self.store = store
  }

  /// The current state.
  public var state: State {
    store.state
  }

  /// The current state, then the state after every reduced action, in order, none dropped, as a
  /// stream any task can iterate; see ``ActorStore/states``.
  ///
  /// ```swift
  /// for await state in await room.states { print(state.messages.count) }
  /// ```
  public var states: StateStream<State> {
    store.states
  }

  /// Sends an action and reduces it, and every action it causes synchronously, before
  /// returning; see ``ActorStore/send(_:isolation:)``.
  ///
  /// - Parameter action: The action to reduce.
  /// - Returns: A handle on the effects the action started; awaiting its
  ///   ``StoreTask/finish()`` from outside waits for them on this actor.
  @discardableResult
  public func send(_ action: Action) -> StoreTask {
    store.send(action)
  }

  /// Adds an action to the store's buffer from any thread or isolation domain, without blocking
  /// and without waiting; it is reduced on the actor after the actions already there.
  ///
  /// - Parameter action: The action to reduce.
  public nonisolated func enqueue(_ action: Action) {
    enqueuer.enqueue(action)
  }

  /// Receives what the store reports about problems that did not stop it; see
  /// ``ReducerStore/diagnosticHandler``.
  ///
  /// - Parameter handler: Called on the thread of the effect that failed.
  public func setDiagnosticHandler(_ handler: @escaping @Sendable (StoreDiagnostic) -> Void) {
    store.diagnosticHandler = handler
  }

  /// Waits until every effect of the store has finished and every action they delivered has
  /// been reduced, or `timeout` has passed; see
  /// ``ReducerStore/finishEffects(timeout:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  /// - Returns: The effects still in flight when it stopped waiting; empty when everything
  ///   finished.
  @discardableResult
  public func finishEffects(
    timeout: Duration, fileID: String = #fileID, line: UInt = #line
  ) async -> [InFlightEffect] {
    await store.finishEffects(timeout: timeout, fileID: fileID, line: line)
  }
}
