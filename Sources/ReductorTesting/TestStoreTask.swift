public import Reductor

/// A handle on the effects that one ``TestStore/send(_:assert:fileID:filePath:line:column:)``
/// started, and on the effects of the actions they delivered.
///
/// Cancel a long-living effect at the end of a test with it, as the feature would when its view
/// goes:
///
/// ```swift
/// let task = await store.send(.startTimer)
/// await store.clock.advance(by: .seconds(1))
/// await store.receive(.tick) { $0.ticks = 1 }
/// await task.cancel()
/// ```
///
/// The test store never reports a cancelled effect as still running.
public struct TestStoreTask: Sendable {
  /// The store's handle on the same effects.
  public let storeTask: StoreTask

  init(_ storeTask: StoreTask) {
    self.storeTask = storeTask
  }

  /// How long ``cancel()`` waits, on the continuous clock, for cancelled work that left the
  /// clock's executor to end.
  static let cancellationTimeout = Duration.seconds(1)

  /// Cancels the effects and returns once they have ended: the test store's clock is settled
  /// until their tasks, which their cancellation wakes, have run to their end. Work that left the
  /// clock's executor (another actor, a callback thread) is waited for at most a second.
  public func cancel() async {
    storeTask.cancel()
    _ = await storeTask.finish(timeout: Self.cancellationTimeout)
  }

  /// Whether ``cancel()`` was called, or the store's handle was cancelled.
  public var isCancelled: Bool {
    storeTask.isCancelled
  }
}
