import Synchronization

/// Times the stages of one store's cycles: measures them (in debug builds), reports slow ones
/// and emits the `started`, `finished` and `cancelled` events of the targets that observe them.
///
/// Called on the main actor for the queue's end, the mutate and reduce stages, and from any
/// thread for the queue's start (an enqueued action) and the effect's end.
@usableFromInline
final class StageTimer: Sendable {
  let label: String
  let warningThreshold: Duration?
  @usableFromInline let now: @Sendable () -> Duration
  /// Whether measurements are made: in debug builds.
  @usableFromInline let measures: Bool
  /// Whether slow stages are reported: not on a ``ManualClock``, whose time is the test's
  /// choice rather than slowness.
  let warns: Bool
  /// Where a warning goes when ``Instrumentation/warningSink`` is not set: the store's
  /// diagnostics.
  let reportDiagnostic: @Sendable (StoreDiagnostic) -> Void
  private let lastWarnings = Locked(LastWarnings())

  private struct LastWarnings {
    var epoch: UInt64 = 0
    var times: [WarningKey: Duration] = [:]
  }

  private struct WarningKey: Hashable {
    let stage: Instrumentation.Stage
    let name: String
  }

  init(
    label: String, warningThreshold: Duration?, clock: any Clock<Duration>, measures: Bool,
    reportDiagnostic: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.label = label
    self.warningThreshold = warningThreshold
    self.now = Stopwatch(startingOn: clock).elapsed
    self.measures = measures
    self.warns = !(clock is ManualClock)
    self.reportDiagnostic = reportDiagnostic
  }

  /// Whether this build of Reductor makes measurements: one compiled with `DEBUG`.
  @usableFromInline static var measuresInThisBuild: Bool {
    #if DEBUG
    true
    #else
    false
    #endif
  }

  /// Runs `body`, a stage of `cycle` (of none: a mutation reduced outside one), timed from
  /// `start`, or from now.
  @inlinable
  func time<Result>(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle?, name: String?,
    startingAt start: Duration? = nil, _ body: () -> Result
  ) -> Result {
    let start = start ?? now()
    started(stage, of: cycle)
    let result = body()
    ended(stage, of: cycle, name: name, after: now() - start, cancelled: false)
    return result
  }

  /// Emits the `started` events of the targets of `cycle` that observe `stage`.
  @usableFromInline
  func started(_ stage: Instrumentation.Stage, of cycle: ActionCycle?) {
    guard let cycle, !cycle.targets.isEmpty else { return }
    emit(stage, of: cycle, .started)
  }

  /// Records a stage that took `duration`: measures it under `name` (when measuring), and
  /// emits the `finished` or `cancelled` events of the targets of `cycle` that observe it.
  @usableFromInline
  func ended(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle?, name: String?, after duration: Duration,
    cancelled: Bool
  ) {
    if measures, let name { measure(stage, name: name, duration: duration) }
    guard let cycle else { return }
    cycle.add(duration, to: stage)
    guard !cycle.targets.isEmpty else { return }
    emit(stage, of: cycle, cancelled ? .cancelled(duration) : .finished(duration))
  }

  private func emit(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle, _ kind: Instrumentation.TargetEvent.Kind
  ) {
    guard let handler = cycle.handler else { return }
    let mask = StageMask(stage)
    for target in cycle.targets where target.stages.contains(mask) {
      handler(
        Instrumentation.TargetEvent(
          target: target.id, cycle: cycle.id, stage: stage, store: label, kind: kind))
    }
  }

  // MARK: - Measurements

  private func measure(_ stage: Instrumentation.Stage, name: String, duration: Duration) {
    let settings = Instrumentation.settings.value
    if settings.statisticsEnabled {
      StageStatistics.shared.record(
        duration, in: StageStatistics.Row(store: label, stage: stage, name: name))
    }
    settings.onEvent?(
      Instrumentation.Event(stage: stage, store: label, name: name, duration: duration))
    let threshold = warningThreshold ?? settings.warningThreshold
    guard warns, duration >= threshold,
      isWarningDue(WarningKey(stage: stage, name: name), interval: settings.warningInterval)
    else { return }
    let warning =
      "Slow \(stage): \(label) \(name) took \(Milliseconds(duration)) "
      + "(threshold \(Milliseconds(threshold)))"
    if let sink = settings.warningSink {
      sink(warning)
    } else {
      reportDiagnostic(
        StoreDiagnostic(kind: .slowStage, message: warning, error: nil, fileID: "", line: 0))
    }
  }

  /// Whether a warning for `key` may be given now: none was in the last `interval`.
  private func isWarningDue(_ key: WarningKey, interval: Duration) -> Bool {
    let time = now()
    let epoch = Instrumentation.warningEpoch.load(ordering: .relaxed)
    return lastWarnings.withLock { last in
      if last.epoch != epoch { last = LastWarnings(epoch: epoch) }
      if let previous = last.times[key], time - previous < interval { return false }
      last.times[key] = time
      return true
    }
  }
}
