public import Reductor
public import ReductorRecording
internal import ReductorTesting

/// What a replay does with the effects of the reducer it replays.
public enum ReplayedEffects: Sendable {
  /// The effects run, on the replay's manual clock: each action they deliver must be the
  /// recorded step's, by the recorded time and after the step before it.
  case live
  /// The effects do not run: the actions effects delivered in the recording are sent from it,
  /// at their recorded times.
  case suppressed
}

/// Replays a recorded session as a test: sends the recorded actions into a store of `reducer`
/// on a `ManualClock`, moving the clock to each step's recorded time, and fails the
/// test where the replay departs from the recording.
///
/// A recording from a bug report becomes a regression test:
///
/// ```swift
/// @Test func theReportedSession() async throws {
///   let recording = try Recording<Todos.State, Todos.Action>(contentsOf: sessionFile)
///   await replay(recording, reducer: Todos())
/// }
/// ```
///
/// The replay checks, step after step:
///
/// - that the store reduces the recorded action, and nothing before it — with live effects, an
///   action an effect delivers must be the recorded step's, by its recorded time and after the
///   step before it (a mismatch fails with the step, the expected and the actual action). On a
///   manual clock that is the recorded time; a session recorded on a real clock recorded each
///   effect's action a little after its deadline, when the thread woke, and the replay's exact
///   clock delivers it at the deadline;
/// - that the state right after each step is the recorded one: after that step's reduction,
///   before any action its effect delivers, even at once (a `.send`), and before the actions other
///   effects deliver at the same instant (a mismatch fails with the fields that differ).
///
/// A failure names the step the replay departs at, and how ("Step 4 of the recording departs
/// from it: the replay reduced another action", with the expected and the actual action, or the
/// fields of the state that differ); actions the replay reduces after the recording's last step
/// fail too. It stops at the first failure. Actions sent or enqueued in the recording are sent;
/// effects still running when the recording ends are cancelled with the store. The reducer and
/// its effects run in the test context, as a `TestStore`'s do: give the dependencies the
/// recorded session had (a `uuid` generator, a `date`) with `updateDependencies`.
///
/// - Parameters:
///   - recording: The recorded session.
///   - reducer: The reducer of the recorded store.
///   - effects: Whether the reducer's effects run (``ReplayedEffects/live``, by default) or the
///     recorded actions of effects are sent instead (``ReplayedEffects/suppressed``).
///   - updateDependencies: Overrides dependencies for the reducer and its effects.
///   - fileID: The file of the call, for failures.
///   - filePath: The full path of that file.
///   - line: The line of the call.
///   - column: The column of the call.
/// - Returns: The state after the replay.
@MainActor
@discardableResult
public func replay<R: Reducer>(
  _ recording: Recording<R.State, R.Action>,
  reducer: R,
  effects: ReplayedEffects = .live,
  withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
  fileID: String = #fileID,
  filePath: StaticString = #filePath,
  line: UInt = #line,
  column: UInt = #column
) async -> R.State where R.State: Equatable, R.Action: Equatable {
  let site = CallSite(fileID: fileID, filePath: filePath, line: line, column: column)
  let replayer = Replayer(
    recording: recording, reducer: reducer, effects: effects,
    withDependencies: updateDependencies)
  if let failure = await replayer.run() {
    reportFailure(failure, at: site)
  }
  for diagnostic in replayer.diagnostics.value {
    reportFailure("The store reported during the replay: \(diagnostic.message)", at: site)
  }
  return replayer.store.state
}

/// A replay in progress: the store, the clock, and what the store reduced.
@MainActor
private struct Replayer<
  State: Codable & Sendable & Equatable, Action: Codable & Sendable & Equatable
