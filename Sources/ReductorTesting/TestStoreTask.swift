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
  /// Asserts that the effects finished, for the test store that made the task.
  private let assertFinished:
    (@MainActor @Sendable (_ timeout: Duration?, _ site: CallSite) async -> Void)?

  init(
    _ storeTask: StoreTask,
    assertFinished: (@MainActor @Sendable (Duration?, CallSite) async -> Void)? = nil
  ) {
    self.storeTask = storeTask
    self.assertFinished = assertFinished
  }

  /// Asserts that the effects have finished: TCA's `await task.finish()`.
  ///
  /// It settles the test store's clock, as a `receive` does, and, with a `timeout`, waits at
  /// most that long on the continuous clock for work that left the clock's executor. If an
  /// effect still runs then, the test fails, naming it; it keeps running.
  ///
  /// ```swift
  /// let task = await store.send(.load) { $0.isLoading = true }
  /// await store.clock.advance(by: .seconds(1))
  /// await store.receive(.loaded(42)) {
  ///   $0.isLoading = false
  ///   $0.count = 42
  /// }
  /// await task.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - timeout: How long to wait, on the continuous clock, for effects that left the clock's
  ///     executor. `nil` waits only for the manual clock to settle.
  ///   - fileID: The calling file, where a failure is reported.
  ///   - filePath: The full path of the calling file.
  ///   - line: The calling line.
  ///   - column: The calling column.
  @MainActor
  public func finish(
    timeout: Duration? = nil,
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) async {
    await assertFinished?(
      timeout, CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
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
