/// A feature attached to a store: it watches or shapes the store's work through the hooks it
/// declares, and the store calls those hooks only.
///
/// Logging, instrumentation, the state's observers and a test store's recording are extensions
/// of the store they watch; so is anything an app attaches, such as analytics:
///
/// ```swift
/// @MainActor
/// final class ActionCounter: @MainActor StoreExtension {
///   typealias State = CounterState
///   typealias Action = CounterAction
///
///   private(set) var count = 0
///
///   var hooks: StoreHooks { .didReduce }
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
/// hooks on the actor that owns the store — the main actor for a ``ReducerStore`` — extension
/// after extension in the order they were installed. An extension that keeps main-actor state
/// is a `@MainActor` class that conforms on the main actor (`@MainActor StoreExtension`), and
/// the compiler lets it be installed in main-actor stores only. A store
/// with no extension pays a few checks per action and calls nothing. A hook may send actions
/// (they are reduced after the current one), read the store's state, and install or remove
/// extensions (which take part from the next action on).
///
/// An extension that follows chosen actions from their arrival — to time how long they wait,
/// say — gives the store a ``marker`` that marks the actions it watches: it hears of those
/// only, and of the actions their effects deliver.
public protocol StoreExtension<State, Action>: AnyObject {
  /// The state of the store the extension attaches to.
  associatedtype State
  /// The actions of the store the extension attaches to.
  associatedtype Action: Sendable

  /// The hooks the store calls; read once, when the extension is installed.
  var hooks: StoreHooks { get }

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

  /// How the extension marks the actions it watches as they arrive, or nil, the default, when it
  /// watches every action; read once, when the extension is installed.
  ///
  /// A marking extension hears its hooks only for the actions it marked and for those their
  /// effects delivered, with its mark in ``ActionOrigin/mark`` and ``ActionOrigin/causingMark``:
  /// an action it lets pass costs it one call of the marker. It is how an extension follows
  /// chosen actions from their arrival, such as one that measures how long they wait in the
  /// queue. The marker is called on the thread an action arrives from, so it is `Sendable`
  /// apart from the extension, which the store calls on its owner only.
  var marker: ActionMarker<Action>? { get }
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

  /// None: the extension watches every action.
  public var marker: ActionMarker<Action>? {
    nil
  }
}

/// How a ``StoreExtension`` marks the actions it watches as they arrive (see
/// ``StoreExtension/marker``): functions the store calls on the thread an action arrives from —
/// sent, sent while the store reduces, delivered by an effect, or enqueued.
///
/// ```swift
/// var marker: ActionMarker<Action>? {
///   ActionMarker(switch: listening) { action in
///     action.isWatched ? ArrivalMark(at: .now) : nil
///   }
/// }
/// ```
public struct ActionMarker<Action: Sendable>: Sendable {
  /// The switch that says whether the extension marks now; nil when it always may.
  public let markingSwitch: MarkingSwitch?
  /// Returns the mark of an action the extension watches, or nil to let it pass.
  public let mark: @Sendable (Action) -> (any AnyObject & Sendable)?
  /// Called, on any thread, with the mark of an action the store drops instead of reducing it:
  /// one a cancelled effect delivered, or one still waiting when the store goes.
  public let dropped: @Sendable (any AnyObject & Sendable) -> Void

  /// Creates a marker.
  ///
  /// - Parameters:
  ///   - markingSwitch: While it is off, the store does not call `mark`, and an arriving
  ///     action costs it one atomic load; nil when the extension always marks.
  ///   - mark: Returns the mark of an arriving action the extension watches, or nil.
  ///   - dropped: Hears of the mark of an action the store drops.
  public init(
    switch markingSwitch: MarkingSwitch? = nil,
    mark: @escaping @Sendable (Action) -> (any AnyObject & Sendable)?,
    dropped: @escaping @Sendable (any AnyObject & Sendable) -> Void = { _ in }
  ) {
    self.markingSwitch = markingSwitch
    self.mark = mark
    self.dropped = dropped
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
  /// The extension has a ``StoreExtension/marker``: it hears of the actions it marked only. Set
  /// by the store, not declared.
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

  /// Your extension's mark of this action, when it marks (``StoreExtension/marker``) and marked
  /// it.
  @inlinable
  public var mark: (any AnyObject & Sendable)? {
    guard markSlot >= 0 else { return nil }
    return ActionMarks.mark(in: marks, slot: markSlot, of: markingCount)
  }

  /// Your extension's mark of the action whose effect delivered this one, when it marks and
  /// marked that action.
  @inlinable
  public var causingMark: (any AnyObject & Sendable)? {
    guard markSlot >= 0, let tracker, tracker.parent != nil else { return nil }
    return ActionMarks.mark(in: tracker.mark, slot: markSlot, of: markingCount)
  }

  /// The tracker the action was queued with: the child of the action whose effect delivered it,
  /// or the root of a send made while the store was reducing; nil for a send and an enqueue.
  /// The kind is read from it when asked, so that a hook that does not ask pays nothing for it.
  @usableFromInline let tracker: EffectTracker?
  @usableFromInline let isSent: Bool
  /// The marks the marking extensions gave the action as it arrived.
  @usableFromInline let marks: (any AnyObject & Sendable)?
  /// The place of the extension being called among the marking extensions; -1 for one that
  /// does not mark.
  @usableFromInline var markSlot = -1
  /// The number of marking extensions, which the marks are laid out for.
  @usableFromInline var markingCount = 0

  @inlinable
  init(
    reduction: Int, tracker: EffectTracker?, isSent: Bool, marks: (any AnyObject & Sendable)?
  ) {
    self.reduction = reduction
    self.tracker = tracker
    self.isSent = isSent
    self.marks = marks
  }

  /// This origin as the marking extension in `slot`, of `count`, gets it.
  @inlinable
  func forMarkSlot(_ slot: Int, of count: Int) -> ActionOrigin {
    var origin = self
    origin.markSlot = slot
    origin.markingCount = count
    return origin
  }
}

extension ActionOrigin.Kind: Equatable where Action: Equatable {}
