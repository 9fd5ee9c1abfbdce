internal import Reductor

extension Reactor {
  /// Fetches a value into a ``DataFetchingState`` of the state.
  ///
  /// Call it from ``reduce(state:event:)``. The state at `keyPath` is `.loading` once the
  /// reduction returns; when `operation` ends it is `.success` with its value or `.failure` with
  /// its error, and `.idle` if the fetch is cancelled (its `StoreTask` cancelled, or the task
  /// that awaits `send(action:)`).
  ///
  /// ```swift
  /// case .action(.load):
  ///   let itemID = state.itemID
  ///   fetch(event, \.itemState) { () throws(ItemError) in
  ///     try await service.fetchItem(id: itemID)
  ///   }
  /// ```
  ///
  /// A newer fetch into the same key path replaces an older one: the older one is cancelled and
  /// writes nothing more, not even `.idle` over the newer one's `.loading`. Fetches into
  /// different key paths run concurrently.
  ///
  /// `operation` may throw `Failure` (typed, as above) or any error (untyped). An error that is
  /// not a `Failure` leaves the state `.idle` and is reported to the reactor's
  /// ``diagnosticHandler``.
  ///
  /// - Parameters:
  ///   - event: The event being reduced, which the fetch belongs to.
  ///   - keyPath: Where the fetch writes in the state.
  ///   - fileID: The file that started the fetch, named in diagnostics.
  ///   - line: The line that started the fetch, named in diagnostics.
  ///   - operation: The work that returns the value.
  public func fetch<Value: Sendable, Failure: Error, Thrown: Error>(
    _ event: Event,
    _ keyPath: WritableKeyPath<State, DataFetchingState<Value, Failure>>,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @_implicitSelfCapture _ operation: @escaping @Sendable () async throws(Thrown) -> Value
  ) {
    let runtime = reactorRuntime
    let report = runtime.store.diagnosticHandler
    let (slot, generation, keyPathName) = runtime.reducer.beginFetch(keyPath)
    // The key path stays on the main actor (one into an `@MainActor` state is not `Sendable`):
    // the end of the fetch carries a main-actor function that writes through it.
    let write: @MainActor (inout State, DataFetchingState<Value, Failure>) -> Void = {
      $0[keyPath: keyPath] = $1
    }
    let end: @Sendable (DataFetchingState<Value, Failure>) -> ReactorStep<Self> = { result in
      .fetchEnded(
        FetchEnd(
          slot: slot, generation: generation, write: { write(&$0, result) },
          keyPathName: keyPathName, outcome: result.outcome))
    }
    runtime.start(
      .run(lifetime: .replaceable(FetchKey(slot: slot)), fileID: fileID, line: line) { send in
        do throws(Thrown) {
          let value = try await operation()
          StoreDriver.deliverEvenIfCancelled(
            end(Task.isCancelled ? .idle : .success(value)), through: send)
        } catch {
          if Task.isCancelled || error is CancellationError {
            StoreDriver.deliverEvenIfCancelled(end(.idle), through: send)
          } else if let failure = error as? Failure {
            StoreDriver.deliverEvenIfCancelled(end(.failure(failure)), through: send)
          } else {
            report(
              StoreDiagnostic(
                kind: .effectFailed,
                message: "A fetch into \(keyPathName) threw \(error), which is not of type "
                  + "\(Failure.self); the state went back to .idle. Throw \(Failure.self), or map "
                  + "the error to it.",
                error: error, fileID: "\(fileID)", line: line))
            StoreDriver.deliverEvenIfCancelled(end(.idle), through: send)
          }
        }
      },
      writing: { $0[keyPath: keyPath] = .loading })
  }
}

extension DataFetchingState {
  /// The case's name, for logging: `success`, not the value.
  var outcome: StaticString {
    switch self {
    case .idle: "idle"
    case .loading: "loading"
    case .success: "success"
    case .failure: "failure"
    }
  }
}

/// The key of a fetch's effect: a newer fetch into the same key path (the same slot) replaces
/// it.
struct FetchKey: Hashable, Sendable {
  let slot: Int
}
