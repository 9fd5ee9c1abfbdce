/// A feature attached to a store: it watches or shapes the store's work through the hooks it
/// declares, and the store calls those hooks only.
///
/// Logging, instrumentation, the state's observers and a test store's recording are extensions
/// of the store they watch; so is anything an app attaches, such as analytics:
///
/// ```swift
/// final class ActionCounter: StoreExtension {
///   typealias State = CounterState
///   typealias Action = CounterAction
///
///   private(set) var count = 0
///
///   nonisolated var hooks: StoreHooks { .didReduce }
///
///   func didReduce(
///     _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
///   ) {
///     count += 1
///   }
/// }
///
/// let counter = ActionCounter()
/// store.install(counter)
/// ```
///
/// The store reads ``hooks`` once, when the extension is installed, and calls the declared
/// hooks on the main actor, extension after extension in the order they were installed. A store
/// with no extension checks one set per action. A hook may send actions (they are reduced after
/// the current one), read the store's state, and install or remove extensions (which take part
/// from the next action on).
@MainActor
public protocol StoreExtension<State, Action>: AnyObject, Sendable {
  /// The state of the store the extension attaches to.
  associatedtype State
  /// The actions of the store the extension attaches to.
  associatedtype Action: Sendable

  /// The hooks the store calls; read once, when the extension is installed.
  nonisolated var hooks: StoreHooks { get }

  /// Called right before an action is reduced.
  ///
  /// - Parameters:
  ///   - action: The action about to be reduced.
  ///   - origin: Where it comes from.
  func willReduce(_ action: Action, origin: ActionOrigin<Action>)

  /// Called right after an action was reduced, before the effect it returned starts.
  ///
  /// - Parameters:
  ///   - action: The action reduced.
  ///   - origin: Where it came from.
  ///   - previous: The state before the action, when an installed extension's hooks contain
  ///     ``StoreHooks/previousState`` (the store then keeps a copy of the state during every
  ///     reduction); otherwise nil.
  ///   - state: The state after the action.
  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State)

  /// Called when the effect an action returned starts doing work (not for ``Effect/none``).
  ///
  /// - Parameters:
  ///   - action: The action whose reduction returned the effect.
  ///   - origin: Where the action came from.
  /// - Returns: A function the store calls, on any thread, once the effect's work has finished
  ///   and the actions it delivered have been reduced (the effects those actions return are
  ///   theirs), with `true` if any of that work was cancelled; or nil.
  func effectStarted(
    by action: Action, origin: ActionOrigin<Action>
  ) -> (@Sendable (_ cancelled: Bool) -> Void)?
}

extension StoreExtension {
  /// Does nothing.
  public func willReduce(_ action: Action, origin: ActionOrigin<Action>) {}

  /// Does nothing.
  public func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {}

  /// Asks for nothing.
  public func effectStarted(
    by action: Action, origin: ActionOrigin<Action>
  ) -> (@Sendable (_ cancelled: Bool) -> Void)? {
    nil
  }
}

/// The hooks of a ``StoreExtension`` that its store calls.
public struct StoreHooks: OptionSet, Sendable {
  /// The set's bits.
  public let rawValue: UInt8

  /// Creates a set from its bits.
  ///
  /// - Parameter rawValue: The bits.
  @inlinable
  public init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  /// ``StoreExtension/willReduce(_:origin:)``.
  @inlinable public static var willReduce: StoreHooks { StoreHooks(rawValue: 1 << 0) }
  /// ``StoreExtension/didReduce(_:origin:from:to:)``, without the state before the action.
  @inlinable public static var didReduce: StoreHooks { StoreHooks(rawValue: 1 << 1) }
  /// ``StoreExtension/didReduce(_:origin:from:to:)`` with the state before the action: the
  /// store copies the state before every reduction.
  @inlinable public static var previousState: StoreHooks { StoreHooks(rawValue: 1 << 2 | 1 << 1) }
  /// ``StoreExtension/effectStarted(by:origin:)``.
  @inlinable public static var effects: StoreHooks { StoreHooks(rawValue: 1 << 3) }
  /// The marks of ``ActionMarking``: the package's instrumentation.
  @inlinable static var marks: StoreHooks { StoreHooks(rawValue: 1 << 4) }
}

/// Where an action the store reduces comes from.
public struct ActionOrigin<Action: Sendable>: Sendable {
  /// The ways an action reaches the store.
  public enum Kind: Sendable {
    /// ``Store/send(_:)`` on the main actor, by code outside the store's effects (a store's
    /// observer included).
    case sent
    /// An effect that the reduction of the associated action returned.
    case effect(of: Action)
    /// ``Store/enqueue(_:)``, from any thread.
    case enqueued
  }

  /// How the action reached the store.
  @inlinable
  public var kind: Kind {
    guard let tracker else { return isSent ? .sent : .enqueued }
    return Self.kind(queuedWith: tracker)
  }

  /// The kind of an action queued with `tracker`: delivered by an effect, or sent while the
  /// store was reducing. Apart from ``kind``, whose common case, a send, is then inlined.
  @usableFromInline
  static func kind(queuedWith tracker: EffectTracker) -> Kind {
    guard tracker.parent != nil, let action = tracker.action as? Action else { return .sent }
    return .effect(of: action)
  }

  /// The number of this reduction: the store counts the actions it reduces, from 1, whether or
  /// not an extension is installed.
  public let reduction: Int

  /// For an action an effect delivered, the ``reduction`` that returned the effect; nil for an
  /// action sent or enqueued.
  @inlinable
  public var causingReduction: Int? {
    guard let tracker, tracker.parent != nil else { return nil }
    return tracker.reduction
  }

  /// The tracker the action was queued with: the child of the action whose effect delivered it,
  /// or the root of a send made while the store was reducing; nil for a send and an enqueue.
  /// The kind is read from it when asked, so that a hook that does not ask pays nothing for it.
  @usableFromInline let tracker: EffectTracker?
  @usableFromInline let isSent: Bool
  /// The mark of the action, if the store's marking extension marked it.
  @usableFromInline let mark: (any AnyObject & Sendable)?

  /// The mark of the action whose effect delivered this one, if it was marked.
  @inlinable
  var deliveringMark: (any AnyObject & Sendable)? {
    tracker?.mark
  }

  @inlinable
  init(
    reduction: Int, tracker: EffectTracker?, isSent: Bool, mark: (any AnyObject & Sendable)?
  ) {
    self.reduction = reduction
    self.tracker = tracker
    self.isSent = isSent
    self.mark = mark
  }
}

extension ActionOrigin.Kind: Equatable where Action: Equatable {}

/// A ``StoreExtension`` that marks the actions a store receives as they arrive — sent on the main
/// actor, buffered, or enqueued from any thread — with an object it finds again while the store
/// reduces the action and starts its effect, and while it reduces the actions that effect
/// delivered: the package's instrumentation, whose mark is the action's cycle. At most one
/// installed extension marks (the last one installed); the store hands the marks back in the
/// ``ActionOrigin`` of its hooks, and
/// keeps the mark of the action it handles in ``ReducerStore/currentMark`` while it reduces the
/// action and starts its effect.
protocol ActionMarking<Action>: StoreExtension {
  /// The mark of an arriving action; called on the thread it arrives from.
  nonisolated var marker: @Sendable (Action) -> (any AnyObject & Sendable)? { get }
  /// Called, on any thread, with the mark of an action the store drops instead of reducing it:
  /// one a cancelled effect delivered, or one still waiting when the store goes.
  nonisolated var dropped: @Sendable (any AnyObject & Sendable) -> Void { get }
}
