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
/// ``scope(state:action:)`` makes a store of a part of the state, on the same actor, which is an
/// `ActorStore` too; ``observe(_:_:)`` calls a function on the actor after each change, and
/// ``states`` and ``values(of:buffering:)`` are streams any task can iterate.
///
/// Deinitializing a root store cancels its effects that are not detached and drops the actions
/// waiting, as for ``ReducerStore``.
public final class ActorStore<State, Action: Sendable> {
  /// The kernel of a root store; nil for a store scoped from one.
  @usableFromInline let kernel: StoreKernel<State, Action>?
  /// How a store scoped from another reaches its root; nil for a root store.
  @usableFromInline let scope: ActorScope<State, Action>?
  /// The actor a root store was last used on: its kernel's owner.
  @usableFromInline var owner: ObjectIdentifier?

  /// A handle that adds actions to the store's buffer from any thread or isolation domain,
  /// without blocking and without waiting; they are reduced on the store's actor after the
  /// actions already there. See ``Store/enqueue(_:)``. A scoped store's embeds each action as
  /// its scope says, on the calling thread, and hands it to the root.
  public let enqueuer: ActionEnqueuer<Action>

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
    let kernel = StoreKernel(
      initialState: initialState,
      reduce: { state, action in reducer.reduce(into: &state, action: action) }, clock: clock)
    self.kernel = kernel
    scope = nil
    enqueuer = ActionEnqueuer { [inbox = kernel.inbox] in inbox.append($0, tracker: nil) }
    kernel.connect()
  }

  /// A store scoped from another.
  @usableFromInline
  init(scope: ActorScope<State, Action>, enqueuer: ActionEnqueuer<Action>) {
    kernel = nil
    self.scope = scope
    self.enqueuer = enqueuer
  }

  deinit {
    kernel?.close()
  }

  /// The current state; a scoped store's is the projection of the root's current state. Reading
  /// it inside `withObservationTracking` tracks every change the reducer makes.
  @inlinable
  public var state: State {
    // As in `send(_:isolation:)`: no retain of the kernel on each read.
    guard kernel != nil else { return parent.project() }
    return kernel.unsafelyUnwrapped.observedState
  }

  /// The clock the store's effects use for time; see ``EffectContext/clock``.
  public var clock: any Clock<Duration> {
    runtime.clock
  }

  /// Receives what the store reports about problems that did not stop it; see
  /// ``ReducerStore/diagnosticHandler``. It is called on the thread of the effect that failed. A
  /// scoped store's is its root's.
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { runtime.diagnosticHandler }
    set { runtime.diagnosticHandler = newValue }
  }

  /// Sends an action and reduces it, and every action it causes synchronously, before returning,
  /// on the actor the caller is isolated to, which owns the store (the root and every store
  /// scoped from it) from then on.
  ///
  /// The actions effects delivered before the call are reduced first, as on
  /// ``ReducerStore/send(_:)``; so are those enqueued before the store's first send. A scoped
  /// store embeds the action as its scope says and sends it to the root.
  ///
  /// - Parameters:
  ///   - action: The action to reduce.
  ///   - isolation: The actor the store is used on; the caller's, by default.
  /// - Returns: A handle on the effects the action started.
  @inlinable
  @discardableResult
  public func send(_ action: Action, isolation: isolated any Actor = #isolation) -> StoreTask {
    // Read through `unsafelyUnwrapped` once checked: a `guard let` binding retains the kernel on
    // every send, a slow retain since the kernel is weakly referenced (`actor.send.inside`; see
    // Benchmarks/NOTES.md).
    guard kernel != nil else { return sendToRoot(action, isolation: isolation) }
    if owner != ObjectIdentifier(isolation) { claim(for: isolation) }
    return kernel.unsafelyUnwrapped.send(
      action, reducingDeliveredActionsFirst: kernel.unsafelyUnwrapped.sendReducesDeliveredActions)
  }

  /// Sends a scoped store's action to its root, on `isolation`, which owns the root from then on.
  @usableFromInline
  func sendToRoot(_ action: Action, isolation: isolated any Actor) -> StoreTask {
    parent.root.claim(for: isolation)
    return parent.forwarder.forward(action)
  }

  /// How this store, scoped from another, reaches its root: a store is a root, with a kernel,
  /// or scoped, with a scope.
  @usableFromInline
  var parent: ActorScope<State, Action> {
    guard let scope else { preconditionFailure("An ActorStore has a kernel or a scope") }
    return scope
  }

  /// Waits until every effect of the store has finished and every action they delivered has
  /// been reduced, or `timeout` has passed; for a graceful shutdown. See
  /// ``ReducerStore/finishEffects(timeout:fileID:line:)``. A scoped store waits for its root's.
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
    guard let kernel else {
      return await parent.root.finishEffects(
        timeout: timeout, fileID: fileID, line: line, isolation: isolation)
    }
    claim(for: isolation)
    return await kernel.finishEffects(timeout: timeout, fileID: fileID, line: line)
  }

  /// Creates a store that focuses on a part of this store's state, on the same actor.
  ///
  /// The child reads its state through `state` from this store's current state, and sends its
  /// actions, embedded through `action`, to this store, and so to the root:
  ///
  /// ```swift
  /// let settings = store.scope(state: \.settings, action: Service.Action.settings)
  /// settings.send(.rename("west"))
  /// ```
  ///
  /// - Parameters:
  ///   - state: Projects this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions.
  /// - Returns: The child store. It keeps the root store alive.
  @inlinable
  public func scope<ChildState, ChildAction: Sendable>(
    state: @escaping (State) -> ChildState,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> ActorStore<ChildState, ChildAction> {
    let root: any ActorStoreRoot
    let forwarder: ActionForwarder<Action>
    if let kernel {
      root = self
      forwarder = ActionForwarder {
        kernel.send($0, reducingDeliveredActionsFirst: kernel.sendReducesDeliveredActions)
      }
    } else {
      (root, forwarder) = (parent.root, parent.forwarder)
    }
    return ActorStore<ChildState, ChildAction>(
      scope: ActorScope(
        root: root, project: { state(self.state) }, forwarder: forwarder.embedding(action)),
      enqueuer: enqueuer.embedding(action))
  }
}

