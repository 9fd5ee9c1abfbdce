import Synchronization

/// Where the effects of one root store run: it owns their tasks, their keys, the throttle
/// windows, the pending debounces, the queues, the tasks waiting in `StoreTask.finish()` and
/// `finishEffects(timeout:)`, and the store's clock. ``EffectRunner`` interprets the effects,
/// and calls on it for tasks, keys and timing.
///
/// The runtime never references the store, so effects never keep a store alive. When the store
/// is deinitialized it calls ``close()``, which cancels every effect that is not detached.
@usableFromInline
final class EffectRuntime: Sendable {
  /// Everything the runtime's lock protects.
  struct State {
    var effects = EffectTable()
    var waiters = TrackerWaiters()
    var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void = EffectRuntime.writeDiagnostic
    /// The actor that owns the store, where it reduces the actions delivered to it; nil until
    /// one is known. Weak: the owner usually holds the store.
    weak var owner: (any Actor)?
    /// Reduces the actions delivered to the store, on its owner; set when the store is connected
    /// (not on a manual clock, whose settle points reduce them).
    var drain: (@Sendable () -> Void)?
  }

  @usableFromInline let clock: any Clock<Duration>
  /// Set when the clock is a ``ManualClock``: effects then run on its executor.
  @usableFromInline let manualClock: ManualClock?
  /// The time since the runtime was created, on `clock`, for the deadlines of debounces and
  /// throttle windows.
  let stopwatch: Stopwatch
  let state = Locked(State())
  /// The number of trackers with work; see ``isQuiet``.
  let openTrackers = Atomic(0)
  /// The number of tasks registered in `state.waiters`, written under the lock.
  let waiterCount = Atomic(0)

  init(clock: any Clock<Duration>) {
    self.clock = clock
    self.manualClock = clock as? ManualClock
    self.stopwatch = Stopwatch(startingOn: clock)
  }

  /// The time elapsed on `clock` since the runtime was created.
  func elapsed() -> Duration {
    stopwatch.elapsed()
  }

