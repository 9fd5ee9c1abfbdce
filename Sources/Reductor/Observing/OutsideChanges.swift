public import Synchronization

/// How root stores learn that a value their state holds by reference changed outside their
/// reductions: a shared value of `ReductorSharing` that another store, or an effect, assigned.
///
/// Such a value is the same for every copy of every state that holds it, so a store's state
/// already shows the new value; what the store misses is telling its observers. Once the process
/// has such values, each root store registers here when it is made (and any store when it is
/// first observed), and ``didChange()`` has every registered store, on the main actor soon,
/// tell Observation that its state changed and call again the subscriptions that compare what
/// they read (`observe`, `values(of:)`, `pulses(of:)`), which report the value if it changed. A
/// `states` stream is not called: it yields the reduced states, and there was no reduction.
/// Many changes in a row are merged into one call per turn of the main actor.
@usableFromInline
package enum OutsideChanges: Sendable {
  /// Whether the process has made a value held by reference: from then on, stores register.
  private static let valueMade = Atomic(false)
  /// Whether some store is registered: otherwise ``didChange()`` does nothing.
  @usableFromInline static let hasStores = Atomic(false)
  /// Whether a call of the registered stores is scheduled and has not started.
  static let isScheduled = Atomic(false)
  /// The registered stores' calls, each with the store it belongs to; the main actor's only.
  @MainActor static var stores: [(store: Weak, refresh: @MainActor (AnyObject) -> Void)] = []
  /// How many stores were registered after the last time the released ones were forgotten.
  @MainActor static var liveCountAfterPruning = 0

  /// A store held weakly: registering does not keep it alive.
  struct Weak {
    weak var object: AnyObject?
  }

  /// Notes that the process has a value held by reference: the stores made from now on register.
  package static func noteValueMade() {
    if !valueMade.load(ordering: .relaxed) { valueMade.store(true, ordering: .relaxed) }
  }

  /// Whether the process has made a value held by reference.
  static var isInUse: Bool {
    valueMade.load(ordering: .relaxed)
  }

  /// Registers `store`, whose `refresh` tells its observers of an outside change.
  @MainActor
  static func register<Store: AnyObject>(
    _ store: Store, refresh: @escaping @MainActor (Store) -> Void
  ) {
    // Forgets the released stores when their number has doubled: amortized, registering many
    // stores costs linear time.
    if stores.count >= 2 * max(liveCountAfterPruning, 8) {
      stores.removeAll { $0.store.object == nil }
      liveCountAfterPruning = stores.count
    }
    stores.append((Weak(object: store), { refresh(unsafeDowncast($0, to: Store.self)) }))
    hasStores.store(true, ordering: .releasing)
  }

  /// Tells the registered stores, on the main actor soon, that a value their states may hold
  /// changed. Callable from any thread.
  @inlinable
  package static func didChange() {
    if hasStores.load(ordering: .acquiring) { scheduleRefresh() }
  }

  /// Schedules a call of the registered stores, unless one is scheduled.
  @usableFromInline
  static func scheduleRefresh() {
    guard !isScheduled.exchange(true, ordering: .acquiringAndReleasing) else { return }
    Task { @MainActor in
      isScheduled.store(false, ordering: .releasing)
      refreshStores()
    }
  }

  @MainActor
  private static func refreshStores() {
    stores.removeAll { $0.store.object == nil }
    liveCountAfterPruning = stores.count
    // On a copy: a subscription that is called may subscribe another store.
    for (store, refresh) in stores {
      if let object = store.object { refresh(object) }
    }
  }
}
