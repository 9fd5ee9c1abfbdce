public import Observation

/// The kernel every store is: the state, the reducer, the action queue and the inbox, the effect
/// runtime, and the extensions. Its owner — ``ReducerStore`` on the main actor, ``ActorStore``
/// on any other — gives it a public face; the package's drivers (the reactor runtime, and the
/// test store's settle points) reach it through ``StoreDriver``.
///
/// One action's path through it: ``send(_:reducingDeliveredActionsFirst:)`` reduces it at once
/// (or, during a reduction, ``buffer(_:tracker:)`` queues it), ``handle(_:tracker:mark:isSent:)``
/// reduces it and hands its effect to an ``EffectRunner``, which delivers what the effect sends
/// into ``inbox`` from any thread; ``drainInbox(upTo:)`` reduces those the same way.
///
/// The kernel keeps nothing a feature owns. Features attach as ``StoreExtension``s, and the
/// kernel calls their hooks only when one is installed that declares them: a store with no
/// extension checks one set and the action's marks per action. Dependencies are captured by the
/// effects where they are made, not kept here.
///
/// It lives on its owner's actor, and is `Sendable` only so that effects can reach the inbox and
/// the runtime, which are thread-safe. Its mutable bookkeeping is not checked for exclusivity: it
/// is touched on the owner only and never across a call out of the kernel (each access reads
/// or writes a field, or appends to the queue, and calls nothing while it lasts; an extension's
/// hooks are read out of the list before they are called, and one removed during a round of
/// hooks stays in its place until the round is over), so no two accesses overlap. The state
/// itself is checked: a reducer that reads the store's state while it changes it traps.
@usableFromInline
final class StoreKernel<State, Action: Sendable>: Observable, @unchecked Sendable {
  /// The state, without observation tracking: read with ``observedState`` to track it.
  @usableFromInline var state: State
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>
  @usableFromInline let registrar = ObservationRegistrar()
  /// `\.state`, made once: a key path into a generic class is instantiated at run time.
  @usableFromInline let stateKeyPath: KeyPath<StoreKernel, State>
  /// Whether the state is a class, which notifies its own observers.
  @usableFromInline let stateIsReference: Bool
  /// Whether `send` first reduces the actions effects delivered. Not on a manual clock, whose
  /// settle points alone reduce them, so that nothing moves between two settle points.
  @usableFromInline let sendReducesDeliveredActions: Bool
  /// Where effects and other threads deliver actions, from any thread.
  @usableFromInline let inbox = ActionInbox<Action>()
  @usableFromInline let runtime: EffectRuntime
  /// Actions waiting on the owner.
  @exclusivity(unchecked) @usableFromInline var queue = ActionQueue<Action>()
  /// Whether an action is being reduced (a send now is queued behind it), and whether a
  /// scheduled drain found it so (the reduction's end schedules it again).
  @exclusivity(unchecked) @usableFromInline var phase = Phase.idle
  /// The number of actions reduced; scoped stores keep their projection until it changes.
  @exclusivity(unchecked) @usableFromInline var version: UInt64 = 0
  /// The installed extensions.
  @exclusivity(unchecked) @usableFromInline var extensions = InstalledExtensions<State, Action>()

  /// Whether the kernel is reducing, and whether a drain waits for the reduction's end.
  @usableFromInline
  enum Phase: Sendable {
    case idle
    case reducing
    case reducingWithDrainDeferred
  }

  @usableFromInline
  init(
    initialState: State, reduce: @escaping (inout State, Action) -> Effect<Action>,
    clock: any Clock<Duration>
  ) {
    self.state = initialState
    self.reduce = reduce
    self.stateKeyPath = \StoreKernel.state
    self.stateIsReference = State.self is AnyObject.Type
    self.runtime = EffectRuntime(clock: clock)
    self.sendReducesDeliveredActions = runtime.manualClock == nil
  }

  /// The state, with an observation access: reading it inside `withObservationTracking` tracks
  /// every change the reducer makes.
  @inlinable
  var observedState: State {
    registrar.access(self, keyPath: stateKeyPath)
    return state
  }

  @inlinable
  var isReducing: Bool {
    phase != .idle
  }

