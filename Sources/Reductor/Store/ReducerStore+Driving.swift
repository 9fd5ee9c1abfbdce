/// What the package's drivers of a store use besides its public API: the reactor family, whose
/// runtime turns a view model's calls into the store's actions, and the test store, which keeps
/// the actions effects delivered apart from the one it sends.
extension ReducerStore {
  /// The state, without an observation access.
  @inlinable
  package var currentState: State {
    kernel.state
  }

  /// Sends an action; reduces the actions effects delivered first only when told to. A
  /// two-phase reactor says no when it built the action's mutations before sending, from the
  /// state as it is.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - reducingDeliveredActionsFirst: Whether the actions effects delivered are reduced
  ///     before it, as ``send(_:)`` does unless the clock is a ``ManualClock``.
  /// - Returns: The handle on the effects the action started.
  @inlinable
  @discardableResult
  package func send(_ action: Action, reducingDeliveredActionsFirst: Bool) -> StoreTask {
    kernel.send(action, reducingDeliveredActionsFirst: reducingDeliveredActionsFirst)
  }

  /// Whether a `send` now would reduce its action first and alone: the store is not reducing,
  /// nothing waits, and no extension hears of actions. A two-phase reactor then calls its
  /// `mutate` before sending, instead of in the action's turn.
  @inlinable
  package var reducesNextSendAlone: Bool {
    !kernel.isReducing && kernel.extensions.hooksWithMarking.isEmpty && !kernel.queue.hasActions
      && !kernel.inbox.hasEntries
  }

  /// Reduces the actions effects and other threads delivered until now (not those that arrive
  /// meanwhile), and the actions they send: for a test store, which keeps them apart from the
  /// reduction of the action it sends next, and for a shutdown that waits for them.
  package func reduceDeliveredActions() {
    kernel.reduceDeliveredActions()
  }
}
