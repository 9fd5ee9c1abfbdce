import Synchronization

/// How an action of an instrumented store takes part in the stages of a cycle.
@usableFromInline
package enum StageRole: Sendable {
  /// It starts a cycle of its own: it is queued, reduced when `reduces` (a reactable's action
  /// is not: its `mutate` is its stage), and its effect is timed.
  case cycle(reduces: Bool)
  /// Only its reduction is a stage, in the cycle of the effect that delivered it: a reactable's
  /// mutation.
  case reduction
  /// It belongs to a reactor's machinery, and is not instrumented.
  case machinery
}

/// The instrumentation of one store: times its stages, measures them (in debug builds) and
/// emits its targets' events. Made from the store's options, or from the defaults when the
/// global switch instruments the store.
///
/// Called on the main actor for the queue's end, the mutate and reduce stages, and from any
/// thread for the queue's start (an enqueued action) and the effect's end.
@usableFromInline
package final class StoreInstrument<Action: Sendable>: Sendable {
  /// A target, with its predicate on the store's actions.
  struct StoreTarget: Sendable {
    let target: ActionCycle.Target
    let matches: @Sendable (Action) -> Bool
  }

  let label: String
  let warningThreshold: Duration?
  let now: @Sendable () -> Duration
  let role: @Sendable (Action) -> StageRole
  let name: @Sendable (Action) -> String
  let targets: [StoreTarget]
  /// Whether measurements are made: in debug builds.
  let measures: Bool
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

  /// Makes the instrumentation of a store whose actions map to the options' actions through
  /// `subject` (nil for actions that targets do not see); nil when it would do nothing in this
  /// build: no measurements (release) and no targets that emit in it.
  ///
  /// - Parameters:
  ///   - options: The store's options, or the defaults.
  ///   - typeName: The label when the options give none.
  ///   - storeClock: The clock to time on when the options give none.
  ///   - reportDiagnostic: Where warnings go by default.
  ///   - subject: The action a target's predicate sees, if any.
  ///   - role: How an action takes part in the stages.
  ///   - name: The case name of an action, or of the mutation it carries.
  ///   - measures: Whether measurements are made: in debug builds only.
  package init?<Subject>(
    options: Instrumentation.Options<Subject>,
    typeName: String,
    storeClock: any Clock<Duration>,
    reportDiagnostic: @escaping @Sendable (StoreDiagnostic) -> Void,
    subject: @escaping @Sendable (Action) -> Subject?,
    role: @escaping @Sendable (Action) -> StageRole,
    name: @escaping @Sendable (Action) -> String,
    measures: Bool = StoreInstrument.measuresInThisBuild
  ) {
    self.measures = measures
    targets = options.targets.filter(\.emitsInThisBuild).map { target in
      StoreTarget(
        target: ActionCycle.Target(id: target.id, stages: target.stages),
        matches: { action in subject(action).map(target.matches) ?? false })
    }
    guard measures || !targets.isEmpty else { return nil }
    label = options.label ?? typeName
    warningThreshold = options.warningThreshold
    now = Stopwatch(startingOn: options.clock ?? storeClock).elapsed
    self.role = role
    self.name = name
    self.reportDiagnostic = reportDiagnostic
  }

  /// Whether this build of Reductor makes measurements: one compiled with `DEBUG`.
  static var measuresInThisBuild: Bool {
    #if DEBUG
    true
    #else
    false
    #endif
  }

  // MARK: - Stages

  /// Starts the cycle of an action being queued: nil when the action starts none or nothing
  /// observes it (no measurements, and no matching target while a handler is installed; then
  /// nothing was allocated or timed).
  @usableFromInline
  func beginCycle(_ action: Action) -> ActionCycle? {
    beginCycle(
      action, handlerInstalled: Instrumentation.hasTargetHandler.load(ordering: .acquiring))
  }

  /// Starts the cycle of an action; the targets are matched only if `handlerInstalled`.
  func beginCycle(_ action: Action, handlerInstalled: Bool) -> ActionCycle? {
    guard case .cycle(let reduces) = role(action) else { return nil }
    var matched: [ActionCycle.Target] = []
    if !targets.isEmpty, handlerInstalled {
      matched = targets.filter { $0.matches(action) }.map(\.target)
    }
    guard measures || !matched.isEmpty else { return nil }
    let cycle = ActionCycle(
      name: measures ? name(action) : nil, targets: matched, measures: measures,
      reduces: reduces, queuedAt: now())
    started(.queue, of: cycle)
    return cycle
  }

  /// Runs `body`, a stage of `cycle` (of none: a mutation reduced outside one), timed.
  func time<Result>(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle?, name: String?,
    _ body: () -> Result
  ) -> Result {
    let start = now()
    started(stage, of: cycle)
    let result = body()
    ended(stage, of: cycle, name: name, after: now() - start, cancelled: false)
    return result
  }

  /// Emits the `started` events of the targets of `cycle` that observe `stage`.
  func started(_ stage: Instrumentation.Stage, of cycle: ActionCycle?) {
    guard let cycle, !cycle.targets.isEmpty else { return }
    emit(stage, of: cycle, .started)
  }

  /// Records a stage that took `duration`: measures it under `name` (when measuring), and
  /// emits the `finished` or `cancelled` events of the targets of `cycle` that observe it.
  func ended(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle?, name: String?, after duration: Duration,
    cancelled: Bool
  ) {
    if measures, let name { measure(stage, name: name, duration: duration) }
    guard let cycle, !cycle.targets.isEmpty else { return }
    emit(stage, of: cycle, cancelled ? .cancelled(duration) : .finished(duration))
  }

  private func emit(
    _ stage: Instrumentation.Stage, of cycle: ActionCycle, _ kind: Instrumentation.TargetEvent.Kind
  ) {
    guard let handler = Instrumentation.onTargetEvent else { return }
    for target in cycle.targets where target.stages.contains(stage) {
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
    guard duration >= threshold,
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

/// One action's pass through an instrumented store: its ID, name and targets, shared by its
/// stages, and when it was queued.
@usableFromInline
package final class ActionCycle: Sendable {
  /// A target that matched the action: its name and the stages it observes.
  struct Target: Sendable {
    let id: Instrumentation.TargetID
    let stages: Set<Instrumentation.Stage>
  }

  private static let lastID = Atomic<UInt64>(0)

  let id: UInt64
  /// The action's case name, when measuring.
  let name: String?
  let targets: [Target]
  let measures: Bool
  /// Whether its reduction is a stage.
  let reduces: Bool
  let queuedAt: Duration

  init(name: String?, targets: [Target], measures: Bool, reduces: Bool, queuedAt: Duration) {
    self.id = Self.lastID.add(1, ordering: .relaxed).newValue
    self.name = name
    self.targets = targets
    self.measures = measures
    self.reduces = reduces
    self.queuedAt = queuedAt
  }

  /// Whether `stage` of this cycle is timed: measured, or observed by a target.
  @usableFromInline
  func observes(_ stage: Instrumentation.Stage) -> Bool {
    measures || targets.contains { $0.stages.contains(stage) }
  }
}
