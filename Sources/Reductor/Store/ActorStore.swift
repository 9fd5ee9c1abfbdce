/// A root store that an actor of your own owns: the same kernel as ``ReducerStore``, which is
/// the main actor's, used on whichever actor holds it.
///
/// Keep it in a stored property of the actor and use it from the actor's methods.
/// ``send(_:isolation:)`` reduces the action before it returns, as on the main actor; effects run
/// off the actor and deliver their actions back onto it, in the order they were sent, through the
/// store's buffer:
///
/// ```swift
/// actor Room {
///   private let store = ActorStore(initialState: Chat.State(), reducer: Chat())
///
///   func post(_ text: String) -> Int {
///     store.send(.post(text))
///     return store.state.messages.count  // already reduced
///   }
/// }
/// ```
///
/// The store belongs to the actor that sends to it: the compiler keeps it there (it is not
/// `Sendable`), and ``send(_:isolation:)`` can only be called on an actor. The actions effects
/// deliver are reduced on that actor, in a job of their own or while a task there waits in
/// ``StoreTask/finish()``; actions delivered before the first send wait for it. For a store with
/// nothing else in its actor, ``ReducerActor`` is that actor.
///
/// Deinitializing it cancels its effects that are not detached and drops the actions waiting, as
/// for ``ReducerStore``.
public final class ActorStore<State, Action: Sendable> {
  @usableFromInline let kernel: StoreKernel<State, Action>
  /// The actor the store was last used on: the kernel's owner.
  @usableFromInline var owner: ObjectIdentifier?

  /// Creates a store that reduces `initialState` with `reducer`, on `clock`.
  ///
  /// - Parameters:
  ///   - initialState: The state the store starts from.
  ///   - reducer: The reducer of every action.
  ///   - clock: The clock of the store's effects; a `ContinuousClock` by default, a
  ///     ``ManualClock`` in tests.
  @inlinable
  public init<R: Reducer>(
    initialState: State, reducer: R, clock: any Clock<Duration> = ContinuousClock()
  ) where R.State == State, R.Action == Action {
    kernel = StoreKernel(
      initialState: initialState,
      reduce: { state, action in reducer.reduce(into: &state, action: action) }, clock: clock)
    kernel.connect()
  }

  deinit {
    kernel.close()
  }

  /// The current state. Reading it inside `withObservationTracking` tracks every change the
  /// reducer makes.
  @inlinable
  public var state: State {
    kernel.observedState
  }

  /// The clock the store's effects use for time; see ``EffectContext/clock``.
  public var clock: any Clock<Duration> {
    kernel.runtime.clock
  }

  /// Receives what the store reports about problems that did not stop it; see
  /// ``ReducerStore/diagnosticHandler``. It is called on the thread of the effect that failed.
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { kernel.runtime.diagnosticHandler }
    set { kernel.runtime.diagnosticHandler = newValue }
  }

  /// Sends an action and reduces it, and every action it causes synchronously, before returning,
  /// on the actor the caller is isolated to, which owns the store from then on.
  ///
  /// The actions effects delivered before the call are reduced first, as on
  /// ``ReducerStore/send(_:)``; so are those enqueued before the store's first send.
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - isolation: The actor the store is used on; the caller's, by default.
  /// - Returns: A handle on the effects the action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action, isolation: isolated any Actor = #isolation) -> StoreTask {
    if owner != ObjectIdentifier(isolation) { own(by: isolation) }
    return kernel.send(action, reducingDeliveredActionsFirst: kernel.sendReducesDeliveredActions)
  }

  /// Makes `actor` the owner, where the actions effects deliver are reduced.
  @usableFromInline
  func own(by actor: any Actor) {
    owner = ObjectIdentifier(actor)
    kernel.setOwner(actor)
  }

  /// Waits until every effect of the store has finished and every action they delivered has
  /// been reduced, or `timeout` has passed; for a graceful shutdown. See
  /// ``ReducerStore/finishEffects(timeout:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  ///   - isolation: The actor the store is used on; the caller's, by default.
  /// - Returns: The effects still in flight when it stopped waiting; empty when everything
  ///   finished.
  @discardableResult
  public func finishEffects(
    timeout: Duration, fileID: String = #fileID, line: UInt = #line,
    isolation: isolated any Actor = #isolation
  ) async -> [InFlightEffect] {
    if owner != ObjectIdentifier(isolation) { own(by: isolation) }
    return await kernel.finishEffects(timeout: timeout, fileID: fileID, line: line)
  }

  /// A handle that adds actions to the store's buffer from any thread or isolation domain,
  /// without blocking and without waiting; they are reduced on the store's actor after the
  /// actions already there. See ``Store/enqueue(_:)``.
  public var enqueuer: ActionEnqueuer<Action> {
    ActionEnqueuer { [inbox = kernel.inbox] in inbox.append($0, tracker: nil) }
  }
}

/// It stays on the actor that owns it: its state and queue are that actor's.
@available(*, unavailable)
extension ActorStore: Sendable {}
