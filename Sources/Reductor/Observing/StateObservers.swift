import Observation

/// The observers of a root store's state — `observe`, `states`, `values(of:)` and `pulses(of:)`
/// on the root and on the stores scoped from it — as the root's extension: after each reduced
/// action it calls them with the state, in the order they subscribed, except after the store's
/// effect-only actions (``ReducerStore/effectOnlyActions(_:)``).
///
/// The root installs it at the first subscription, or when its effect-only actions are
/// declared; while no subscription is left it stays installed without hooks, so a store nobody
/// observes pays nothing for it.
@MainActor
@usableFromInline
final class StateObservers<State, Action: Sendable>: @MainActor StoreExtension {
  /// Unchecked for exclusivity: it is read and written on the main actor only, calling nothing
  /// meanwhile (a notification runs on a copy), so run-time checks would guard nothing, in every
  /// observer's call (`observe.keyPath.changed.x10`; see Benchmarks/NOTES.md).
  @exclusivity(unchecked) @usableFromInline var subscriptions = ReductionSubscriptions<State>()
  /// The store it observes; it keeps the observers, and so this.
  private weak var store: ReducerStore<State, Action>?
  /// The store's effect-only actions, whose reductions the observers do not hear of. Unchecked
  /// for exclusivity as `subscriptions` is, for the same reason.
  @exclusivity(unchecked) @usableFromInline var isEffectOnly: ((Action) -> Bool)?
  /// The count of values held by reference made or looked up in the process when the observers
  /// last looked whether the state holds one: while it stays, the state holds no new one, and
  /// the store's following of outside changes (``OutsideChangeFollower``) needs no look.
  /// Unchecked for exclusivity as `subscriptions` is.
  @exclusivity(unchecked) @usableFromInline var seenEpoch: UInt64 = 0

  @usableFromInline
  init(store: ReducerStore<State, Action>) {
    self.store = store
  }

  @usableFromInline
  nonisolated var hooks: StoreHooks { .didReduce }

  @inlinable
  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    if OutsideChangeFollowers.currentEpoch != seenEpoch { lookForValuesHeldByReference() }
    if let isEffectOnly, isEffectOnly(action) { return }
    notify(state)
  }

  /// Makes the store follow the outside changes of the values its state holds by reference, if
  /// it holds any it does not follow yet.
  @usableFromInline
  func lookForValuesHeldByReference() {
    seenEpoch = OutsideChangeFollowers.currentEpoch
    store?.followOutsideChangesIfSharing()
  }

  /// Calls the observers with `state` (after an outside change, those that follow one); on a
  /// copy of the list, since they may observe or stop. Forgets the ones that ended, and stops
  /// hearing of reductions once none is left.
  @inlinable
  func notify(_ state: State, outsideChange: Bool = false) {
    let current = subscriptions
    if current.notify(state, outsideChange: outsideChange) { forgetEnded() }
  }

  @usableFromInline
  func forgetEnded() {
    subscriptions.removeEnded()
    if subscriptions.isEmpty { store?.kernel.setHooks([], of: self) }
  }
}

extension ReducerStore {
  /// The store's observers, installed (without hooks until something subscribes) if they were
  /// not.
  @inlinable
  var observers: StateObservers<State, Action> {
    if let observers = installedExtension(ofType: StateObservers<State, Action>.self) {
      return observers
    }
    let observers = StateObservers(store: self)
    kernel.install(observers)
    kernel.setHooks([], of: observers)
    return observers
  }

  /// Adds an observer of the state, called with it after each reduced action until
  /// `subscription` ends. Inlinable, so that the observers are installed, and called, specialized.
  @inlinable
  func subscribe(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    let observers = observers
    if observers.subscriptions.isEmpty {
      kernel.setHooks(.didReduce, of: observers)
      observers.lookForValuesHeldByReference()
    }
    observers.subscriptions.add(subscription, call: call)
  }
}
