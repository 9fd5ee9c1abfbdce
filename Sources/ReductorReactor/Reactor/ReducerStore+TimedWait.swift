internal import Reductor

extension ReducerStore {
  /// Waits for `task` at most `timeout` of real time; if its work has not finished by then, and
  /// the wait was not cancelled, reports the effects still in flight to the store's
  /// `diagnosticHandler` as an `effectsStillInFlight` diagnostic that names `call`.
  func wait(
    for task: StoreTask, of call: String, timeout: Duration, fileID: String, line: UInt
  ) async {
    if await task.finish(timeout: timeout) || Task.isCancelled { return }
    let inFlight = task.inFlightEffects
    guard !inFlight.isEmpty else { return }
    diagnosticHandler(
      StoreDiagnostic(
        kind: .effectsStillInFlight,
        message: "\(call) stopped waiting after \(timeout) with \(inFlight.summary)",
        error: nil, fileID: fileID, line: line))
  }
}
