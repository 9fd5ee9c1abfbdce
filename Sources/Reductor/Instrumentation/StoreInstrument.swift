import Synchronization

/// The instrumentation of one store: starts the cycles of its actions, with ``StageTimer`` to
/// time their stages. Made from the store's options, or from the defaults when the global switch
/// instruments the store.
///
/// The store's instrumented paths are `@inlinable`, like its send path, and so is
/// ``beginCycle(_:)``: unspecialized, every generic type they touch costs a run-time metadata
/// lookup, on every targeted action (`instrument.targets.*`; see Benchmarks/NOTES.md).
@usableFromInline
final class StoreInstrument<Action: Sendable>: Sendable {
  /// A target, with its predicate on the store's actions.
  @usableFromInline
  struct StoreTarget: Sendable {
    @usableFromInline let target: ActionCycle.Target
    @usableFromInline let matches: @Sendable (Action) -> Bool
  }

  /// Times the stages and records them.
  @usableFromInline let timer: StageTimer
  @usableFromInline let role: @Sendable (Action) -> StoreDriver.StageRole
  @usableFromInline let name: @Sendable (Action) -> String
  @usableFromInline let targets: [StoreTarget]
  /// Whether measurements are made: the timer's, kept here for the check every action makes.
  @usableFromInline let measures: Bool

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
  @usableFromInline
  init?<Subject>(
    options: Instrumentation.Options<Subject>,
    typeName: String,
    storeClock: any Clock<Duration>,
    reportDiagnostic: @escaping @Sendable (StoreDiagnostic) -> Void,
    subject: @escaping @Sendable (Action) -> Subject?,
    role: @escaping @Sendable (Action) -> StoreDriver.StageRole,
    name: @escaping @Sendable (Action) -> String,
    measures: Bool = StageTimer.measuresInThisBuild
  ) {
    targets = options.targets.filter(\.emitsInThisBuild).map { target in
      StoreTarget(
        target: ActionCycle.Target(id: target.id, stages: StageMask(target.stages)),
        matches: { action in subject(action).map(target.matches) ?? false })
    }
    guard measures || !targets.isEmpty else { return nil }
    timer = StageTimer(
      label: options.label ?? typeName, warningThreshold: options.warningThreshold,
      clock: options.clock ?? storeClock, measures: measures, reportDiagnostic: reportDiagnostic)
    self.role = role
    self.name = name
    self.measures = measures
  }

  /// The mark of an arriving action: its cycle (see ``beginCycle(_:)``), or, when measuring,
  /// ``MeasuredReduction/mark`` for a mutation that starts none, whose reduction is measured in
  /// the cycle that delivered it, or alone; nil for an action nothing observes.
  @inlinable
  func mark(_ action: Action) -> (any AnyObject & Sendable)? {
    // While nothing is measured and no handler hears the targets, this is all an action costs.
    guard measures || (!targets.isEmpty && Instrumentation.isTargetHandlerInstalled) else {
      return nil
    }
    if let cycle = beginCycle(action) { return cycle }
    guard measures, case .reduction = role(action) else { return nil }
    return MeasuredReduction.mark
  }

  /// Starts the cycle of an action being queued: nil when the action starts none or nothing
  /// observes it (no measurements, and no matching target while a handler is installed; then
  /// nothing was allocated or timed).
  @inlinable
  func beginCycle(_ action: Action) -> ActionCycle? {
    beginCycle(action, handlerInstalled: Instrumentation.isTargetHandlerInstalled)
  }

  /// Starts the cycle of an action; the targets are matched only if `handlerInstalled`, and
  /// their events go to `handler`, read once one matched.
  @inlinable
  func beginCycle(
    _ action: Action, handlerInstalled: Bool,
    handler installedHandler:
      @autoclosure () -> (
        @Sendable (Instrumentation.TargetEvent) -> Void
      )? = Instrumentation.onTargetEvent
  ) -> ActionCycle? {
    guard timer.measures || (handlerInstalled && !targets.isEmpty),
      case .cycle(let reduces) = role(action)
    else { return nil }
    var matched: [ActionCycle.Target] = []
    var handler: (@Sendable (Instrumentation.TargetEvent) -> Void)?
    if handlerInstalled, !targets.isEmpty {
      for target in targets where target.matches(action) { matched.append(target.target) }
      if !matched.isEmpty { handler = installedHandler() }
    }
    guard timer.measures || handler != nil else { return nil }
    let cycle = ActionCycle(
      timer: timer, name: timer.measures ? name(action) : nil,
      targets: handler == nil ? [] : matched, handler: handler, reduces: reduces,
      queuedAt: timer.now())
    timer.started(.queue, of: cycle)
    return cycle
  }
}

/// The mark of a mutation whose reduction is measured, though it starts no cycle of its own.
@usableFromInline
final class MeasuredReduction: Sendable {
  @usableFromInline static let mark = MeasuredReduction()
}

/// The stages a target observes, as bits.
@usableFromInline
struct StageMask: OptionSet, Sendable {
  @usableFromInline let rawValue: UInt8

  @usableFromInline
  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  @usableFromInline
  init(_ stage: Instrumentation.Stage) {
    switch stage {
    case .queue: rawValue = 1
    case .mutate: rawValue = 2
    case .reduce: rawValue = 4
    case .effect: rawValue = 8
    }
  }