> {
  let recording: Recording<State, Action>
  let effects: ReplayedEffects
  let clock = ManualClock()
  let store: ReducerStore<State, Action>
  let log: ReductionLog<State, Action>
  let diagnostics = Locked<[StoreDiagnostic]>([])

  init<R: Reducer<State, Action>>(
    recording: Recording<State, Action>, reducer: R, effects: ReplayedEffects,
    withDependencies updateDependencies: (inout DependencyValues) -> Void
  ) {
    self.recording = recording
    self.effects = effects
    var dependencies = DependencyValues.test(clock: clock, reportingTo: diagnostics)
    updateDependencies(&dependencies)
    // Decoded again: a replay changes no value the recording's initial state holds by reference.
    let initialState = (try? recording.state(at: 0)) ?? recording.initialState
    let values = TestDependencies(dependencies)
    switch effects {
    case .live:
      store = ReducerStore(
        initialState: initialState, reducer: values.reducing(with: reducer), clock: clock)
    case .suppressed:
      store = ReducerStore(
        initialState: initialState,
        reducer: values.reducing(
          with: Reduce { state, action in
            _ = reducer.reduce(into: &state, action: action)
            return .none
          }), clock: clock)
    }
    store.diagnosticHandler = { [diagnostics] diagnostic in
      diagnostics.withLock { $0.append(diagnostic) }
    }
    log = ReductionLog(clock: clock)
    store.install(log)
  }

  /// Replays every step; returns the first failure's message, if any.
  func run() async -> String? {
    let start = clock.now
    for step in recording.steps {
      let index = step.number - 1
      await clock.advance(to: start.advanced(by: step.time))
      let isSent = effects == .suppressed || step.origin == .sent || step.origin == .enqueued
      if isSent {
        if log.reductions.count > index {
          return departure(
            at: step, "the replay's effects delivered an action before it was sent",
            actual: log.reductions[index])
        }
        store.send(step.action)
      }
      guard log.reductions.count > index else {
        return departure(at: step, "no effect delivered its action", actual: nil)
      }
      let actual = log.reductions[index]
      if actual.action != step.action {
        return departure(at: step, "the replay reduced another action", actual: actual)
      }
      // An effect's action in the recording came when its clock woke it, maybe a little after
      // its deadline; on the replay's manual clock it comes at the deadline: not later.
      if actual.time > step.time {
        return departure(at: step, "the replay reduced it later", actual: actual)
      }
      if let failure = checkState(actual.state, after: step) { return failure }
    }
    await clock.advance(to: start.advanced(by: recording.steps.last?.time ?? .zero))
    let extra = log.reductions.dropFirst(recording.steps.count)
    guard extra.isEmpty else {
      return "The replay departs from the recording after its last step, step "
        + "\(recording.steps.count): it reduced "
        + extra.map { "\($0.action)" }.joined(separator: ", ") + "."
    }
    return nil
  }

  /// The failure of a step whose action, or its time, is not the recorded one: `actual` is what
  /// the replay reduced in its place, nil if nothing.
  private func departure(
    at step: RecordedStep<Action>, _ reason: String,
    actual: ReductionLog<State, Action>.Reduction?
  ) -> String {
    "Step \(step.number) of the recording departs from it: \(reason):\n"
      + "  expected: \(step.action) at \(seconds(step.time))\n"
      + "    actual: "
      + (actual.map { "\($0.action) at \(seconds($0.time))" } ?? "none by \(seconds(step.time))")
  }

  /// The failure of a state right after `step` that is not the recorded one, if it is not.
  private func checkState(_ state: State, after step: RecordedStep<Action>) -> String? {
    let expected: State
    do {
      expected = try recording.state(at: step.number)
    } catch {
      return "Step \(step.number) of the recording cannot be checked: its state cannot be read "
        + "(\(error))."
    }
    guard state != expected else { return nil }
    let diff =
      MirrorFormatter().diff(from: expected, to: state)
      ?? "expected: \(expected)\n  actual: \(state)"
    return "Step \(step.number) of the recording departs from it: the state after "
      + "\(step.action) is not the recorded one (− recorded, + replayed):\n\(diff)"
  }

  /// A time in seconds, to the millisecond: "1.250 s".
  private func seconds(_ time: Duration) -> String {
    let (whole, attoseconds) = time.components
    let milliseconds = String(attoseconds / 1_000_000_000_000_000)
    return "\(whole).\(String(repeating: "0", count: 3 - milliseconds.count))\(milliseconds) s"
  }
}

/// Each action the replay's store reduces, with the time on the replay's clock and the state
/// right after it, before the actions its effect delivers.
@MainActor
private final class ReductionLog<State, Action: Sendable>: @MainActor StoreExtension {
  struct Reduction {
    let action: Action
    let time: Duration
    let state: State
  }

  nonisolated var hooks: StoreHooks { .didReduce }
  private let clock: ManualClock
  private let start: ManualClock.Instant
  private(set) var reductions: [Reduction] = []

  init(clock: ManualClock) {
    self.clock = clock
    self.start = clock.now
  }

  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    reductions.append(
      Reduction(action: action, time: start.duration(to: clock.now), state: state))
  }
}
