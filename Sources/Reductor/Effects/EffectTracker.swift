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
/// In an instrumented store, the effect of one action whose ``Instrumentation/Stage/effect``
/// stage is timed, or whose mutations' reductions are, is counted by a tracker of its own, with
/// ``EffectTiming``, which carries the action's cycle to those reductions: it counts toward
/// its parent, the tracker of the send (its ``root``), which it opens and closes, and its
/// count reaching zero ends the stage.
@usableFromInline
final class EffectTracker: Sendable {
  private let pending = Atomic(0)
  private let cancelled = Atomic(false)
  let runtime: EffectRuntime
  /// The action whose send began this work, for the report of work still in flight.
  @usableFromInline let origin: any Sendable
  /// The timing of one action's effect, for a tracker of that effect alone.
  @usableFromInline let timing: EffectTiming?

  @usableFromInline
  init(runtime: EffectRuntime, origin: any Sendable, timing: EffectTiming? = nil) {
    self.runtime = runtime
    self.origin = origin
    self.timing = timing
  }

  /// The tracker of the send whose work this is: its `StoreTask`'s, which a cancellation and the
  /// effect table's bookkeeping refer to.
  @usableFromInline
  var root: EffectTracker {
    timing?.parent ?? self
  }

  var isCancelled: Bool {
    root.cancelled.load(ordering: .acquiring)
  }

  /// Whether all tracked work is done.
  var isFinished: Bool {
    pending.load(ordering: .sequentiallyConsistent) == 0
  }

  @usableFromInline
  func begin() {
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
      if let timing { timing.parent.begin() } else { runtime.trackerOpened() }
    }
  }

  @usableFromInline
  func end() {
    // Sequentially consistent, as the runtime's count of waiters: see `registerWaiter(for:)`.
    if pending.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
      if let timing {
        timing.end()
        timing.parent.end()
      } else {
        runtime.trackerFinished(self)
      }
    }
  }

  /// Ends work that was counted and was cancelled, or will not run: a timed effect is then
  /// recorded as cancelled.
  func endCancelled() {
    timing?.noteCancellation()
    end()
  }

  /// Notes that work it counts was cancelled, for the timing of its effect; only a timed
  /// tracker (with ``timing``) needs it.
  func noteCancellation() {
    timing?.noteCancellation()
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
    await withTaskCancellationHandler {
      await withCheckedContinuation { continuation in
        runtime.attach(continuation, toWaiter: id)
      }
    } onCancel: {
      if cancelsEffects { cancel() }
      runtime.resumeWaiter(id)
    }
  }
}

/// The timing of the ``Instrumentation/Stage/effect`` stage of one action, carried by the
/// tracker of that effect alone: its count reaching zero ends the stage, cancelled if any of
/// its work was.
@usableFromInline
final class EffectTiming: Sendable {
  let parent: EffectTracker
  /// The cycle of the action whose effect this is; its mutations are reduced in it.
  @usableFromInline let cycle: ActionCycle
  private let wasCancelled = Atomic(false)
  private let ended: @Sendable (_ cancelled: Bool) -> Void

  @usableFromInline
  init(
    parent: EffectTracker, cycle: ActionCycle,
    ended: @escaping @Sendable (_ cancelled: Bool) -> Void
  ) {
    self.parent = parent
    self.cycle = cycle
    self.ended = ended
  }

  func noteCancellation() {
    wasCancelled.store(true, ordering: .releasing)
  }

  func end() {
    ended(wasCancelled.load(ordering: .acquiring) || parent.isCancelled)
  }
}