  init(_ stages: Set<Instrumentation.Stage>) {
    self = stages.reduce(into: []) { $0.insert(StageMask($1)) }
  }

  static let all = StageMask(rawValue: 15)
}

/// One action's pass through an instrumented store: its ID, name and targets, shared by its
/// stages, when it was queued, and the timer that times its stages (which ends them even if the
/// store's instrumentation changed meanwhile).
@usableFromInline
final class ActionCycle: Sendable {
  /// A target that matched the action: its name and the stages it observes.
  @usableFromInline
  struct Target: Sendable {
    let id: Instrumentation.TargetID
    @usableFromInline let stages: StageMask

    init(id: Instrumentation.TargetID, stages: StageMask) {
      self.id = id
      self.stages = stages
    }
  }

  private static let lastID = Atomic<UInt64>(0)

  let id: UInt64
  @usableFromInline let timer: StageTimer
  /// The action's case name, when measuring.
  @usableFromInline let name: String?
  @usableFromInline let targets: [Target]
  /// Where its targets' events go: the handler installed when it began, so that a stage that
  /// started with a handler ends with it.
  let handler: (@Sendable (Instrumentation.TargetEvent) -> Void)?
  /// The stages timed: all when measuring, else the ones its targets observe.
  @usableFromInline let timedStages: StageMask
  /// Whether its reduction is a stage.
  @usableFromInline let reduces: Bool
  @usableFromInline let queuedAt: Duration

  @usableFromInline
  init(
    timer: StageTimer, name: String?, targets: [Target],
    handler: (@Sendable (Instrumentation.TargetEvent) -> Void)?, reduces: Bool, queuedAt: Duration
  ) {
    self.id = Self.lastID.add(1, ordering: .relaxed).newValue
    self.timer = timer
    self.name = name
    self.targets = targets
    self.handler = handler
    self.timedStages = timer.measures ? .all : targets.reduce(into: []) { $0.formUnion($1.stages) }
    self.reduces = reduces
    self.queuedAt = queuedAt
  }

  /// Whether `stage` of this cycle is timed: measured, or observed by a target.
  @inlinable
  func observes(_ stage: Instrumentation.Stage) -> Bool {
    timedStages.contains(StageMask(stage))
  }

  /// The nanoseconds each stage of the cycle took so far, -1 for a stage not timed (yet); a
  /// stage timed more than once (the reductions of a reactable's mutations) adds up.
  private let queueNanoseconds = Atomic<Int64>(-1)
  private let mutateNanoseconds = Atomic<Int64>(-1)
  private let reduceNanoseconds = Atomic<Int64>(-1)
  private let effectNanoseconds = Atomic<Int64>(-1)

  fileprivate func withNanoseconds<Result>(
    of stage: Instrumentation.Stage, _ body: (borrowing Atomic<Int64>) -> Result
  ) -> Result {
    switch stage {
    case .queue: body(queueNanoseconds)
    case .mutate: body(mutateNanoseconds)
    case .reduce: body(reduceNanoseconds)
    case .effect: body(effectNanoseconds)
    }
  }

  /// Notes that `stage` took `duration`.
  ///
  /// One thread times each stage of a cycle (the main actor its queue, mutate and reduce
  /// stages; the effect's end its effect stage), so a load and a store add up without an atomic
  /// read-modify-write, which would sit on every timed stage (`instrument.targets.noHandler`;
  /// see Benchmarks/NOTES.md).
  func add(_ duration: Duration, to stage: Instrumentation.Stage) {
    let added = duration.nanoseconds
    withNanoseconds(of: stage) { stored in
      stored.store(max(stored.load(ordering: .relaxed), 0) + added, ordering: .relaxed)
    }
  }
}

extension ActionCycle {
  /// The durations of the stages timed so far, by stage name (`queue`, `mutate`, `reduce`,
  /// `effect`); a stage not timed, or not over yet, is missing.
  var stageDurations: [String: Duration] {
    var durations: [String: Duration] = [:]
    for stage in Instrumentation.Stage.allCases {
      let value = withNanoseconds(of: stage) { $0.load(ordering: .relaxed) }
      if value >= 0 { durations[stage.rawValue] = .nanoseconds(value) }
    }
    return durations
  }
}

extension ActionOrigin {
  /// The durations of the stages of the action's cycle, when the store's instrumentation timed
  /// it, as far as they are known when called (the `effect` stage ends later): what a recording
  /// of the store writes for the action's step. Found among the marks the action carries,
  /// whichever extension asks.
  @inlinable
  package var stageDurations: (@Sendable () -> [String: Duration])? {
    guard let marks else { return nil }
    return Self.stageDurations(among: marks)
  }

  /// The durations of the stages of the instrumentation's cycle among `marks`, if it is there.
  @usableFromInline
  static func stageDurations(
    among marks: any AnyObject & Sendable
  ) -> (@Sendable () -> [String: Duration])? {
    let cycle =
      marks as? ActionCycle
      ?? (marks as? ActionMarks)?.marks.lazy.compactMap { $0 as? ActionCycle }.first
    guard let cycle else { return nil }
    return { cycle.stageDurations }
  }
}
