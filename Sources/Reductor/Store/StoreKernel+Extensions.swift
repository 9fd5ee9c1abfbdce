public import Observation

/// The kernel's side of ``StoreExtension``: the installed extensions, and the rounds of their
/// hooks around an action that one of them watches.
extension StoreKernel {
  /// ``handle(_:tracker:mark:isSent:)`` when extensions declared hooks, or the action is
  /// marked. A marking extension hears only of the actions it marked and of those their effects
  /// delivered (a store whose marking extension marks nothing pays for it the call that marks
  /// nothing); the others hear of every action. The extensions are called in the order they
  /// were installed.
  ///
  /// An unmarked action that arrives on its own (sent or enqueued, not delivered by an effect
  /// nor queued during a reduction) into a value state, in a store whose extensions hear only
  /// of reductions and effects (the observers, a recorder), takes the short way: it has no marks
  /// to hand out, no round of hooks before it and no state to keep from before it.
  ///
  /// Specialized where the store's types are known, but out of the send path's line, so that
  /// `handle` stays small enough to be inlined into each send; the short way is inlined here.
  @inlinable
  @inline(never)
  func handleWatched(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool
  ) -> EffectTracker? {
    if tracker == nil, mark == nil, !stateIsReference,
      extensions.hooks.isSubset(of: [.didReduce, .effects])
    {
      return handleWatchedAfterward(action, isSent: isSent)
    }
    return handleWatchedThroughout(action, tracker: tracker, mark: mark, isSent: isSent)
  }

  /// ``handleWatched(_:tracker:mark:isSent:)`` for an unmarked action that arrived on its own,
  /// into a value state, when the extensions hear of reductions and effects only.
  @inlinable
  @inline(__always)
  func handleWatchedAfterward(_ action: Action, isSent: Bool) -> EffectTracker? {
    let origin = ActionOrigin<Action>(
      reduction: Int(truncatingIfNeeded: version &+ 1), tracker: nil, isSent: isSent, marks: nil)
    defer { if extensions.hasRemoved { extensions.forgetRemoved() } }
    version &+= 1
    var reduced: State?
    registrar.willSet(self, keyPath: stateKeyPath)
    var effect = Self.reduce(&state, action, with: reduce, copyingInto: &reduced)
    registrar.didSet(self, keyPath: stateKeyPath)
    effect.build()
    // Moved out, not copied: a copy is one more retain and release of each reference in the
    // state.
    if let state = reduced.take() {
      forEachExtension(hearing: .didReduce, origin) { functions, origin in
        functions.didReduce(action, origin, nil, state)
      }
    }
    guard !effect.isNone else { return nil }
    var ends: [@Sendable (Bool) -> Void] = []
    if extensions.hooks.contains(.effects) {
      forEachExtension(hearing: .effects, origin) { functions, origin in
        if let end = functions.effectStarted(action, origin) { ends.append(end) }
      }
    }
    return start(effect, of: action, root: nil, ended: Self.calling(ends))
  }

  /// Reduces `action` into `state` with `reduce`, and copies the state it leaves into `copy`,
  /// within the one access to `state`.
  @inlinable
  static func reduce(
    _ state: inout State, _ action: Action, with reduce: (inout State, Action) -> Effect<Action>,
    copyingInto copy: inout State?
  ) -> Effect<Action> {
    let effect = reduce(&state, action)
    copy = state
    return effect
  }

  /// ``handleWatched(_:tracker:mark:isSent:)`` in general: marked actions, actions effects
  /// delivered or queued during a reduction, class states, and the hooks before a reduction.
  /// Specialized where the store's types are known, but out of the send path's line.
  @inlinable
  @inline(never)
  func handleWatchedThroughout(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool
  ) -> EffectTracker? {
    let isMarked = mark != nil || tracker?.mark != nil
    let hooks = isMarked ? extensions.hooksWithMarking : extensions.hooks
    let origin = ActionOrigin<Action>(
      reduction: Int(truncatingIfNeeded: version &+ 1), tracker: tracker, isSent: isSent,
      marks: mark)
    defer { if extensions.hasRemoved { extensions.forgetRemoved() } }
    if hooks.contains(.willReduce) {
      forEachExtension(hearing: .willReduce, origin) { functions, origin in
        functions.willReduce(action, origin)
      }
    }
    var copies = StateCopies<State>(
      keepsPrevious: hooks.contains(.previousState), keepsState: hooks.contains(.didReduce))
    var effect = reduceState(action, copying: &copies)
    // Built between the reduction and the other hooks, so that they hear of the effect it
    // makes, and a marking extension still has the action in hand while it is built.
    effect.build()
    if let state = copies.state.take() {
      let previous = copies.previous.take()
      forEachExtension(hearing: .didReduce, origin) { functions, origin in
        functions.didReduce(action, origin, previous, state)
      }
    }
    guard !effect.isNone else { return nil }
    var ends: [@Sendable (Bool) -> Void] = []
    if hooks.contains(.effects) {
      forEachExtension(hearing: .effects, origin) { functions, origin in
        if let end = functions.effectStarted(action, origin) { ends.append(end) }
      }
    }
    return start(effect, of: action, root: tracker?.root, mark: mark, ended: Self.calling(ends))
  }