  /// Connects the inbox and a manual clock to the kernel: the inbox wakes it to drain, and a
  /// manual clock's settle points reduce what effects delivered. Called by the owner once it is
  /// made, inlined where the types are known.
  @inlinable
  func connect() {
    if let clock = runtime.manualClock {
      inbox.setWake { clock.signalActivity() }
      clock.register(runtime, hasDeliveredActions: { [inbox] in inbox.hasEntries }) {
        [weak self] in self?.drainInbox(upTo: .max) ?? false
      }
    } else {
      // Made here, where the types are known, so that a drain runs specialized.
      runtime.setDrain { [weak self] in _ = self?.drainInbox() }
      // A task that waits for a send's work on the owner reduces what arrives; without one, a
      // drain is scheduled on the owner.
      inbox.setWake { [runtime] in
        if runtime.resumeDrainingWaiter() { return }
        runtime.scheduleDrain()
      }
    }
  }

  /// Makes `owner` the actor the kernel is used on, where the actions effects and other threads
  /// deliver are reduced.
  @usableFromInline
  func setOwner(_ owner: any Actor) {
    runtime.setOwner(owner)
    // An action that arrived before an owner was known scheduled no drain, though the inbox
    // counts one as scheduled until a drain starts: without this, nothing delivered later
    // would be drained either.
    inbox.drainStarted()
    if inbox.hasEntries { inbox.requestDrain() }
  }

  /// Called when the owner goes: drops what waits, ends the work it was counted as, and
  /// cancels every effect that is not detached.
  func close() {
    runtime.manualClock?.unregister(ObjectIdentifier(runtime))
    // Actions a drain left for the next one are dropped, as those in the inbox are.
    while let entry = queue.next() { drop(entry) }
    inbox.close(dropping: drop)
    runtime.close()
  }

  // MARK: - Sending

  /// Sends an action: reduces it, and every action it causes synchronously, before returning;
  /// during a reduction, queues it behind the current one. Reduces first the actions effects
  /// delivered when `reducingDeliveredActionsFirst`.
  @inlinable
  func send(_ action: Action, reducingDeliveredActionsFirst: Bool) -> StoreTask {
    if isReducing { return buffer(action) }
    phase = .reducing
    if reducingDeliveredActionsFirst { reduceDeliveredActionsWaiting() }
    let tracker = handle(
      action, tracker: nil, mark: mark(arriving: action), isSent: true)
    if queue.hasActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if sendReducesDeliveredActions && inbox.hasEntries { reduceInbox() }
    endReducing()
    return StoreTask(tracker: tracker)
  }

  /// Reduces, before a send's action, the actions delivered before the send: those queued and
  /// those in the inbox now, not those that arrive meanwhile.
  @inlinable
  func reduceDeliveredActionsWaiting() {
    if queue.hasActions { reduceQueue(upTo: .max, refillingFromInbox: false) }
    if inbox.hasEntries { reduceInbox() }
  }

  /// Ends a reduction, and schedules the drain a reduction put off.
  @inlinable
  func endReducing() {
    let drainWasDeferred = phase == .reducingWithDrainDeferred
    phase = .idle
    if drainWasDeferred {
      inbox.drainStarted()
      if queue.hasActions || inbox.hasEntries { inbox.requestDrain() }
    }
  }

  /// Appends an action sent while the store is reducing; it is reduced after the current one.
  @usableFromInline
  func buffer(_ action: Action) -> StoreTask {
    let tracker = EffectTracker(runtime: runtime, action: action)
    buffer(action, tracker: tracker)
    return StoreTask(tracker: tracker)
  }

  /// Appends an action that is reduced after the current one: sent by an effect synchronously,
  /// or sent while the store reduces.
  @inlinable
  func buffer(_ action: Action, tracker: EffectTracker) {
    tracker.begin()
    queue.append(.init(action: action, tracker: tracker, mark: mark(arriving: action)))
  }

  /// The marks the marking extensions give an arriving action, if any (see
  /// `StoreKernel+Extensions.swift`).
  @inlinable
  func mark(arriving action: Action) -> (any AnyObject & Sendable)? {
    extensions.markingCount == 0 ? nil : marks(of: action)
  }

  // MARK: - Draining

  /// The most actions one drain reduces before it gives its owner back: during a flood of
  /// actions from other threads, the owner's other work (a UI, a signal handler) runs between two
  /// batches.
  @usableFromInline
  static var drainBatch: Int { 4_096 }

