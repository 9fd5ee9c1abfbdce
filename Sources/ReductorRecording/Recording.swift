public import Foundation
public import Reductor

/// A recorded session of a store: the state when the recording began, every action the store
/// reduced since (its ``steps``), and the work of their effects; read from the JSON lines a
/// ``SessionRecorder`` wrote, or from the recorder itself.
///
/// ```swift
/// let recording = try Recording<CounterState, CounterAction>(contentsOf: url)
/// let state = try recording.state(at: 42)
/// ```
///
/// A recording rebuilds the state at any step from the nearest snapshot before it
/// (``state(at:)``), recomputes the states without a step (``skipping(_:reducer:)``), and
/// writes itself out again (``jsonLines()``). Reading a file that was cut short or edited keeps
/// everything before the problem and says where it is (``issues``).
public struct Recording<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
  /// The state when the recording began: the state at step 0.
  ///
  /// A value it holds by reference (a `@Shared` field) is the same in every copy of it: a store
  /// that should not change this one starts from ``state(at:)`` 0, decoded afresh.
  public let initialState: State
  /// A snapshot of the whole state follows every step whose number is a multiple of it.
  public let snapshotInterval: Int
  /// The actions the store reduced, in order; the step numbered `n` is `steps[n - 1]`.
  public let steps: [RecordedStep<Action>]
  /// The effects of the recorded steps, in the order of the steps that returned them: one for
  /// each step whose reduction returned an effect other than `Effect.none` — a `.send` and a
  /// `.cancel` too, as the store tells its extensions that an effect started, not what it does.
  public let effects: [RecordedEffect]
  /// The problems reading found: a last line cut short (ignored), or a line that does not
  /// decode (reading stopped before it). Empty for a whole recording.
  public let issues: [RecordingIssue]

  /// The initial state as JSON, which the changes of the steps apply to.
  let initialTree: JSONValue
  /// The snapshots, by the step they follow.
  package let snapshots: [Int: JSONValue]
  /// Where the lines of the effects' starts and ends and of stage durations came, in order.
  let placedLines: [PlacedLine]

  init(
    initialTree: JSONValue, snapshotInterval: Int, steps: [RecordedStep<Action>],
    effects: [RecordedEffect], snapshots: [Int: JSONValue], placedLines: [PlacedLine],
    issues: [RecordingIssue]
  ) throws {
    self.initialState = try RecordingCoding.value(State.self, from: initialTree)
    self.initialTree = initialTree
    self.snapshotInterval = snapshotInterval
    self.steps = steps
    self.effects = effects
    self.snapshots = snapshots
    self.placedLines = placedLines
    self.issues = issues
  }

  /// Reads a recording from a file of JSON lines.
  ///
  /// - Parameter url: The file.
  /// - Throws: The error reading the file, or ``RecordingError/notARecording(_:)`` when its first
  ///   line is not a recording's header, or the file is empty. A later line that does not decode
  ///   is not thrown: the recording ends before it, and ``issues`` names it.
  public init(contentsOf url: URL) throws {
    try self.init(jsonLines: Data(contentsOf: url))
  }

  /// Reads a recording from JSON lines.
  ///
  /// - Parameter data: The lines, in the format of the article "The recording format".
  /// - Throws: ``RecordingError/notARecording(_:)`` when the first line is not a recording's
  ///   header, or `data` is empty. A later line that does not decode is not thrown: the
  ///   recording ends before it, and ``issues`` names it.
  public init(jsonLines data: Data) throws {
    self = try Self.readWithSkippedLines(jsonLines: data).recording
  }

  /// The state after step `step`, rebuilt from the nearest snapshot at or before it and the
  /// changes of the steps after that snapshot; step 0 is ``initialState``.
  ///
  /// - Parameter step: A step's number, from 0 to the number of steps.
  /// - Returns: The state.
  /// - Throws: ``RecordingError/noSuchStep(_:)``, or ``RecordingError/stateDoesNotDecode(step:error:)``
  ///   when the rebuilt state does not decode (a recording of another version of the state).
  public func state(at step: Int) throws -> State {
    try state(from: tree(at: step), at: step)
  }

  /// The state `tree` encodes, the state after `step`.
  private func state(from tree: JSONValue, at step: Int) throws -> State {
    do {
      return try RecordingCoding.value(State.self, from: tree)
    } catch {
      throw RecordingError.stateDoesNotDecode(step: step, error: "\(error)")
    }
  }

  /// The state after `step` as JSON.
  func tree(at step: Int) throws -> JSONValue {
    guard (0...steps.count).contains(step) else { throw RecordingError.noSuchStep(step) }
    var snapshotStep = step - step % snapshotInterval
    while snapshotStep > 0, snapshots[snapshotStep] == nil { snapshotStep -= snapshotInterval }
    var tree = snapshotStep > 0 ? snapshots[snapshotStep] ?? initialTree : initialTree
    for recorded in steps[snapshotStep..<step] {
      do {
        try tree.apply(recorded.changes)
      } catch {
        throw RecordingError.stateDoesNotDecode(step: recorded.number, error: "\(error)")
      }
    }
    return tree
  }

  /// The recording without step `step`: the states after it are recomputed by reducing the
  /// steps that follow, in order, from the state before it, and the later steps are numbered
  /// one lower. Redux DevTools' "skip".
  ///
  /// The effects the reducer returns are not run: an action an effect delivered in the
  /// recording stays a step of its own, as it was recorded (one whose cause was the skipped
  /// step keeps its place, with no cause). The reducer runs with the dependencies in force.
  ///
  /// ```swift
  /// let withoutTheTypo = try recording.skipping(12, reducer: Editor())
  /// let text = try withoutTheTypo.state(at: withoutTheTypo.steps.count).text
  /// ```
  ///
  /// - Parameters:
  ///   - step: The number of the step to leave out, from 1.
  ///   - reducer: The reducer of the recorded store.
  /// - Returns: The recording without the step.
  /// - Throws: ``RecordingError/noSuchStep(_:)``, or an error rebuilding or encoding a state.
  public func skipping(
    _ step: Int, reducer: some Reducer<State, Action>
  ) throws -> Recording {
    guard (1...steps.count).contains(step) else { throw RecordingError.noSuchStep(step) }
    let encoder = RecordingCoding.makeEncoder()
    var tree = try tree(at: step - 1)
    var state = try state(from: tree, at: step - 1)
    var newSteps = Array(steps[..<(step - 1)])
    var newSnapshots = snapshots.filter { $0.key < step }
    func renumbered(_ number: Int) -> Int? {
      number < step ? number : number == step ? nil : number - 1
    }
    for recorded in steps[step...] {
      _ = reducer.reduce(into: &state, action: recorded.action)
      let newTree = try RecordingCoding.tree(of: state, encoder: encoder)
      let number = recorded.number - 1
      newSteps.append(
        recorded.renumbered(as: number, changes: tree.changes(to: newTree), by: renumbered))
      if number % snapshotInterval == 0 { newSnapshots[number] = newTree }
      tree = newTree
    }
    return try Recording(
      initialTree: initialTree, snapshotInterval: snapshotInterval, steps: newSteps,
      effects: effects(renumberedBy: renumbered), snapshots: newSnapshots,
      // A line that came after the skipped step's lines comes after the step before it.
      placedLines: placedLines(renumberedBy: renumbered) { $0 < step ? $0 : $0 - 1 },
      issues: issues)
  }

  /// The effects of the steps that `renumbered` keeps, with their steps' new numbers.
  func effects(renumberedBy renumbered: (Int) -> Int?) -> [RecordedEffect] {
    effects.compactMap { effect in
      renumbered(effect.step).map { number in
        var effect = effect
        effect.step = number
        return effect
      }
    }
  }

  /// The placed lines of the steps that `renumbered` keeps, with their steps' new numbers, each
  /// after the step `position` gives for the step it came after.
  func placedLines(
    renumberedBy renumbered: (Int) -> Int?, position: (Int) -> Int
  ) -> [PlacedLine] {
    placedLines.compactMap { line in
      renumbered(line.step).map {
        PlacedLine(kind: line.kind, step: $0, after: position(line.after))
      }
    }
  }

  /// The recording as JSON lines, in the format of the article "The recording format": to
  /// export it, or keep a part of it.
  ///
  /// - Returns: The lines.
  /// - Throws: An error encoding an action.
  public func jsonLines() throws -> Data {
    let encoder = RecordingCoding.makeEncoder()
    var data = HeaderLine(snapshotInterval: snapshotInterval, state: initialTree).data
    let effectsByStep = Dictionary(uniqueKeysWithValues: effects.map { ($0.step, $0) })
    let linesAfterStep = Dictionary(grouping: placedLines, by: \.after)
    for recorded in steps {
      let (origin, cause) = recorded.origin.line
      data.append(
        StepLine(
          step: recorded.number, time: recorded.time.recordedNanoseconds, origin: origin,
          cause: cause, action: try RecordingCoding.tree(of: recorded.action, encoder: encoder),
          changes: recorded.changes
        ).data)
      if let snapshot = snapshots[recorded.number] {
        data.append(SnapshotLine(snapshot: recorded.number, state: snapshot).data)
      }
      for line in linesAfterStep[recorded.number] ?? [] {
        switch line.kind {
        case .effectStarted:
          data.append(EffectStartedLine(effectStarted: line.step).data)
        case .effectEnded:
          guard let effect = effectsByStep[line.step], let endTime = effect.endTime else {
            continue
          }
          data.append(
            EffectEndedLine(
              effectEnded: line.step, time: endTime.recordedNanoseconds,
              cancelled: effect.wasCancelled
            ).data)
        case .stages:
          data.append(StagesLine(of: steps[line.step - 1]).data)
        }
      }
    }
    return data
  }

  /// Writes the recording to a file as JSON lines (``jsonLines()``), replacing it.
  ///
  /// - Parameter url: The file.
  /// - Throws: An error encoding an action or writing the file.
  public func write(to url: URL) throws {
    try jsonLines().write(to: url, options: .atomic)
  }
}

extension Recording: Equatable where Action: Equatable {
  /// Whether two recordings are the same: the same initial state, snapshot interval, steps,
  /// effects and snapshots, their lines in the same order (``jsonLines()`` writes the same
  /// bytes), and the same ``issues``.
  ///
  /// The states are compared as recorded, as JSON, to the last digit of every number: `State`
  /// need not be `Equatable`. A recording read back from its ``jsonLines()`` equals it, unless
  /// reading it found issues, which the lines do not hold.
  ///
  /// - Parameters:
  ///   - lhs: A recording.
  ///   - rhs: Another recording.
  /// - Returns: Whether they are the same.
  public static func == (lhs: Recording, rhs: Recording) -> Bool {
    lhs.initialTree == rhs.initialTree && lhs.snapshotInterval == rhs.snapshotInterval
      && lhs.steps == rhs.steps && lhs.effects == rhs.effects && lhs.snapshots == rhs.snapshots
      && lhs.placedLines == rhs.placedLines && lhs.issues == rhs.issues
  }
}
