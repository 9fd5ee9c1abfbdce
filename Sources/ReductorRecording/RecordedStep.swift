/// One action a recorded store reduced: a step of a ``Recording``.
public struct RecordedStep<Action: Sendable>: Sendable {
  /// Its number in the recording, from 1.
  public let number: Int
  /// When it was reduced: the time on the store's clock since the recording began.
  public let time: Duration
  /// How the action reached the store.
  public let origin: RecordedOrigin
  /// The action.
  public let action: Action
  /// How the state after the step differs from the state before it.
  package let changes: [JSONChange]
  /// How long each of the store's instrumentation stages took for this step, by the stage's
  /// name (`queue`, `mutate`, `reduce`, `effect`); empty when the recording has no stage
  /// durations for it.
  public internal(set) var stageDurations: [String: Duration] = [:]

  /// This step as step `number` of a recording whose steps were renumbered by `newNumber` (nil
  /// for a step that is not in it), with `changes` against its new previous state.
  func renumbered(
    as number: Int, changes: [JSONChange], by newNumber: (Int) -> Int?
  ) -> RecordedStep {
    var origin = origin
    if case .effect(let cause?) = origin { origin = .effect(cause: newNumber(cause)) }
    return RecordedStep(
      number: number, time: time, origin: origin, action: action, changes: changes,
      stageDurations: stageDurations)
  }
}

/// Two steps are equal when their numbers, times, origins, actions, changes of the state and
/// stage durations are.
extension RecordedStep: Equatable where Action: Equatable {}

/// How a recorded action reached the store.
public enum RecordedOrigin: Sendable, Hashable {
  /// Sent by the program on the main actor.
  case sent
  /// Delivered by an effect that the reduction of step `cause` returned; `cause` is nil when
  /// that step was reduced before the recording began.
  case effect(cause: Int?)
  /// Enqueued from another thread.
  case enqueued
}

/// The work of an effect of a recorded session: of any effect other than `Effect.none` that a
/// step's reduction returned.
public struct RecordedEffect: Sendable, Hashable {
  /// The step whose reduction returned the effect; the effect started then.
  public internal(set) var step: Int
  /// When the effect's work finished and the actions it delivered had been reduced; nil when it
  /// was still running as the recording ended.
  public internal(set) var endTime: Duration?
  /// Whether any of its work was cancelled; false while it runs.
  public internal(set) var wasCancelled: Bool
}

/// A problem found while reading a recording; the steps before it were read.
public struct RecordingIssue: Sendable, Hashable, CustomStringConvertible {
  /// What the problem is.
  public enum Kind: Sendable, Hashable {
    /// The last line has no newline and does not decode: the process that wrote it stopped
    /// mid-write. It was ignored.
    case incompleteLastLine
    /// The line does not decode: it was edited, or another version of the app wrote it (the
    /// associated text is the decoding error). Reading stopped before it.
    case undecodableLine(String)
  }

  /// The number of the line in the file, from 1.
  public let line: Int
  /// What the problem is.
  public let kind: Kind

  /// Creates an issue, as reading does: for comparing with a recording's ``Recording/issues``.
  ///
  /// - Parameters:
  ///   - line: The number of the line, from 1.
  ///   - kind: What the problem is.
  public init(line: Int, kind: Kind) {
    self.line = line
    self.kind = kind
  }

  /// A sentence naming the line and the problem.
  public var description: String {
    switch kind {
    case .incompleteLastLine:
      "line \(line) is incomplete (the writer stopped mid-write); it was ignored"
    case .undecodableLine(let error):
      "line \(line) does not decode (\(error)); the recording ends before it"
    }
  }
}

/// Why a recording cannot be read, or a step rebuilt.
public enum RecordingError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The first line is not the header of a recording this version can read.
  case notARecording(String)
  /// There is no step with this number.
  case noSuchStep(Int)
  /// A state rebuilt from the recording does not decode, or does not fit a step's changes.
  case stateDoesNotDecode(step: Int, error: String)

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .notARecording(let reason): "not a recording: \(reason)"
    case .noSuchStep(let step): "the recording has no step \(step)"
    case .stateDoesNotDecode(let step, let error):
      "the state at step \(step) cannot be rebuilt: \(error)"
    }
  }
}