  static let writeDiagnostic: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
    writeToStandardError(diagnostic.description)
  }

  var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { state.withLock { $0.diagnosticHandler } }
    set { state.withLock { $0.diagnosticHandler = newValue } }
  }

  @usableFromInline
  func report(_ diagnostic: StoreDiagnostic) {
    diagnosticHandler(diagnostic)
  }

  /// The number of effect tasks that have not finished yet.
  var runningCount: Int {
    state.withLock { $0.effects.runningCount }
  }

  // MARK: - Running effects

  /// Starts `work` in a task of its own, registered under `lifetime`, behind a gate of its own
  /// that hangs from `parent` (the gate of the task that starts it) unless the work is detached;
  /// returns nil when it may not start (see
  /// ``EffectTable/start(_:site:tracker:gate:firedDebounce:now:)``). `work` gets the gate. A
  /// queued task does `work` once its queue lets it start, and not at all if it leaves the queue
  /// first (see `Queue/`).
  ///
  /// The task is made outside the lock, after the table registered it: making a task wakes a
  /// thread to run it, which then takes the lock itself to deliver and to finish.
  func spawn(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    site: EffectSite?,
    parent: EffectGate?,
    tracker: EffectTracker?,
    firedDebounce: UInt64?,
    work: @escaping @Sendable (EffectGate) async -> Void
  ) -> Task<Void, Never>? {
    if tracker?.isCancelled == true { return nil }
    var lifetime = lifetime
    // The key a finished task's gate holds while its actions wait to be reduced; for a queued
    // effect, its queue's key and the policy it named.
    var key: EffectKey?
    var queue: (key: EffectKey, policy: EffectQueuePolicy)?
    var now = Duration.zero
    switch lifetime.kind {
    case .replaceable(let replaced):
      key = replaced
    case .queued(let queued, let policy):
      key = queued
      queue = (queued, policy)
      lifetime = EffectLifetime(kind: .queued(queued, policy.checked.policy))
      now = elapsed()
    case .storeBound, .cancellable, .detached:
      break
    }
    tracker?.begin()
    // A detached task is not cancelled with the task that started it.
    let gate = EffectGate(parent: lifetime == .detached ? nil : parent, key: key, site: site)
    let started = state.withLock { state in
      state.effects.start(
        lifetime, site: site, tracker: tracker, gate: gate, firedDebounce: firedDebounce, now: now)
    }
    if let queue {
      reportMisuse(
        ofQueue: queue.key, named: queue.policy, holding: started.queuePolicy, site: site)
    }
    var task: Task<Void, Never>?
    if let id = started.id {
      let waitingQueue = started.waitsInQueue ? queue?.key : nil
      let made = makeTask(priority: priority) {
        if let waitingQueue {
          if await self.takeTurn(id, in: waitingQueue) { await work(gate) }
        } else {
          await work(gate)
        }
        self.state.withLock { $0.effects.finish(id) }.perform()
        if Task.isCancelled { tracker?.noteCancellation() }
        tracker?.end()
      }
      if !state.withLock({ $0.effects.attach(made, to: id) }) { made.cancel() }
      task = made
    } else {
      tracker?.endCancelled()
    }
    started.cleanup.perform()
    return task
  }

  /// A task on the store's clock that sleeps until `firstDeadline`, calls `wake` with the time
  /// since the runtime started, and sleeps again until the deadline `wake` returns, until it
  /// returns nil. If a sleep throws (the timer was cancelled, or the clock failed), it calls
  /// `stopped` and ends. The debounce timer and the throttle windows' timers are such tasks.
  func makeTimer(
    firstDeadline: Duration,
    wake: @escaping @Sendable (_ now: Duration) -> Duration?,
    stopped: @escaping @Sendable () -> Void
  ) -> Task<Void, Never> {
    makeTask {
      var deadline = firstDeadline
      while true {
        do {
          try await self.stopwatch.sleepUntilElapsed(deadline)
        } catch {
          stopped()
          return
        }
        guard let next = wake(max(self.elapsed(), deadline)) else { return }
        deadline = next
      }
    }
  }

  /// A task on the manual clock's executor or, on any other clock, one with no executor
  /// preference at all: a task given a nil preference carries a preference record all the same,
  /// which each of its suspensions then reads under the task's lock (see Benchmarks/NOTES.md).
  private func makeTask(
    priority: TaskPriority? = nil, _ operation: sending @escaping () async -> Void
  ) -> Task<Void, Never> {
    guard let executor = manualClock?.executor else {
      return Task(priority: priority, operation: operation)
    }
    return Task(executorPreference: executor, priority: priority, operation: operation)
  }

  // MARK: - Cancelling

  /// Cancels what runs or waits under `key` and forgets the key's throttle window.
  func cancel(_ key: EffectKey) {
    state.withLock { $0.effects.cancel(key) }.perform()
  }

  /// Cancels what runs or waits under the keys `picks` picks.
  func cancelScopes(where picks: @Sendable (EffectKey) -> Bool) {
    state.withLock { $0.effects.cancelScopes(where: picks) }.perform()
  }

  /// Whether an action an effect task delivered through `gate`, counted in `tracker`, is still
  /// to be reduced: not if the task was cancelled (replaced, its key or its send's task
  /// cancelled) since. Counts the action as reduced or dropped, which gives back the key of a
  /// finished task whose last action this was.
  @usableFromInline
  func admits(deliveredThrough gate: EffectGate, tracker: EffectTracker?) -> Bool {
    let admitted = gate.isOpen && tracker?.isCancelled != true
    gate.countReduction { release($0) }
    return admitted
  }

  /// The last action `gate`'s finished task delivered was reduced or dropped: frees its key, or
  /// its place in its queue.
  func release(_ gate: EffectGate) {
    state.withLock { $0.effects.release(gate) }.perform()
  }

  /// Cancels the effects counted by `tracker`, for ``StoreTask/cancel()``.
  func cancelTasks(trackedBy tracker: EffectTracker) {
    state.withLock { $0.effects.cancel(trackedBy: tracker) }.perform()
  }

  /// Called when the store is deinitialized: cancels every effect that is not detached, and the
  /// deadline timer of `finishEffects(timeout:)`.
  func close() {
    let (cleanup, timer) = state.withLock { ($0.effects.close(), $0.waiters.stopTimer()) }
    cleanup.perform()
    timer?.cancel()
  }
}

