/// What ``ReducerStore/logging(_:name:to:formatState:)`` logs.
///
/// ```swift
/// store.logging()                  // actions and states (.all)
/// store.logging(.action)           // actions only
/// store.logging([.action, .diff])  // actions, then only the fields each one changed
/// store.logging([])                // off
/// ```
///
/// `LogOptions` is `Sendable`.
public struct LogOptions: OptionSet, Sendable, Hashable {
  /// The bits of the options.
  public let rawValue: Int

  /// Creates options from their bits.
  ///
  /// - Parameter rawValue: The bits of the options.
  public init(rawValue: Int) {
    self.rawValue = rawValue
  }

  /// Logs each action right before the reducer runs it: `[Name][Action] increment`.
  ///
  /// Actions from effects and actions sent to scoped stores (as the root action they map to)
  /// are included.
  public static let action = LogOptions(rawValue: 1 << 0)

  /// Logs the whole state once when logging is configured, then after every action, changed or
  /// not: `[Name][State] CounterState` and its lines.
  public static let state = LogOptions(rawValue: 1 << 1)

  /// Logs the whole state once when logging is configured, then after every action only the
  /// fields whose value changed, as ``MirrorFormatter/diff(from:to:)`` lays them out under a
  /// `[Name][Diff]` line, or `[Name][Diff] no changes`.
  ///
  /// Meant for large states, where a full dump after every action is noise. The whole state is
  /// compared, past the limits that bound what an entry prints, so a change that a `.state`
  /// entry would cut is still listed by its path. It is not part of ``all``.
  public static let diff = LogOptions(rawValue: 1 << 2)

  /// Actions and states: `[.action, .state]`.
  public static let all: LogOptions = [.action, .state]
}