extension ActorStore: ActorStoreRoot {
  /// The effect runtime of the root store.
  @usableFromInline
  var runtime: EffectRuntime {
    kernel?.runtime ?? parent.root.runtime
  }

  @usableFromInline
  func claim(for actor: any Actor) {
    guard let kernel else { return parent.root.claim(for: actor) }
    guard owner != ObjectIdentifier(actor) else { return }
    owner = ObjectIdentifier(actor)
    kernel.setOwner(actor)
  }

  @usableFromInline
  func subscribe(_ subscription: ReductionSubscription, call: @escaping () -> Void) {
    subscribe(subscription) { _ in call() }
  }

  /// Adds `call`, with (a pointer to) this store's state, to the root's observers until
  /// `subscription` ends.
  @inlinable
  func subscribe(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    guard let kernel else {
      // The root keeps the subscription; the token or the stream keeps this store alive.
      return parent.root.subscribe(subscription) { [weak self] in
        if let self { withUnsafePointer(to: self.state, call) }
      }
    }
    kernel.observers(followOutsideChanges: nil).add(subscription, call: call)
  }
}

/// What a store scoped from an actor's root store needs of the root.
@usableFromInline
protocol ActorStoreRoot: AnyObject {
  /// The root's effect runtime.
  var runtime: EffectRuntime { get }
  /// Makes `actor` the owner of the root, where the actions effects deliver are reduced, if it
  /// was not.
  func claim(for actor: any Actor)
  /// Adds `call` to the root's observers until `subscription` ends.
  func subscribe(_ subscription: ReductionSubscription, call: @escaping () -> Void)
  /// Waits for the root's effects; see ``ActorStore/finishEffects(timeout:fileID:line:isolation:)``.
  func finishEffects(
    timeout: Duration, fileID: String, line: UInt, isolation: isolated any Actor
  ) async -> [InFlightEffect]
}

/// How a store scoped from an actor's store reaches the root.
@usableFromInline
struct ActorScope<State, Action> {
  /// The root store, which the scoped store keeps alive and makes the caller's actor own.
  @usableFromInline let root: any ActorStoreRoot
  /// Computes the scoped store's state from the root's current state.
  @usableFromInline let project: () -> State
  /// Sends an action of the scoped store on towards the root.
  @usableFromInline let forwarder: ActionForwarder<Action>

  @usableFromInline
  init(root: any ActorStoreRoot, project: @escaping () -> State, forwarder: ActionForwarder<Action>)
  {
    self.root = root
    self.project = project
    self.forwarder = forwarder
  }
}

/// It stays on the actor that owns it: its state and queue are that actor's.
@available(*, unavailable)
extension ActorStore: Sendable {}

/// Holds a store's functions; it stays on the store's actor.
@available(*, unavailable)
extension ActorScope: Sendable {}
