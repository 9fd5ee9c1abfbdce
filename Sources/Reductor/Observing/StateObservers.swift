import Observation

/// The observers of a root store's state — `observe`, `states`, `values(of:)` and `pulses(of:)`
/// on the root and on the stores scoped from it — as the root's extension: after each reduced
/// action it calls them with the state, in the order they subscribed.
///
/// The root installs it at the first subscription and removes it once every subscription has
/// ended, so a store nobody observes pays nothing for it.
@MainActor
@usableFromInline
final class StateObservers<State, Action: Sendable>: StoreExtension {
  /// Unchecked for exclusivity: it is read and written on the main actor only, calling nothing
  /// meanwhile (a notification runs on a copy), and checked accesses cost an observer a fifth
  /// of its call (`observe.keyPath.changed.x10`).
  @exclusivity(unchecked) @usableFromInline var subscriptions = ReductionSubscriptions<State>()
  /// The store it observes; it keeps the observers, and so this.
  private weak var store: ReducerStore<State, Action>?
  /// The store's effect-only actions, whose reductions the observers do not hear of. Unchecked
  /// for exclusivity as `subscriptions` is, for the same reason: checked, its read cost
  /// `observe.keyPath.changed.x10` 90 instructions per send.
  @exclusivity(unchecked) @usableFromInline var isEffectOnly: ((Action) -> Bool)?
  /// Whether the store follows outside changes (``OutsideChangeFollower``) for the observers
  /// that compare what they read. It does once the process has values held by reference: from
  /// the first subscription if it has them then, otherwise from the first reduction after one
  /// was made. Until then, following would cost every action a round of one more extension
  /// (`observe.keyPath.changed`: 110 instructions). Unchecked for exclusivity as
  /// `subscriptions` is.
  @exclusivity(unchecked) @usableFromInline var followsOutsideChanges = false

  @usableFromInline
  init(store: ReducerStore<State, Action>) {
    self.store = store
    isEffectOnly = store.kernel.isEffectOnly
  }

  @usableFromInline
  nonisolated var hooks: StoreHooks { .didReduce }

  @inlinable
  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    followOutsideChangesIfSharing()
    if let isEffectOnly, isEffectOnly(action) { return }
    notify(state)
  }

  /// Makes the store follow outside changes, once the process has values held by reference.
  @inlinable
  func followOutsideChangesIfSharing() {
    guard !followsOutsideChanges, OutsideChangeFollowers.isInUse else { return }
    followOutsideChanges()
  }

  @usableFromInline
  func followOutsideChanges() {
    followsOutsideChanges = true
    store?.followOutsideChanges()
  }

  /// Calls the observers with `state` (after an outside change, those that follow one); on a
  /// copy of the list, since they may observe or stop. Forgets the ones that ended, and leaves
  /// the store once none is left.
  @inlinable
  func notify(_ state: State, outsideChange: Bool = false) {
    let current = subscriptions
    if current.notify(state, outsideChange: outsideChange) { forgetEnded() }
  }

  @usableFromInline
  func forgetEnded() {
    subscriptions.removeEnded()
    if subscriptions.isEmpty { store?.remove(self) }
  }
}

extension ReducerStore {
  /// Adds an observer of the state, called with it after each reduced action until
  /// `subscription` ends. Inlinable, so that the observers are installed, and called, specialized.
  @inlinable
  func subscribe(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    let observers =
      installedExtension(ofType: StateObservers<State, Action>.self)
      ?? StateObservers(store: self)
    observers.subscriptions.add(subscription, call: call)
    install(observers)
    observers.followOutsideChangesIfSharing()
  }
}