  /// Calls `body` with the hook functions of each extension that hears of an action at `hook`,
  /// in the order they were installed, and the action's origin as that extension gets it: with
  /// its own marks. A marking extension hears only of the actions it marked and of those their
  /// effects delivered.
  ///
  /// The extensions are read from the kernel by index, one access at a time, rather than from a
  /// copy of the list, which would retain and release each one's functions; one installed or
  /// removed by a hook takes part from the next action on, as the count is read first. The
  /// functions are called unretained: the entry keeps them, and stays in its place during a
  /// round.
  @inlinable
  func forEachExtension(
    hearing hook: StoreHooks, _ origin: ActionOrigin<Action>,
    _ body: (HookFunctions<State, Action>, ActionOrigin<Action>) -> Void
  ) {
    let count = extensions.entries.count
    for index in 0..<count where index < extensions.entries.count {
      guard extensions.entries[index].hooks.contains(hook) else { continue }
      let functions = extensions.entries[index].unretainedFunctions
      guard let slot = extensions.entries[index].markSlot else {
        withUnretained(functions) { body($0, origin) }
        continue
      }
      let own = origin.forMarkSlot(slot, of: extensions.markingCount)
      guard own.mark != nil || own.causingMark != nil else { continue }
      withUnretained(functions) { body($0, own) }
    }
  }

  /// One function that calls `ends` in order; nil when there are none.
  @inlinable
  static func calling(_ ends: [@Sendable (Bool) -> Void]) -> (@Sendable (Bool) -> Void)? {
    switch ends.count {
    case 0: nil
    case 1: ends[0]
    default: { cancelled in for end in ends { end(cancelled) } }
    }
  }

  /// Reduces one action and tells Observation, keeping in `copies` the states before and after
  /// it that the extensions ask for. A value state is copied within the reduction's access to
  /// it: reading the state again would be one more access checked for exclusivity.
  @inlinable
  func reduceState(
    _ action: Action, copying copies: inout StateCopies<State>
  ) -> Effect<Action> {
    guard !stateIsReference else {
      // The copies of a class state are the instances before and after.
      if copies.keepsPrevious { copies.previous = state }
      let effect = reduceState(action)
      if copies.keepsState { copies.state = state }
      return effect
    }
    version &+= 1
    registrar.willSet(self, keyPath: stateKeyPath)
    let effect = copies.reduce(&state, action, with: reduce)
    registrar.didSet(self, keyPath: stateKeyPath)
    return effect
  }

  /// The marks of an arriving action, when an extension marks: none while its switch is off.
  /// Specialized where the store's types are known, but out of the send path's line; a method
  /// of the kernel, which reads the list in place (called on the list, it copied it). The
  /// marker is called apart, so that a switch that is off costs a call that sets up no frame.
  @inlinable
  @inline(never)
  func marks(of action: Action) -> (any AnyObject & Sendable)? {
    if let markingSwitch = extensions.markingSwitch,
      !withUnretained(markingSwitch, { $0.isOn })
    {
      return nil
    }
    return marksFromMarker(of: action)
  }

  /// The marks the marking extensions' marker gives `action`.
  @inlinable
  @inline(never)
  func marksFromMarker(of action: Action) -> (any AnyObject & Sendable)? {
    extensions.marker?(action)
  }

  // MARK: - Installing

  /// Installs an extension, after the others; one that is installed stays where it is.
  @inlinable
  func install(_ storeExtension: some StoreExtension<State, Action>) {
    if extensions.hasRemoved, !isReducing { extensions.forgetRemoved() }
    guard !extensions.contains(storeExtension) else { return }
    extensions.entries.append(.init(storeExtension))
    extensionsChanged()
  }

  /// Removes an extension; removing one that is not installed does nothing.
  func remove(_ storeExtension: some StoreExtension<State, Action>) {
    guard let index = extensions.entries.firstIndex(where: { $0.body === storeExtension }) else {
      return
    }
    if isReducing {
      // A hook may be running: the rounds read the extensions by index.
      extensions.entries[index].hooks = []
      extensions.entries[index].isRemoved = true
      extensions.hasRemoved = true
    } else {
      extensions.entries.remove(at: index)
    }
    extensionsChanged()
  }

