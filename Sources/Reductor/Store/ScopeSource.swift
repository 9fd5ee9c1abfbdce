/// A store that stores can be scoped from: the root and the stores scoped from it.
@usableFromInline
@MainActor
protocol ScopeSource<SourceAction>: AnyObject {
  /// The actions this store accepts.
  associatedtype SourceAction: Sendable
  /// What a store scoped from this one needs of it.
  var scopeParent: ScopeParent<SourceAction> { get }
}

/// What a scoped store needs of its parent: the root to keep alive, how to tell whether the
/// root's state changed since a projection was made, and how to send an action on towards the
/// root.
///
/// The functions are kept in structs so that they are stored and called at one abstraction
/// level: a closure passed through generic code or stored in a generic class is wrapped in a
/// reabstraction thunk whenever specialized code reads it, which would add calls per level.
@usableFromInline
struct ScopeParent<Action> {
  /// The root store, kept alive by every store scoped from it.
  @usableFromInline let root: AnyObject
  /// Whether projections may be kept until the root reduces another action (value states).
  @usableFromInline let isCacheable: Bool
  /// Registers an observation access on the root's state and returns its reduced-action count.
  @usableFromInline let rootVersion: () -> UInt64
  /// Forwards an action of the parent towards the root. A scoped store calls it directly, not
  /// the parent's `send`, so a send through n levels of scope is n calls.
  @usableFromInline let forwarder: ActionForwarder<Action>
  /// Hands an action of the parent, from any thread, to the root's inbox.
  @usableFromInline let enqueuer: ActionEnqueuer<Action>
  /// Adds observers of the root's reductions.
  @usableFromInline let observing: ReductionObserving?

  @usableFromInline
  init(
    root: AnyObject, isCacheable: Bool, rootVersion: @escaping () -> UInt64,
    forwarder: ActionForwarder<Action>, enqueuer: ActionEnqueuer<Action>,
    observing: ReductionObserving?
  ) {
    self.root = root
    self.isCacheable = isCacheable
    self.rootVersion = rootVersion
    self.forwarder = forwarder
    self.enqueuer = enqueuer
    self.observing = observing
  }
}

/// A function that forwards an action towards the root store.
@usableFromInline
struct ActionForwarder<Action> {
  @usableFromInline let forward: (Action) -> StoreTask

  @inlinable
  init(_ forward: @escaping (Action) -> StoreTask) {
    self.forward = forward
  }

  /// A forwarder for child actions: embeds each in `transform`, then forwards it here.
  ///
  /// A function of its own, generic over the action types only and always inlined, so the
  /// function it makes is specialized for them even where the parent store is an `any Store`.
  @inlinable
  @inline(__always)
  func embedding<Child>(_ transform: @escaping (Child) -> Action) -> ActionForwarder<Child> {
    ActionForwarder<Child> { [forward] in forward(transform($0)) }
  }
}

/// A handle that adds actions to a root store's buffer from any thread or isolation domain,
/// without blocking and without waiting: what ``Store/enqueue(_:)`` does, for a store that stays
/// on its actor (``ActorStore/enqueuer``).
///
/// ```swift
/// let enqueuer = store.enqueuer
/// Task.detached {
///   for await reading in sensor.readings { enqueuer.enqueue(.reading(reading)) }
/// }
/// ```
public struct ActionEnqueuer<Action>: Sendable {
  @usableFromInline let append: @Sendable (Action) -> Void

  @inlinable
  init(_ append: @escaping @Sendable (Action) -> Void) {
    self.append = append
  }

  /// Adds `action` to the store's buffer; the store reduces it on its actor after the actions
  /// already there. An action enqueued after the store is gone is dropped.
  ///
  /// - Parameter action: The action to reduce.
  @inlinable
  public func enqueue(_ action: Action) {
    append(action)
  }

  /// An enqueuer for child actions: embeds each in `transform` on the calling thread, then
  /// enqueues it here.
  @inlinable
  @inline(__always)
  func embedding<Child>(
    _ transform: @escaping @Sendable (Child) -> Action
  ) -> ActionEnqueuer<Child> {
    ActionEnqueuer<Child> { [append] in append(transform($0)) }
  }
}

/// Holds the root store and main-actor functions; it stays on the main actor.
@available(*, unavailable)
extension ScopeParent: Sendable {}

/// Its function forwards to a main-actor store; it stays on the main actor.
@available(*, unavailable)
extension ActionForwarder: Sendable {}
