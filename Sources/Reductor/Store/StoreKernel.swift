/// The bookkeeping a store keeps on the main actor, besides its state: the actions waiting to be
/// reduced, whether it is reducing, how many actions it reduced, and its extensions.
///
/// It lives in one stored property of the store, ``ReducerStore/kernel``, which is the store's
/// one access without exclusivity checks. That is sound because the store touches it only on the
/// main actor and never across a call out of the store: each access reads or writes a field, or
/// appends to the queue, and calls nothing while it lasts (an extension's hook functions are read
/// out of the list before they are called, and an extension removed during a round of hooks stays
/// in its place until the round is over; the actions are copied out before they are reduced), so
/// no two accesses overlap. Checked, these accesses cost an action that sends another (a reactable's) a fifth of
/// its time, and a store with no observer 7 % of its send.
@usableFromInline
struct StoreKernel<State, Action: Sendable> {
  /// An extension, with the hooks it declared when it was installed, as functions made where
  /// its type is known: called through the protocol, a hook would run the extension's generic
  /// code unspecialized, and an observer of the state cost three times what it does.
  @usableFromInline
  struct Installed {
    /// The hooks the store calls in its rounds of the extensions: the declared ones, but none of
    /// the marking extension's, which the store calls on its own; none once it was removed.
    @usableFromInline var hooks: StoreHooks
    /// Whether it was removed during a round of the extensions: it stays in its place, calling
    /// nothing, until the round is over, so that the others keep theirs.
    @usableFromInline var isRemoved = false
    @usableFromInline let body: any StoreExtension<State, Action>
    /// Its hook functions, which the entry keeps.
    @usableFromInline let functions: HookFunctions
    /// `functions`, not retained, for the rounds of the extensions: reading a function from the
    /// list to call it retained and released it (`observe.keyPath.changed`: 40 instructions per
    /// extension and action). The entry keeps them alive, and it stays in its place during a
    /// round (see `isRemoved`).
    @usableFromInline let unretainedFunctions: Unmanaged<HookFunctions>

    @MainActor
    @inlinable
    init<Extension: StoreExtension>(_ body: Extension)
    where Extension.State == State, Extension.Action == Action {
      self.hooks = body.hooks.contains(.marks) ? [] : body.hooks
      self.body = body
      self.functions = HookFunctions(body)
      self.unretainedFunctions = .passUnretained(functions)
    }
  }

  /// An extension's hooks, as functions made where its type is known.
  @usableFromInline
  final class HookFunctions {
    // Not `@MainActor` function types: the store calls them on the main actor only, and an
    // isolated closure checks the executor at its entry, which cost more than the call.
    @usableFromInline let willReduce: (Action, ActionOrigin<Action>) -> Void
    @usableFromInline let didReduce: (Action, ActionOrigin<Action>, State?, State) -> Void
    @usableFromInline let effectStarted:
      (Action, ActionOrigin<Action>) -> (@Sendable (Bool) -> Void)?

    @MainActor
    @inlinable
    init<Extension: StoreExtension>(_ body: Extension)
    where Extension.State == State, Extension.Action == Action {
      self.willReduce = { body.willReduce($0, origin: $1) }
      self.didReduce = { body.didReduce($0, origin: $1, from: $2, to: $3) }
      self.effectStarted = { body.effectStarted(by: $0, origin: $1) }
    }
  }

  /// Actions waiting on the main actor, oldest first from `queueHead`.
  @usableFromInline var queue: [ActionInbox<Action>.Entry] = []
  @usableFromInline var queueHead = 0
  /// Whether an action is being reduced: a send now is queued behind it.
  @usableFromInline var isReducing = false
  /// Whether a scheduled drain found the store reducing, and the reduction's end is to schedule
  /// it again.
  @usableFromInline var isDrainDeferred = false
  /// The number of actions reduced; scoped stores keep their projection until it changes.
  @usableFromInline var version: UInt64 = 0
  /// The installed extensions, in the order they were installed.
  @usableFromInline var extensions: [Installed] = []
  /// The union of the extensions' hooks: the one check an action makes when it is empty.
  @usableFromInline var hooks: StoreHooks = []
  /// Whether an extension was removed during a round of the extensions, and waits to go.
  @usableFromInline var hasRemovedExtensions = false
  /// The marking extension, if one is installed; see ``ActionMarking``.
  @usableFromInline var marking: Installed?
  /// The marking extension's function for the marks of dropped actions.
  @usableFromInline var dropped: (@Sendable (any AnyObject & Sendable) -> Void)?
  /// The marking extension's marker.
  @usableFromInline var marker: (@Sendable (Action) -> (any AnyObject & Sendable)?)?
  /// The mark of the action being handled (reduced, and its effect started).
  @usableFromInline var mark: (any AnyObject & Sendable)?
  /// Which actions only start work, declared with
  /// ``ReducerStore/effectOnlyActions(_:)``: the observers of the state skip their reductions.
  @usableFromInline var isEffectOnly: ((Action) -> Bool)?
  /// ``ReducerStore/dependencies``: a checked read of it cost a reactor's send 76 instructions
  /// (`reactor.send.action`).
  @usableFromInline var dependencies: DependencyValues?

  @usableFromInline
  init() {}

  /// Whether `queue` holds actions not reduced yet.
  @inlinable
  var hasQueuedActions: Bool {
    queueHead < queue.count
  }
}

@available(*, unavailable)
extension StoreKernel: Sendable {}

@available(*, unavailable)
extension StoreKernel.Installed: Sendable {}

@available(*, unavailable)
extension StoreKernel.HookFunctions: Sendable {}
