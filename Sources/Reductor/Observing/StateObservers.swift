import Observation

/// The observers of a root store's state — `observe`, `states`, `values(of:)` and `pulses(of:)`
/// on the root and on the stores scoped from it — as the root's extension: after each reduced
/// action it calls them with the state, in the order they subscribed, except after the store's
/// effect-only actions (``ReducerStore/effectOnlyActions(_:)``).
///
/// The root installs it at the first subscription, or when its effect-only actions are
/// declared; while no subscription is left it stays installed without hooks, so a store nobody
/// observes pays nothing for it. It lives on the store's owner, as the kernel does: the main
/// actor for a ``ReducerStore``, the owning actor for an ``ActorStore``.
@usableFromInline
final class StateObservers<State, Action: Sendable>: StoreExtension {
  /// Unchecked for exclusivity: it is read and written on the owner only, each access
  /// calling nothing meanwhile (a notification reads one entry at a time), so run-time checks
  /// would guard nothing, in every observer's call (`observe.keyPath.changed.x10`; see
  /// Benchmarks/NOTES.md).
  @exclusivity(unchecked) @usableFromInline var subscriptions = ReductionSubscriptions<State>()
  /// How many notifications run now: more than one only when an observer's call leads to
  /// another. The subscriptions that ended are forgotten once none runs, so that the list keeps
  /// the entries a notification still calls. Unchecked for exclusivity as `subscriptions` is.
  @exclusivity(unchecked) @usableFromInline var notifications = 0
  /// The kernel it observes; it keeps the observers, and so this.
  @usableFromInline weak var kernel: StoreKernel<State, Action>?
  /// Makes the store follow the outside changes of the values its state holds by reference
  /// (``OutsideChangeFollower``): a main-actor store's; nil for a store on another actor, whose
  /// state changes only when it reduces.
  private let followOutsideChanges: (() -> Void)?
  /// The store's effect-only actions, whose reductions the observers do not hear of. Unchecked
  /// for exclusivity as `subscriptions` is, for the same reason.
  @exclusivity(unchecked) @usableFromInline var isEffectOnly: ((Action) -> Bool)?
  /// The count of values held by reference made or looked up in the process when the observers
  /// last looked whether the state holds one: while it stays, the state holds no new one, and
  /// the store's following of outside changes (``OutsideChangeFollower``) needs no look.
  /// Unchecked for exclusivity as `subscriptions` is.
  @exclusivity(unchecked) @usableFromInline var seenEpoch: UInt64 = 0

  @usableFromInline
  init(kernel: StoreKernel<State, Action>, followOutsideChanges: (() -> Void)?) {
    self.kernel = kernel
    self.followOutsideChanges = followOutsideChanges
  }

  @usableFromInline
  var hooks: StoreHooks { .didReduce }

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
    followOutsideChanges?()
  }

  /// Adds an observer of the state, called with it after each reduced action until
  /// `subscription` ends; the first one makes the store call the observers.
  @inlinable
  func add(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    if subscriptions.isEmpty {
      kernel?.setHooks(.didReduce, of: self)
      lookForValuesHeldByReference()
    }
    subscriptions.add(subscription, call: call)
  }

  /// Calls the observers that have not ended with `state`, in the order they subscribed (after
  /// an outside change, those that follow one). Forgets the ones that ended, and stops hearing
  /// of reductions once none is left.
  @inlinable
  func notify(_ state: State, outsideChange: Bool = false) {
    // Handed over as a pointer argument, not through `withUnsafePointer`: a main-actor closure
    // passed to the standard library checks the executor when it runs.
    var state = state
    notify(with: &state, outsideChange: outsideChange)
  }

  /// ``notify(_:outsideChange:)`` with the state `state` points to.
  ///
  /// The list is read in place, one entry at a time: a copy would retain and release its storage
  /// on every action. An observer may subscribe during its call (the new one is called from the
  /// next reduction on, as the count is read first) or end a subscription (one ended before its
  /// turn is not called); nothing leaves the list until the notifications are over, so the
  /// entries they call stay alive.
  @inlinable
  func notify(with state: UnsafePointer<State>, outsideChange: Bool) {
    let count = subscriptions.slots.count
    notifications += 1
    var sawEnded = false
    for index in 0..<count {
      withUnretained(subscriptions.slots[index].unretained) { entry in
        if entry.subscription.isEnded {
          sawEnded = true
        } else if !outsideChange || entry.subscription.followsOutsideChanges {
          entry.call(state)
        }
      }
    }
    notifications -= 1
    if sawEnded, notifications == 0 { forgetEnded() }
  }

  @usableFromInline
  func forgetEnded() {
    subscriptions.removeEnded()
    if subscriptions.isEmpty { kernel?.setHooks([], of: self) }
  }
}

/// It stays on the store's owner, as the kernel's extensions do.
@available(*, unavailable)
extension StateObservers: Sendable {}

extension StoreKernel {
  /// The store's observers, installed (without hooks until something subscribes) if they were
  /// not; `followOutsideChanges` makes the store follow the outside changes of its state.
  @inlinable
  func observers(followOutsideChanges: (() -> Void)?) -> StateObservers<State, Action> {
    if let observers = installedExtension(ofType: StateObservers<State, Action>.self) {
      return observers
    }
    let observers = StateObservers(kernel: self, followOutsideChanges: followOutsideChanges)
    install(observers)
    setHooks([], of: observers)
    return observers
  }
}

extension ReducerStore {
  /// The store's observers, installed (without hooks until something subscribes) if they were
  /// not.
  @inlinable
  var observers: StateObservers<State, Action> {
    kernel.observers(followOutsideChanges: { [weak self] in self?.followOutsideChangesIfSharing() })
  }

  /// Adds an observer of the state, called with it after each reduced action until
  /// `subscription` ends. Inlinable, so that the observers are installed, and called, specialized.
  @inlinable
  func subscribe(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    observers.add(subscription, call: call)
  }
}