  /// Reduces the actions effects and other threads delivered, in order, at most `limit` of them
  /// and of the actions they send, and schedules another drain if some are left. Returns whether
  /// there were any. The scheduled drain and a manual clock's settle points call it.
  @inlinable
  @discardableResult
  func drainInbox(upTo limit: Int = drainBatch) -> Bool {
    guard !isReducing else {
      // A main-actor job during a reduction (a nested run loop): the reduction's end drains.
      phase = .reducingWithDrainDeferred
      return false
    }
    inbox.drainStarted()
    guard queue.hasActions || inbox.hasEntries else { return false }
    phase = .reducing
    reduceQueue(upTo: limit, refillingFromInbox: true)
    endReducing()
    if queue.hasActions || inbox.hasEntries { inbox.requestDrain() }
    return true
  }

  /// Reduces the actions waiting in the inbox now, and the actions they send, when the queue is
  /// empty: not the ones that arrive meanwhile.
  @inlinable
  func reduceInbox() {
    queue.refill(from: inbox)
    reduceQueue(upTo: .max, refillingFromInbox: false)
  }

  /// Reduces queued actions in order, and the actions they send, until the queue is empty or
  /// `limit` were reduced; when the queue is empty and `refillingFromInbox`, it takes the inbox.
  @inlinable
  func reduceQueue(upTo limit: Int, refillingFromInbox: Bool) {
    var reduced = 0
    while reduced < limit {
      guard let entry = queue.next() else {
        guard refillingFromInbox, inbox.hasEntries else { break }
        queue.refill(from: inbox)
        continue
      }
      reduced += 1
      if let gate = entry.gate, !runtime.admits(deliveredThrough: gate, tracker: entry.tracker) {
        drop(entry)
        continue
      }
      _ = handle(entry.action, tracker: entry.tracker, mark: entry.mark, isSent: false)
      entry.tracker?.end()
    }
    queue.compactIfDrained()
  }

  /// Ends the work of an action that is dropped instead of reduced, and tells the extensions
  /// that marked it.
  @usableFromInline
  func drop(_ entry: ActionQueue<Action>.Entry) {
    entry.tracker?.endCancelled()
    if let mark = entry.mark { inbox.dropped(mark) }
  }

  // MARK: - Reducing

  /// Reduces one action, with the hooks of the extensions around it, and starts its effect.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - tracker: The tracker it was queued with: the child of the action whose effect delivered
  ///     it, or the root of a send made while the store was reducing; nil for a send now and
  ///     for an enqueued action.
  ///   - mark: The marks the marking extensions gave it as it arrived, if any.
  ///   - isSent: Whether `send` hands it over now.
  /// - Returns: The root tracker of the work its effect does, if it does any.
  @inlinable
  func handle(
    _ action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?, isSent: Bool
  ) -> EffectTracker? {
    // The raw value, where `isEmpty` would be a call in an unoptimized build.
    guard extensions.hooks.rawValue == 0, mark == nil, tracker?.mark == nil else {
      return handleWatched(action, tracker: tracker, mark: mark, isSent: isSent)
    }
    let effect = reduceState(action)
    return effect.isNone ? nil : start(effect, of: action, root: tracker?.root)
  }

  /// Reduces one action into the state and tells Observation.
  @inlinable
  func reduceState(_ action: Action) -> Effect<Action> {
    version &+= 1
    if stateIsReference {
      // A class state notifies its own observers; the store notifies only when the reducer
      // replaced the instance.
      var state = state
      let effect = reduce(&state, action)
      if !Self.isSameReference(state, self.state) {
        registrar.willSet(self, keyPath: stateKeyPath)
        self.state = state
        registrar.didSet(self, keyPath: stateKeyPath)
      }
      return effect
    }
    // `willSet` and `didSet` rather than `withMutation`, which takes a closure: one isolated to
    // an actor, as a main-actor caller's would be, is checked at run time on every call by a
    // module built in the Swift 5 mode (Observation is).
    registrar.willSet(self, keyPath: stateKeyPath)
    let effect = reduce(&state, action)
    registrar.didSet(self, keyPath: stateKeyPath)
    return effect
  }