/// The runtime's part of ``StoreTask/finish()``, where tasks wait for a tracker's count to reach
/// zero, and of ``ReducerStore/finishEffects(timeout:fileID:line:)``, which waits for every
/// tracker's.
extension EffectRuntime {
  /// Registers a task that waits for `tracker`; returns its id, or nil when the tracker is
  /// finished.
  func registerWaiter(for tracker: EffectTracker, drains: Bool = false) -> UInt64? {
    registerWaiter(for: tracker, drains: drains) { tracker.isFinished }
  }

  /// Registers a task that waits, on the store's owner, until no tracker has work (see
  /// ``isQuiet``), and reduces what arrives meanwhile, or until `deadline`, when the deadline
  /// timer resumes it; returns its id, or nil when no tracker has work.
  ///
  /// One timer serves every such wait of the store: it sleeps until the earliest deadline, so a
  /// wait starts a task only when its deadline comes before that (see
  /// ``TrackerWaiters/startTimer(until:_:)``).
  func registerQuietWaiter(until deadline: ContinuousClock.Instant) -> UInt64? {
    guard let id = registerWaiter(for: nil, drains: true, deadline: deadline, unless: { isQuiet })
    else { return nil }
    let replaced = state.withLock { state in
      state.waiters.startTimer(until: deadline) { timer in
        Task(executorPreference: globalConcurrentExecutor) {
          await self.runDeadlineTimer(timer, until: deadline)
        }
      }
    }
    replaced?.cancel()
    return id
  }

  /// The deadline timer `timer`: sleeps until `deadline`, resumes the waiters whose deadline
  /// passed, then sleeps until the next deadline, until no waiter has one, another timer
  /// replaced it, or it is cancelled.
  private func runDeadlineTimer(_ timer: UInt64, until deadline: ContinuousClock.Instant) async {
    var deadline = deadline
    while true {
      do {
        try await ContinuousClock().sleep(until: deadline)
      } catch {
        return
      }
      let (due, next) = state.withLock { state in
        defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
        return state.waiters.removeAll(dueBy: .now, timer: timer)
      }
      for continuation in due { continuation.resume() }
      guard let next else { return }
      deadline = next
    }
  }

