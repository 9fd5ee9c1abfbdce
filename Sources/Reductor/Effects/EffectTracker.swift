import Synchronization

/// Counts the work one sent action caused — the effect tasks it started and the actions those
/// effects delivered that are not reduced yet — so that ``StoreTask/finish()`` can wait for it.
///
/// The count only grows while it is above zero: once it reaches zero nothing holds the tracker
/// to add work, so zero means finished for good.
///
/// The count and the cancellation flag are atomics, so counting costs no lock and a tracker no
/// allocation beyond its own; a task that waits registers with the runtime, whose lock orders
/// registering against the count reaching zero. The runtime counts the trackers with work, for
/// ``ReducerStore/finishEffects(timeout:fileID:line:)``: a tracker opens on its first `begin`
/// and closes when its count reaches zero.
///
/// The tracker of a send (a *root*) counts the effect of each action of that send through a
/// tracker of the action's own, its *child*: the child counts toward the root, which it opens and
/// closes, and it names the action (the origin of the actions its effect delivers) and carries
/// the action's mark. When extensions asked to hear of the effect's end, its count reaching zero
/// calls them, with whether any of the work was cancelled. Children hang from the root, so a
/// chain of effects that each start the next keeps no chain of trackers alive; the one
/// grandchild is the tracker of a debounce inside a composition, whose end tells the task that
/// awaits it (see `EffectRuntime+Debounce.swift`). Cancelling a tracker cancels the work it and
/// its descendants count.
@usableFromInline
final class EffectTracker: Sendable {
  private let pending = Atomic(0)
  private let cancelled = Atomic(false)
  let runtime: EffectRuntime
  /// The action whose work this is: the sent one for a root, the one whose effect it counts for
  /// a child.
  @usableFromInline let action: any Sendable
  /// The number of the store's reduction of a child's action (see ``ActionOrigin/reduction``);
  /// 0 for a root.
  @usableFromInline let reduction: Int
  /// The tracker a child counts toward; nil for a root.
  @usableFromInline let parent: EffectTracker?
  /// The mark of a child's action, if an extension marked it.
  @usableFromInline let mark: (any AnyObject & Sendable)?
  /// Whether work it counted was cancelled, for `ended`.
  private let wasCancelled = Atomic(false)
  /// What to call when the count reaches zero: the ends of the extensions that asked.
  private let ended: (@Sendable (_ cancelled: Bool) -> Void)?

  @usableFromInline
  init(
    runtime: EffectRuntime, action: any Sendable, reduction: Int = 0,
    parent: EffectTracker? = nil,
    mark: (any AnyObject & Sendable)? = nil, ended: (@Sendable (_ cancelled: Bool) -> Void)? = nil
  ) {
    self.runtime = runtime
    self.action = action
    self.reduction = reduction
    self.parent = parent
    self.mark = mark
    self.ended = ended
  }

  /// The tracker of the send whose work this is: its `StoreTask`'s, which a cancellation and the
  /// effect table's bookkeeping refer to.
  @usableFromInline
  var root: EffectTracker {
    parent?.root ?? self
  }

  /// Whether it, or a tracker it counts toward, was cancelled.
  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring) || parent?.isCancelled == true
  }

  /// Whether it is `tracker` or counts toward it: whether cancelling `tracker` cancels its work.
  func isCounted(in tracker: EffectTracker) -> Bool {
    self === tracker || parent?.isCounted(in: tracker) == true
  }

  /// Whether all tracked work is done.
  var isFinished: Bool {
    pending.load(ordering: .sequentiallyConsistent) == 0
  }

  @usableFromInline
  func begin() {
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
      if let parent { parent.begin() } else { runtime.trackerOpened() }
    }
  }

  @usableFromInline
  func end() {
    // Sequentially consistent, as the runtime's count of waiters: see `registerWaiter(for:)`.
    if pending.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
      ended?(wasCancelled.load(ordering: .acquiring) || isCancelled)
      if let parent { parent.end() } else { runtime.trackerFinished(self) }
    }
  }

  /// Ends work that was counted and was cancelled, or will not run.
  func endCancelled() {
    noteCancellation()
    end()
  }

  /// Notes that work it counts was cancelled, for the extensions that hear of its end.
  func noteCancellation() {
    if ended != nil { wasCancelled.store(true, ordering: .releasing) }
  }

  /// Cancels the tracked effects, and the ones tracked work would start later; called on a
  /// ``root``.
  func cancel() {
    cancelled.store(true, ordering: .releasing)
    runtime.cancelTasks(trackedBy: self)
  }

  /// Waits until the pending count is zero, on a clock other than a manual one (whose settle
  /// points wait instead; see ``StoreTask/finish()``). Cancelling the waiting task returns at
  /// once, and cancels the tracked effects too unless told otherwise.
  func wait(cancellingEffectsIfCancelled cancelsEffects: Bool = true) async {
    guard let id = runtime.registerWaiter(for: self) else { return }
    await runtime.suspend(asWaiter: id) { if cancelsEffects { cancel() } }
  }

  /// Waits like ``wait(cancellingEffectsIfCancelled:)``, on the actor that owns the store:
  /// woken when actions arrive in the store's inbox, it reduces them with `drain` in its own
  /// turn, instead of a drain scheduled for them in a turn of its own, then waits again. A round
  /// trip through an effect then costs one turn of the actor, not two.
  nonisolated(nonsending) func wait(draining drain: () -> Void) async {
    while let id = runtime.registerWaiter(for: self, drains: true) {
      await runtime.suspend(asWaiter: id) { cancel() }
      if Task.isCancelled { return }
      drain()
    }
  }
}
