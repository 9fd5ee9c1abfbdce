public import Observation

/// A store that holds a feature's state and accepts its actions: the root ``ReducerStore`` or a
/// store scoped from it.
///
/// Views and components hold a store as `any Store<State, Action>`, so they work the same with a
/// root store and with a scoped one. Reading ``state`` inside `withObservationTracking` (or a
/// SwiftUI view) tracks it; a scoped store's state changes whenever the root's state changes.
///
/// A store is `Sendable`: a component can hand its store to a background task, which sends with
/// ``enqueue(_:)``. ``state`` and ``send(_:)`` stay on the main actor.
@MainActor
public protocol Store<State, Action>: AnyObject, Observable, Sendable {
  /// The state the store exposes.
  associatedtype State
  /// The actions the store accepts.
  associatedtype Action: Sendable

  /// The current state. For a scoped store, the projection of the root's current state.
  var state: State { get }

  /// Sends an action: the root reduces it (and every action it causes) before this returns.
  ///
  /// ```swift
  /// store.send(.increment)
  /// print(store.state.count)  // already incremented
  /// await store.send(.load).finish()  // waits for the effects `.load` started
  /// ```
  ///
  /// `send` is isolated to the main actor. From a background task or another thread, where the
  /// compiler says "main actor-isolated instance method 'send' cannot be called from outside of
  /// the actor", use ``enqueue(_:)``, which any thread may call.
  ///
  /// - Parameter action: The action to send.
  /// - Returns: A handle on the effects this action started; see ``StoreTask``.
  @discardableResult
  func send(_ action: Action) -> StoreTask

  /// Adds an action to the root store's buffer from any thread or isolation domain, without
  /// blocking and without waiting.
  ///
  /// The root reduces it on the main actor after the actions already in its buffer; actions
  /// enqueued by one producer are reduced in the order it enqueued them. However many arrive, the
  /// root's own drains reduce them in batches of at most 4,096, each in a turn of the main actor
  /// of its own, so that other main-actor work runs between two batches during a flood; a
  /// ``send(_:)`` on the main actor reduces those waiting when it is called first, all of them,
  /// and a ``ManualClock``'s settle point reduces all there are. A scoped store embeds
  /// the action as its `scope` says and hands it to the root. On a root whose clock is a
  /// ``ManualClock``, it is reduced at the clock's next settle point, as the actions of effects
  /// are. An action enqueued after the root store is gone is dropped.
  ///
  /// ```swift
  /// Task.detached {
  ///   for await reading in sensor.readings {
  ///     store.enqueue(.reading(reading))
  ///   }
  /// }
  /// ```
  ///
  /// - Parameter action: The action to reduce.
  nonisolated func enqueue(_ action: Action)
}

extension Store {
  /// Creates a store that focuses on a part of this store's state.
  ///
  /// The child reads its state through `state` from this store's current state, never from a
  /// stale copy, and forwards its actions through `action` to this store, and so to the root.
  /// `action` is `@Sendable` because the child's ``enqueue(_:)`` calls it on the enqueuing
  /// thread. Key paths work for `state` and enum cases for `action`:
  ///
  /// ```swift
  /// let settings = appStore.scope(state: \.settings, action: AppAction.settings)
  /// ```
  ///
  /// - Parameters:
  ///   - state: Projects this store's state to the child's state.
  ///   - action: Embeds a child action into this store's actions.
  /// - Returns: The child store. It keeps the root store alive.
  @inlinable
  @inline(__always)
  public func scope<ChildState, ChildAction: Sendable>(
    state: @escaping (State) -> ChildState,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> any Store<ChildState, ChildAction> {
    // Always inlined where it is called, so the functions made here are specialized for the
    // concrete state and action types even when `self` is an `any Store`. The child forwards its
    // actions to this store's forwarder, not to its `send`: each level of scope adds one call.
    let parent =
      (self as? any ScopeSource<Action>)?.scopeParent
      ?? ScopeParent(
        root: self, isCacheable: false, rootVersion: { 0 },
        forwarder: ActionForwarder { self.send($0) }, enqueuer: ActionEnqueuer(self.enqueue),
        observing: nil)
    return ScopedStore(
      parent: parent, project: { state(self.state) }, forwarder: parent.forwarder.embedding(action),
      enqueuer: parent.enqueuer.embedding(action), observing: parent.observing)
  }
}
