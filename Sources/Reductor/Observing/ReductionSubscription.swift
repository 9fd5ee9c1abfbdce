public import Synchronization

/// One observer of a root store's reductions, until it ends: a token is cancelled or released,
/// or a stream's iteration ends.
///
/// The root keeps its subscriptions, in the order they were made, with the function to call
/// after each reduced action, and skips and forgets the ones that ended. Ending is an atomic flag,
/// so it may happen on any thread (a stream's iteration is cancelled there); the root forgets an
/// ended subscription at its next reduction. When the root is deinitialized it releases its
/// subscriptions, whose `onEnd` then finishes their streams.
@usableFromInline
final class ReductionSubscription: Sendable {
  @usableFromInline let ended = Atomic(false)
  /// Whether the subscription is also called when a value the state holds by reference changes
  /// outside a reduction (see ``HeldByReference``): true for those that compare what they read
  /// and report only changes; false for a stream of every reduced state.
  @usableFromInline let followsOutsideChanges: Bool
  private let onEnd: @Sendable () -> Void

  @usableFromInline
  init(followsOutsideChanges: Bool = true, onEnd: @escaping @Sendable () -> Void = {}) {
    self.followsOutsideChanges = followsOutsideChanges
    self.onEnd = onEnd
  }

  deinit {
    end()
  }

  @inlinable
  var isEnded: Bool {
    ended.load(ordering: .acquiring)
  }

  /// Ends the subscription: no call from now on, and `onEnd` runs once.
  @usableFromInline
  func end() {
    if !ended.exchange(true, ordering: .acquiringAndReleasing) { onEnd() }
  }
}

/// How a store reaches the root's subscriptions: adds a function to call after each action the
/// root reduces, for as long as `subscription` has not ended.
@usableFromInline
struct ReductionObserving {
  @usableFromInline let subscribe:
    (_ subscription: ReductionSubscription, _ call: @escaping () -> Void) -> Void

  @usableFromInline
  init(
    subscribe:
      @escaping (_ subscription: ReductionSubscription, _ call: @escaping () -> Void) ->
      Void
  ) {
    self.subscribe = subscribe
  }
}

/// Holds main-actor functions of the root; it stays on the main actor.
@available(*, unavailable)
extension ReductionObserving: Sendable {}

/// The root store's subscriptions, in the order they were made, each with the function it calls
/// with the root's state after each reduced action.
///
/// The functions take the state through a pointer, valid for the call only. Taking it as a
/// `State` made each call go through a thunk that converts a specialized function to the generic
/// one the entry stores, once per observer and action (`observe.keyPath.changed.x10`); a
/// pointer's representation is the same in both, so no thunk is needed, and a reader loads the
/// one field it observes from it.
@usableFromInline
struct ReductionSubscriptions<State> {
  /// A subscription and its function.
  @usableFromInline
  final class Entry {
    @usableFromInline let subscription: ReductionSubscription
    @usableFromInline let call: (UnsafePointer<State>) -> Void

    @usableFromInline
    init(subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void) {
      self.subscription = subscription
      self.call = call
    }
  }

  /// An entry, which the list keeps, and the same entry unretained, which a notification reads:
  /// reading a reference from an array retains and releases it, once per observer and action
  /// (`observe.keyPath.changed.x10`; see Benchmarks/NOTES.md).
  @usableFromInline
  struct Slot {
    @usableFromInline let entry: Entry
    @usableFromInline let unretained: Unmanaged<Entry>
  }

  @usableFromInline var slots: [Slot] = []

  @usableFromInline
  init() {}

  @usableFromInline
  var isEmpty: Bool {
    slots.isEmpty
  }

  @usableFromInline
  mutating func add(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    let entry = Entry(subscription: subscription, call: call)
    slots.append(Slot(entry: entry, unretained: .passUnretained(entry)))
  }

  /// Forgets the subscriptions that ended.
  @usableFromInline
  mutating func removeEnded() {
    slots.removeAll { $0.entry.subscription.isEnded }
  }
}

/// Holds main-actor functions of the root; it stays on the main actor.
@available(*, unavailable)
extension ReductionSubscriptions: Sendable {}

/// Holds a main-actor function of the root; it stays on the main actor.
@available(*, unavailable)
extension ReductionSubscriptions.Entry: Sendable {}

/// Holds an entry; it stays on the main actor.
@available(*, unavailable)
extension ReductionSubscriptions.Slot: Sendable {}