  /// Calls `hooks` of an installed extension from the next action on, instead of those it
  /// declared: an extension whose needs change (the observers, while nothing subscribes) keeps
  /// its place.
  @inlinable
  func setHooks(_ hooks: StoreHooks, of storeExtension: some StoreExtension<State, Action>) {
    guard let index = extensions.entries.firstIndex(where: { $0.body === storeExtension }),
      !extensions.entries[index].isRemoved, extensions.entries[index].hooks != hooks
    else { return }
    extensions.entries[index].hooks = hooks
    extensionsChanged()
  }

  /// The first installed extension of type `type`, if any.
  @usableFromInline
  func installedExtension<Extension: StoreExtension>(ofType type: Extension.Type) -> Extension? {
    for installed in extensions.entries where !installed.isRemoved {
      if let body = installed.body as? Extension { return body }
    }
    return nil
  }

  /// Computes what the kernel reads on every action, and gives the inbox the marking
  /// extensions' marker.
  @usableFromInline
  func extensionsChanged() {
    extensions.recompute()
    inbox.setMarker(extensions.marker, dropped: extensions.dropped)
  }
}

/// The extensions installed in a store, in the order they were installed, with what the kernel
/// reads of them on every action.
@usableFromInline
struct InstalledExtensions<State, Action: Sendable> {
  /// An extension, with the hooks it declared, as functions made where its type is known:
  /// called through the protocol, a hook would run the extension's generic code unspecialized.
  @usableFromInline
  struct Entry {
    /// The hooks it declared; none once it was removed.
    @usableFromInline var hooks: StoreHooks
    /// Whether it was removed during a round of the extensions: it stays in its place, calling
    /// nothing, until the round is over, so that the others keep theirs.
    @usableFromInline var isRemoved = false
    /// Its place among the marking extensions, whose marks an action carries in that order; nil
    /// when it does not mark.
    @usableFromInline var markSlot: Int?
    @usableFromInline let body: any StoreExtension<State, Action>
    /// How it marks arriving actions, when it does.
    @usableFromInline let marker: ActionMarker<Action>?
    /// Its hook functions, which the entry keeps.
    @usableFromInline let functions: HookFunctions<State, Action>
    /// `functions`, not retained, for the rounds of the extensions: reading a function from the
    /// list to call it retained and released it. The entry keeps them alive, and it stays in its
    /// place during a round (see `isRemoved`).
    @usableFromInline let unretainedFunctions: Unmanaged<HookFunctions<State, Action>>

    @inlinable
    init<Extension: StoreExtension>(_ body: Extension)
    where Extension.State == State, Extension.Action == Action {
      self.marker = body.marker
      self.hooks = marker == nil ? body.hooks.subtracting(.marks) : body.hooks.union(.marks)
      self.body = body
      self.functions = HookFunctions(body)
      self.unretainedFunctions = .passUnretained(functions)
    }
  }

  @usableFromInline var entries: [Entry] = []
  /// The union of the hooks of the extensions that do not mark: what every action checks.
  @usableFromInline var hooks: StoreHooks = []
  /// The union of every extension's hooks: what a marked action checks.
  @usableFromInline var hooksWithMarking: StoreHooks = []
  /// Whether an extension was removed during a round of the extensions, and waits to go.
  @usableFromInline var hasRemoved = false
  /// Marks an arriving action with the marking extensions' marks; nil when none marks.
  @usableFromInline var marker: (@Sendable (Action) -> (any AnyObject & Sendable)?)?
  /// Hands the marks of a dropped action to the marking extensions.
  @usableFromInline var dropped: (@Sendable (any AnyObject & Sendable) -> Void)?

  @usableFromInline
  init() {}

  /// Whether `storeExtension` is installed.
  @usableFromInline
  func contains(_ storeExtension: any StoreExtension<State, Action>) -> Bool {
    entries.contains { $0.body === storeExtension && !$0.isRemoved }
  }

  /// The number of marking extensions.
  @usableFromInline var markingCount = 0
  /// The switch of the marking extension, when one marks and has a switch; not retained, as
  /// the extension keeps it: reading it retained and released it.
  @usableFromInline var markingSwitch: Unmanaged<MarkingSwitch>?

  /// Forgets the extensions removed during the last round.
  @usableFromInline
  mutating func forgetRemoved() {
    entries.removeAll { $0.isRemoved }
    hasRemoved = false
  }