  /// Whether two class-typed states are the same instance: their bits (one reference) are equal.
  /// Cheaper than `===` through `AnyObject`, which boxes and casts at run time on Linux.
  @inlinable
  static func isSameReference(_ lhs: State, _ rhs: State) -> Bool {
    withUnsafeBytes(of: lhs) { lhs in withUnsafeBytes(of: rhs) { rhs in lhs.elementsEqual(rhs) } }
  }

  /// Starts the effect that reducing `action` returned, counting its work in a tracker of the
  /// action's own, under `root` (a new one when nil, whose action is `action`); returns the root.
  @inlinable
  func start(
    _ effect: Effect<Action>, of action: Action, root: EffectTracker?,
    mark: (any AnyObject & Sendable)? = nil,
    ended: (@Sendable (Bool) -> Void)? = nil
  ) -> EffectTracker {
    let root = root ?? EffectTracker(runtime: runtime, action: action)
    // Still the number of the reduction that returned `effect`: its hooks reduce nothing.
    let tracker = EffectTracker(
      runtime: runtime, action: action, reduction: Int(truncatingIfNeeded: version),
      parent: root, mark: mark, ended: ended)
    // Held while the effect starts, so that one starting no work ends here.
    if ended != nil { tracker.begin() }
    EffectRunner.start(
      effect, on: runtime, tracker: tracker, delivery: delivery(tracker: tracker)
    ) { action in buffer(action, tracker: tracker) }
    if ended != nil { tracker.end() }
    return root
  }

  /// The function through which an effect counted in `tracker` delivers its actions: into the
  /// inbox, from any thread.
  @inlinable
  func delivery(tracker: EffectTracker) -> @Sendable (Action, EffectGate?) -> Void {
    { [inbox] action, gate in inbox.append(action, tracker: tracker, gate: gate) }
  }
}

/// The actions waiting on the owner to be reduced, oldest first.
@usableFromInline
struct ActionQueue<Action: Sendable>: Sendable {
  /// An action, with what came with it.
  @usableFromInline
  struct Entry: Sendable {
    @usableFromInline let action: Action
    /// The tracker of the work it belongs to: the child of the action whose effect delivered
    /// it, or the root of a send made while the store was reducing; nil for an enqueued action.
    @usableFromInline let tracker: EffectTracker?
    /// The marks the marking extensions gave it as it arrived, if any.
    @usableFromInline let mark: (any AnyObject & Sendable)?
    /// The gate of the effect work that delivered the action: the store drops the action if the
    /// gate closed before it is reduced. Nil for actions reduced whatever happens.
    @usableFromInline let gate: EffectGate?

    @inlinable
    init(
      action: Action, tracker: EffectTracker?, mark: (any AnyObject & Sendable)?,
      gate: EffectGate? = nil
    ) {
      self.action = action
      self.tracker = tracker
      self.mark = mark
      self.gate = gate
    }
  }

  @usableFromInline var entries: [Entry] = []
  @usableFromInline var head = 0

  @usableFromInline
  init() {}

  /// The number of entries kept: those waiting, and those reduced that the queue has not given
  /// back yet.
  var count: Int {
    entries.count
  }

  /// Whether actions wait.
  @inlinable
  var hasActions: Bool {
    head < entries.count
  }

  /// Takes the oldest action, if any.
  @inlinable
  mutating func next() -> Entry? {
    guard head < entries.count else { return nil }
    defer { head += 1 }
    return entries[head]
  }

  /// Appends an action. A full queue whose first half was reduced gives that half back instead
  /// of growing, so that a drain that never ends (an observer that sends on every change) keeps
  /// only what waits.
  @inlinable
  mutating func append(_ entry: Entry) {
    if entries.count == entries.capacity, head >= 1024, head * 2 >= entries.count {
      entries.removeFirst(head)
      head = 0
    }
    entries.append(entry)
  }

  /// Takes every action of the inbox, when the queue is empty.
  @inlinable
  mutating func refill(from inbox: ActionInbox<Action>) {
    entries = inbox.takeAll()
    head = 0
  }

  /// Once every action was taken, keeps a small buffer for the next burst and gives a large one
  /// back.
  @inlinable
  mutating func compactIfDrained() {
    guard !hasActions else { return }
    entries.removeAll(keepingCapacity: entries.capacity <= 64)
    head = 0
  }
}
