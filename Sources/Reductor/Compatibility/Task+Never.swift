extension Task where Success == Never, Failure == Never {
  /// Suspends until the current task is cancelled, then throws `CancellationError`: TCA's
  /// `try await Task.never()`, of swift-concurrency-extras, for an effect that lives until it is
  /// cancelled.
  ///
  /// ```swift
  /// return .run(lifetime: .replaceable("connection")) { _ in
  ///   defer { connection.close() }
  ///   try await Task.never()
  /// }
  /// ```
  ///
  /// It waits on nothing that time moves: on a ``ManualClock`` no advance wakes it, and a
  /// settle point finds the effect waiting, not runnable.
  ///
  /// - Throws: `CancellationError`, once the task is cancelled.
  public static func never() async throws -> Never {
    let (waiting, end) = AsyncStream<Never>.makeStream()
    // Iterating a stream that never yields ends only when the task is cancelled.
    for await _ in waiting {}
    withExtendedLifetime(end) {}
    throw _Concurrency.CancellationError()
  }
}