  /// Registers a waiter unless `isDone`. The waiter is counted before `isDone` reads a count,
  /// and `trackerFinished(_:)` reads the number of waiters after the count reached zero, both
  /// sequentially consistent: either the waiter sees zero, or `trackerFinished(_:)` sees the
  /// waiter and resumes it under the lock.
  private func registerWaiter(
    for tracker: EffectTracker?, drains: Bool, deadline: ContinuousClock.Instant? = nil,
    unless isDone: () -> Bool
  ) -> UInt64? {
    if isDone() { return nil }
    return state.withLock { state in
      let id = state.waiters.register(for: tracker, drains: drains, deadline: deadline)
      waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
      guard isDone() else { return id }
      _ = state.waiters.remove(id)
      waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent)
      return nil
    }
  }

  /// Suspends the calling task as waiter `id` until the waiter is resumed, at once if it was
  /// resumed before it got here (its tracker finished, or its task was cancelled). When the
  /// task is cancelled, calls `cancelled`, then resumes the waiter.
  ///
  /// It stays on the caller's actor. This toolchain's `withTaskCancellationHandler` runs its
  /// operation off the actor unless the operation uses an `isolated` parameter, even in a
  /// `nonisolated(nonsending)` function: on the main actor, a hop to the global executor and
  /// back, two more thread wake-ups in every wait (see Benchmarks/NOTES.md). On the main actor,
  /// the thread that resumes the waiter takes its hop back to the main actor itself (see
  /// ``ResumingThreadExecutor``).
  func suspend(
    asWaiter id: UInt64, whenCancelled cancelled: @Sendable () -> Void = {},
    isolation: isolated (any Actor)? = #isolation
  ) async {
    await withTaskCancellationHandler {
      if isolation === MainActor.shared {
        await withTaskExecutorPreference(ResumingThreadExecutor.shared) {
          await awaitResume(ofWaiter: id)
        }
      } else {
        await awaitResume(ofWaiter: id)
      }
    } onCancel: {
      cancelled()
      resumeWaiter(id)
    }
  }

  /// Suspends the calling task, on the caller's actor, until waiter `id` is resumed.
  private func awaitResume(
    ofWaiter id: UInt64, isolation: isolated (any Actor)? = #isolation
  ) async {
    _ = isolation
    await withCheckedContinuation { continuation in
      if !state.withLock({ $0.waiters.attach(continuation, to: id) }) { continuation.resume() }
    }
  }

  /// Resumes waiter `id`, if it still waits.
  func resumeWaiter(_ id: UInt64) {
    state.withLock { state in
      defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
      return state.waiters.remove(id)
    }?.resume()
  }

  /// Resumes every task waiting for `tracker`, and those waiting for no tracker to have work
  /// when it was the last; called when its count reaches zero. On a manual clock, it tells the
  /// clock's settle points that wait for activity.
  func trackerFinished(_ tracker: EffectTracker) {
    let isQuiet = openTrackers.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0
    // Most trackers finish with nobody waiting: no lock then.
    if waiterCount.load(ordering: .sequentiallyConsistent) > 0 {
      let waiters = state.withLock { state in
        defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
        return state.waiters.removeAll(waitingFor: tracker, orQuiet: isQuiet)
      }
      for continuation in waiters { continuation.resume() }
    }
    manualClock?.signalActivity()
  }

  /// Wakes a task that waits for a send's work on the store's own actor, when one does, to
  /// reduce the actions that arrived: it does in its own turn of that actor what a drain
  /// scheduled for them would do in another. Returns whether one was woken; the inbox
  /// schedules a drain otherwise.
  @usableFromInline
  func resumeDrainingWaiter() -> Bool {
    guard waiterCount.load(ordering: .sequentiallyConsistent) > 0 else { return false }
    let (found, continuation) = state.withLock { state in
      defer { waiterCount.store(state.waiters.count, ordering: .sequentiallyConsistent) }
      return state.waiters.removeDrainer()
    }
    continuation?.resume()
    return found
  }

  /// Makes `actor` the owner of the store, where it reduces the actions delivered to it.
  @usableFromInline
  func setOwner(_ actor: any Actor) {
    state.withLock { $0.owner = actor }
  }

  /// Sets how the store reduces, on its owner, the actions delivered to it.
  @usableFromInline
  func setDrain(_ drain: @escaping @Sendable () -> Void) {
    state.withLock { $0.drain = drain }
  }

  /// The actor that owns the store, once one is known.
  var owningActor: (any Actor)? {
    state.withLock { $0.owner }
  }

  /// Whether `actor` owns the store.
  func isOwned(by actor: any Actor) -> Bool {
    owningActor === actor
  }

  /// How the store reduces delivered actions, when `isolation` is its owner's: a task waiting
  /// there for a send's work reduces them itself.
  func drain(forCallerOn isolation: (any Actor)?) -> (@Sendable () -> Void)? {
    guard let isolation else { return nil }
    return state.withLock { state in
      state.owner === isolation ? state.drain : nil
    }
  }

  /// Schedules a drain of the store's delivered actions on its owner, in a job of its own.
  /// Nothing before an owner is known, whose first send reduces what waits.
  @usableFromInline
  func scheduleDrain() {
    let (owner, drain) = state.withLock { ($0.owner, $0.drain) }
    guard let owner, let drain else { return }
    Self.schedule(drain, on: owner)
  }

  /// Schedules `job` on the store's owner, in a job of its own, after the one running there
  /// now; returns false, scheduling nothing, when no owner is known yet.
  func scheduleOnOwner(_ job: @escaping @Sendable () -> Void) -> Bool {
    guard let actor = owningActor else { return false }
    Self.schedule(job, on: actor)
    return true
  }

  /// Runs `job` on `actor` in a job of its own: on the main actor at once, on another actor
  /// from a task that hops onto it.
  private static func schedule(_ job: @escaping @Sendable () -> Void, on actor: any Actor) {
    if actor === MainActor.shared {
      Task { @MainActor in job() }
    } else {
      Task { await Self.run(job, on: actor) }
    }
  }

  /// Runs `body` on `actor`: how the store's owner is entered from outside it, by a drain and
  /// by a manual clock's settle point.
  static func run<Result>(_ body: () -> Result, on actor: isolated any Actor) -> Result {
    body()
  }

  /// Counts a tracker that got its first work; called by its first `begin`.
  func trackerOpened() {
    openTrackers.wrappingAdd(1, ordering: .acquiringAndReleasing)
  }

  /// Whether no tracker has work: no effect runs or waits, and every action effects delivered
  /// has been reduced.
  var isQuiet: Bool {
    openTrackers.load(ordering: .sequentiallyConsistent) == 0
  }
}