  /// Computes the unions of the hooks, the marking extensions' slots, and the functions that
  /// mark arriving actions and hear of dropped ones.
  @usableFromInline
  mutating func recompute() {
    hooks = []
    hooksWithMarking = []
    var markers: [@Sendable (Action) -> (any AnyObject & Sendable)?] = []
    var droppers: [@Sendable (any AnyObject & Sendable) -> Void] = []
    for index in entries.indices {
      let entry = entries[index]
      hooksWithMarking.formUnion(entry.hooks)
      guard entry.hooks.contains(.marks) else {
        entries[index].markSlot = nil
        hooks.formUnion(entry.hooks)
        continue
      }
      guard let marker = entry.marker else { continue }
      entries[index].markSlot = markers.count
      markingSwitch = marker.markingSwitch.map { .passUnretained($0) }
      if let markingSwitch = marker.markingSwitch {
        markers.append { markingSwitch.isOn ? marker.mark($0) : nil }
      } else {
        markers.append(marker.mark)
      }
      droppers.append(marker.dropped)
    }
    markingCount = markers.count
    // Several marking extensions are each asked, through their own marker and switch.
    if markingCount != 1 { markingSwitch = nil }
    switch markers.count {
    case 0:
      marker = nil
      dropped = nil
    case 1:
      marker = markers[0]
      dropped = droppers[0]
    default:
      marker = { [markers] action in ActionMarks(marks: markers.map { $0(action) }).orNil }
      dropped = { [droppers] mark in
        guard let marks = mark as? ActionMarks else { return }
        for (drop, mark) in zip(droppers, marks.marks) { mark.map(drop) }
      }
    }
  }
}

@available(*, unavailable)
extension InstalledExtensions: Sendable {}

@available(*, unavailable)
extension InstalledExtensions.Entry: Sendable {}

/// The marks of an action when several extensions mark: one per marking extension, in the order
/// they were installed.
@usableFromInline
final class ActionMarks: Sendable {
  @usableFromInline let marks: [(any AnyObject & Sendable)?]

  init(marks: [(any AnyObject & Sendable)?]) {
    self.marks = marks
  }

  /// These marks, or nil when no extension marked the action.
  var orNil: ActionMarks? {
    marks.contains { $0 != nil } ? self : nil
  }

  /// The mark of the extension in `slot`, among `count` marking extensions, in the marks an
  /// action carries: the marks themselves when one extension marks.
  @inlinable
  static func mark(
    in marks: (any AnyObject & Sendable)?, slot: Int, of count: Int
  ) -> (any AnyObject & Sendable)? {
    guard let marks else { return nil }
    guard count > 1 else { return marks }
    guard let list = marks as? ActionMarks, slot < list.marks.count else { return nil }
    return list.marks[slot]
  }
}

/// An extension's hooks, as functions made where its type is known.
@usableFromInline
final class HookFunctions<State, Action: Sendable> {
  // Not isolated function types: the store calls them on its owner only, and an isolated
  // closure checks the executor at its entry, on every call of every hook.
  @usableFromInline let willReduce: (Action, ActionOrigin<Action>) -> Void
  @usableFromInline let didReduce: (Action, ActionOrigin<Action>, State?, State) -> Void
  @usableFromInline let effectStarted: (Action, ActionOrigin<Action>) -> (@Sendable (Bool) -> Void)?

  @inlinable
  init<Extension: StoreExtension>(_ body: Extension)
  where Extension.State == State, Extension.Action == Action {
    self.willReduce = { body.willReduce($0, origin: $1) }
    self.didReduce = { body.didReduce($0, origin: $1, from: $2, to: $3) }
    self.effectStarted = { body.effectStarted(by: $0, origin: $1) }
  }
}

@available(*, unavailable)
extension HookFunctions: Sendable {}

/// The copies of the state before and after one reduction that the store's extensions asked
/// for.
@usableFromInline
struct StateCopies<State> {
  @usableFromInline let keepsPrevious: Bool
  @usableFromInline let keepsState: Bool
  @usableFromInline var previous: State?
  @usableFromInline var state: State?

  @inlinable
  init(keepsPrevious: Bool, keepsState: Bool) {
    self.keepsPrevious = keepsPrevious
    self.keepsState = keepsState
  }

  /// Reduces `action` into `state` with `reduce`, and copies `state` before and after it as
  /// asked.
  @inlinable
  mutating func reduce<Action>(
    _ state: inout State, _ action: Action,
    with reduce: (inout State, Action) -> Effect<Action>
  ) -> Effect<Action> {
    if keepsPrevious { previous = state }
    let effect = reduce(&state, action)
    if keepsState { self.state = state }
    return effect
  }
}

/// Holds states of the owner's reduction; it stays there.
@available(*, unavailable)
extension StateCopies: Sendable {}
