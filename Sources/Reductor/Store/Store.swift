public import Observation

/// A store that holds a feature's state and accepts its actions: the root ``ReducerStore`` or a
/// store scoped from it.
///
/// Views and components hold a store as `any Store<State, Action>`, so they work the same with a
/// root store and with a scoped one. Reading ``state`` inside `withObservationTracking` (or a
/// SwiftUI view) tracks it; a scoped store's state changes whenever the root's state changes.
@MainActor
public protocol Store<State, Action>: AnyObject, Observable {
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
  /// - Parameter action: The action to send.
  /// - Returns: A handle on the effects this action started; see ``StoreTask``.
  @discardableResult
  func send(_ action: Action) -> StoreTask
}

extension Store {
  /// Creates a store that focuses on a part of this store's state.
  ///
  /// The child reads its state through `state` from this store's current state, never from a
  /// stale copy, and forwards its actions through `action` to this store, and so to the root.
  /// Key paths work for `state` and enum cases for `action`:
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
    action: @escaping (ChildAction) -> Action
  ) -> any Store<ChildState, ChildAction> {
    // Always inlined where it is called, so the functions made here are specialized for the
    // concrete state and action types even when `self` is an `any Store`. The child forwards its
    // actions to this store's forwarder, not to its `send`: each level of scope adds one call.
    let parent =
      (self as? any ScopeSource<Action>)?.scopeParent
      ?? ScopeParent(
        root: self, isCacheable: false, rootVersion: { 0 },
        forwarder: ActionForwarder { self.send($0) })
    return ScopedStore(
      parent: parent, project: { state(self.state) }, forwarder: parent.forwarder.embedding(action))
  }
}
