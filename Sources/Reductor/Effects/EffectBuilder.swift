/// Builds a list of effects from a block, for the composing functions `concat`, `merge`,
/// `throttle` and `debounce`. `if`, `switch` and `for` work inside the block.
///
/// ```swift
/// return .concat {
///   Effect.send(.started)
///   Effect.run { .loaded(try await api.load()) }
///   if state.isTracking { Effect.run { .tracked(await analytics.log("load")) } }
/// }
/// ```
@resultBuilder
public enum EffectBuilder<Action: Sendable>: Sendable {
  /// Wraps one effect.
  ///
  /// - Parameter effect: An effect written in the block.
  /// - Returns: The effect as a list.
  public static func buildExpression(_ effect: Effect<Action>) -> [Effect<Action>] {
    [effect]
  }

  /// Joins the lines of a block, in order.
  ///
  /// - Parameter parts: The effects of each line.
  /// - Returns: All effects, in order.
  public static func buildBlock(_ parts: [Effect<Action>]...) -> [Effect<Action>] {
    parts.flatMap { $0 }
  }

  /// Supports `if` without `else`.
  ///
  /// - Parameter part: The effects of the branch, if it ran.
  /// - Returns: The effects, or none.
  public static func buildOptional(_ part: [Effect<Action>]?) -> [Effect<Action>] {
    part ?? []
  }

  /// Supports the first branch of `if`/`else` and `switch`.
  ///
  /// - Parameter part: The effects of the branch.
  /// - Returns: The same effects.
  public static func buildEither(first part: [Effect<Action>]) -> [Effect<Action>] {
    part
  }

  /// Supports the second branch of `if`/`else` and `switch`.
  ///
  /// - Parameter part: The effects of the branch.
  /// - Returns: The same effects.
  public static func buildEither(second part: [Effect<Action>]) -> [Effect<Action>] {
    part
  }

  /// Supports `for` loops.
  ///
  /// - Parameter parts: The effects of each iteration.
  /// - Returns: All effects, in order.
  public static func buildArray(_ parts: [[Effect<Action>]]) -> [Effect<Action>] {
    parts.flatMap { $0 }
  }
}
