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
@usableFromInline
final class EffectTracker: Sendable {
  private let pending = Atomic(0)
  private let cancelled = Atomic(false)
  let runtime: EffectRuntime
  /// The action whose send began this work, for the report of work still in flight.
  let origin: any Sendable

  @usableFromInline
  init(runtime: EffectRuntime, origin: any Sendable) {
    self.runtime = runtime
    self.origin = origin
  }

  var isCancelled: Bool {
    cancelled.load(ordering: .acquiring)
  }

  /// Whether all tracked work is done.
  var isFinished: Bool {
    pending.load(ordering: .sequentiallyConsistent) == 0
  }

  @usableFromInline
  func begin() {
    if pending.wrappingAdd(1, ordering: .acquiringAndReleasing).oldValue == 0 {
      runtime.trackerOpened()
    }
  }

  @usableFromInline
  func end() {
    // Sequentially consistent, as the runtime's count of waiters: see `registerWaiter(for:)`.
    if pending.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 {
      runtime.trackerFinished(self)
    }
  }

  /// Cancels the tracked effects, and the ones tracked work would start later.
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
