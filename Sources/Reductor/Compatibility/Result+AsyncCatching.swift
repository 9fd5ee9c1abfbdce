extension Result {
  /// The result of an asynchronous throwing closure: its value, or the error it threw. TCA's
  /// `Result { try await … }`, of swift-concurrency-extras.
  ///
  /// ```swift
  /// return .run { .factResponse(await Result { try await factClient.fetch(count) }) }
  /// ```
  ///
  /// - Parameter body: The work.
  public nonisolated(nonsending) init(
    catching body: nonisolated(nonsending) () async throws(Failure) -> Success
  ) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
