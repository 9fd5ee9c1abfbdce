/// What the package's drivers of a store use besides its public API: the reactor family, whose
/// runtime turns a view model's calls into the store's actions.
extension ReducerStore {
  /// The state, without an observation access.
  @inlinable
  var currentState: State {
    kernel.state
  }

  /// Sends the action `makeAction` makes when a send now would reduce it first and alone: the
  /// store is not reducing, nothing waits, and no extension hears of actions. `makeAction` reads
  /// the state as the action's reduction will find it — a two-phase reactor calls its `mutate`
  /// there, instead of in the action's turn — and what effects deliver meanwhile is reduced
  /// after it. Otherwise returns nil without calling `makeAction`.
  ///
  /// - Parameter makeAction: Makes the action to send.
  /// - Returns: The handle on the effects the action started; nil when it was not sent.
  @inlinable
  package func sendAlone(_ makeAction: () -> Action) -> StoreTask? {
    guard !kernel.isReducing, kernel.extensions.hooksWithMarking.isEmpty,
      !kernel.queue.hasActions, !kernel.inbox.hasEntries
    else { return nil }
    return kernel.send(makeAction(), reducingDeliveredActionsFirst: false)
  }
}