/// A task executor that runs each job at once, on the thread that enqueues it: the preference
/// of a task that waits on the main actor for a store's work.
///
/// A task suspended on the main actor is resumed on the global executor, whose thread then only
/// hops back to the main actor. On Linux that is a thread woken for a single hop, between the
/// thread that resumes the waiter (an effect's, delivering an action) and the main actor's, and
/// the wake often lands on the other core. With this executor as the waiting task's preference,
/// the resuming thread takes that hop itself: the job it runs is the waiter's step from its
/// resumption to the main actor, which enqueues the task there and returns.
///
/// Only for such a wait (``EffectRuntime/suspend(asWaiter:whenCancelled:isolation:)``): any other
/// job would run inside the call that resumed it. The waiter's cancellation handler resumes it
/// too, while the task's own records are locked: the hop takes no lock of the task.
final class ResumingThreadExecutor: TaskExecutor, Sendable {
  static let shared = ResumingThreadExecutor()

  func enqueue(_ job: consuming ExecutorJob) {
    job.runSynchronously(on: asUnownedTaskExecutor())
  }
}

/// The tasks waiting in ``StoreTask/finish()`` for a tracker, and in
/// ``ReducerStore/finishEffects(timeout:fileID:line:)`` for every tracker, by id, and the timer
/// that ends the waits of the latter at their deadlines: a pure data structure driven under the
/// effect runtime's lock.
///
/// A waiter registers before it suspends, so a resume that comes before its continuation exists
/// (its tracker finished, its deadline passed, or its task was cancelled) is remembered: the
/// waiter is gone when the continuation attaches, which then resumes at once.
struct TrackerWaiters {
  typealias Continuation = CheckedContinuation<Void, Never>

  private struct Waiter {
    /// The tracker it waits for; nil when it waits for no tracker to have work.
    let tracker: ObjectIdentifier?
    /// Whether it waits on the store's own actor and reduces what arrives (see
    /// ``EffectRuntime/resumeDrainingWaiter()``).
    let drains: Bool
    /// When the deadline timer resumes it, if it waits at most until then.
    let deadline: ContinuousClock.Instant?
    var continuation: Continuation?
  }

  /// The task that resumes the waiters whose deadline passed, with its id and the deadline it
  /// sleeps until.
  private struct DeadlineTimer {
    let id: UInt64
    let task: Task<Void, Never>
    var deadline: ContinuousClock.Instant
  }

