package import ReductorRecording

/// A recording as the inspector reads it: the header's initial state, the steps, the snapshots,
/// the ends of effects and the stage durations, with what could not be read.
///
/// It is read from the JSON lines alone (``init(parsing:)``), knowing nothing of the app's types.
/// Steps keep the order of the file; step 0 is the initial state and has no ``Step``.
package struct Recording: Equatable, Sendable {
  /// A snapshot follows every step whose number is a multiple of it.
  package var snapshotInterval: Int
  /// The header's time: when the recording began, in nanoseconds on the store's clock.
  package var startTime: Int
  /// The state when the recording began (step 0).
  package var initialState: JSONValue
  /// The steps, in the order the store reduced them.
  package var steps: [Step] = []
  /// The whole state after a step, by step number.
  package var snapshots: [Int: JSONValue] = [:]
  /// The end of the effect a step's reduction returned, by that step's number.
  package var effectEnds: [Int: EffectEnd] = [:]
  /// How long each instrumentation stage took for a step, in nanoseconds, by step number.
  package var stages: [Int: [String: Int]] = [:]
  /// The first line that could not be read; reading stopped there.
  package var badLine: LineProblem?
  /// The number of lines after ``badLine`` that were not read.
  package var linesAfterBadLine = 0
  /// The number of the last line when it had no newline and did not parse, so was ignored.
  package var incompleteLastLine: Int?
  /// The numbers of the lines of a kind the inspector does not know, which were skipped.
  package var skippedLines: [Int] = []

  /// Who sent a step's action.
  package enum Origin: String, CaseIterable, Sendable, Encodable {
    /// Sent by the program on the main actor.
    case sent
    /// Delivered by an effect.
    case effect
    /// Enqueued from another thread.
    case enqueued
  }

  /// One reduced action and how it changed the state.
  package struct Step: Equatable, Sendable {
    /// Its number, from 1.
    package var number: Int
    /// When it was reduced, in nanoseconds since the recording began.
    package var time: Int
    /// Who sent its action.
    package var origin: Origin
    /// For an effect's action, the step whose reduction returned that effect.
    package var cause: Int?
    /// The action, as the app encoded it.
    package var action: JSONValue
    /// How the state after this step differs from the state before it, in order.
    package var changes: [Change]
    /// Whether its reduction returned an effect that did work.
    package var startsEffect: Bool
  }

  /// One change of the state: the value at `path` is now `value`, or the key at `path` is
  /// gone when `value` is nil.
  package struct Change: Equatable, Sendable {
    /// Object keys (strings) and array indices (integers) from the root; empty for the whole
    /// state.
    package var path: [JSONValue]
    /// The new value, or nil when the key was removed.
    package var value: JSONValue?

    /// A change of the value at `path` to `value`, or the removal of its key when nil.
    package init(path: [JSONValue], value: JSONValue?) {
      self.path = path
      self.value = value
    }
  }

  /// The end of an effect's work.
  package struct EffectEnd: Equatable, Sendable {
    /// When it ended, in nanoseconds since the recording began.
    package var time: Int
    /// Whether any of its work was cancelled.
    package var cancelled: Bool

    /// An end at `time`, cancelled or not.
    package init(time: Int, cancelled: Bool) {
      self.time = time
      self.cancelled = cancelled
    }
  }

  /// A line that could not be read, and why.
  package struct LineProblem: Equatable, Sendable {
    /// Its number, from 1.
    package var line: Int
    /// Why it could not be read, e.g. `not valid JSON`.
    package var reason: String

    /// The problem of line `line`.
    package init(line: Int, reason: String) {
      self.line = line
      self.reason = reason
    }
  }

  /// An effect a step started: from the step's time to its end, or still running when the
  /// recording ended.
  package struct EffectSpan: Equatable, Sendable {
    /// The step whose reduction returned the effect.
    package var step: Step
    /// Its end, or nil when it was still running when the recording ended.
    package var end: EffectEnd?
  }

  /// The time of the last step or effect end, in nanoseconds since the recording began.
  package var endTime: Int {
    let times = steps.map(\.time) + effectEnds.values.map(\.time)
    return max(times.max() ?? startTime, startTime)
  }

  /// How long the recording lasted, in nanoseconds.
  package var duration: Int { endTime - startTime }

  /// How many steps came from each origin.
  package var originCounts: [Origin: Int] {
    Dictionary(grouping: steps, by: \.origin).mapValues(\.count)
  }

  /// The effects the steps started, in the order of the steps.
  package var effects: [EffectSpan] {
    steps.filter(\.startsEffect).map { EffectSpan(step: $0, end: effectEnds[$0.number]) }
  }
}