  private var waiters: [UInt64: Waiter] = [:]
  private var timer: DeadlineTimer?
  private var nextID: UInt64 = 0

  /// The number of waiters registered.
  var count: Int {
    waiters.count
  }

  /// Registers a waiter for `tracker` (nil: for no tracker to have work), which drains the
  /// store's inbox when woken if `drains`, and which the deadline timer resumes at `deadline`;
  /// returns its id.
  mutating func register(
    for tracker: EffectTracker?, drains: Bool, deadline: ContinuousClock.Instant? = nil
  ) -> UInt64 {
    let id = nextID
    nextID += 1
    waiters[id] = Waiter(
      tracker: tracker.map(ObjectIdentifier.init), drains: drains, deadline: deadline)
    return id
  }

  /// Makes sure a deadline timer wakes by `deadline`: unless one sleeps until then or earlier,
  /// starts the one `makeTimer` makes for the id it is given, in place of the one that sleeps
  /// until later. Returns the timer replaced, to cancel outside the lock.
  mutating func startTimer(
    until deadline: ContinuousClock.Instant, _ makeTimer: (_ id: UInt64) -> Task<Void, Never>
  ) -> Task<Void, Never>? {
    if let timer, timer.deadline <= deadline { return nil }
    let id = nextID
    nextID += 1
    let replaced = timer?.task
    timer = DeadlineTimer(id: id, task: makeTimer(id), deadline: deadline)
    return replaced
  }

  /// Timer `id` woke at `now`: removes the waiters whose deadline passed. Returns their
  /// continuations to resume, and the deadline the timer sleeps until next: the earliest one
  /// left, or nil when it ends, because no waiter has a deadline or another timer replaced it.
  mutating func removeAll(
    dueBy now: ContinuousClock.Instant, timer id: UInt64
  ) -> (due: [Continuation], next: ContinuousClock.Instant?) {
    let dueIDs = waiters.filter { $0.value.deadline.map { $0 <= now } ?? false }.keys
    let due = dueIDs.compactMap { remove($0) }
    guard timer?.id == id else { return (due, nil) }
    guard let next = waiters.values.compactMap(\.deadline).min() else {
      timer = nil
      return (due, nil)
    }
    timer?.deadline = next
    return (due, next)
  }

  /// Forgets the deadline timer; returns it, to cancel.
  mutating func stopTimer() -> Task<Void, Never>? {
    defer { timer = nil }
    return timer?.task
  }

  /// Removes a waiter that drains, if one waits; returns whether one did, and its continuation
  /// to resume if it had attached one.
  mutating func removeDrainer() -> (found: Bool, continuation: Continuation?) {
    guard let id = waiters.first(where: { $0.value.drains })?.key else { return (false, nil) }
    return (true, remove(id))
  }

  /// Attaches the continuation of waiter `id`; returns `false` when the waiter was resumed before
  /// it got here, and the caller must resume the continuation itself.
  mutating func attach(_ continuation: Continuation, to id: UInt64) -> Bool {
    guard waiters[id] != nil else { return false }
    waiters[id]?.continuation = continuation
    return true
  }

  /// Removes waiter `id`; returns its continuation to resume, if it had attached one.
  mutating func remove(_ id: UInt64) -> Continuation? {
    waiters.removeValue(forKey: id)?.continuation
  }

  /// Removes every waiter for `tracker`, and, if `quiet`, every waiter for no tracker to have
  /// work; returns the continuations to resume.
  mutating func removeAll(waitingFor tracker: EffectTracker, orQuiet quiet: Bool) -> [Continuation]
  {
    guard !waiters.isEmpty else { return [] }
    let tracker = ObjectIdentifier(tracker)
    let ids = waiters.filter { $0.value.tracker == tracker || (quiet && $0.value.tracker == nil) }
      .keys
    return ids.compactMap { remove($0) }
  }
}
