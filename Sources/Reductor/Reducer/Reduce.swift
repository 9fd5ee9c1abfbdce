/// A reducer made of a closure: TCA's `Reduce`, for a feature whose reduction needs no type of
/// its own, or for code that builds a reducer at run time.
///
/// ```swift
/// let store = ReducerStore(
///   initialState: 0,
///   reducer: Reduce { (count: inout Int, action: CounterAction) in
///     switch action {
///     case .increment: count += 1
///     case .decrement: count -= 1
///     }
///     return .none
///   })
/// ```
public struct Reduce<State, Action: Sendable>: Reducer {
  @usableFromInline let reduce: (inout State, Action) -> Effect<Action>

  /// Creates a reducer that reduces with `reduce`.
  ///
  /// - Parameter reduce: Applies an action to the state and returns the work to run next.
  @inlinable
  public init(_ reduce: @escaping (inout State, Action) -> Effect<Action>) {
    self.reduce = reduce
  }

  /// Calls the closure.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effect the closure returned.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reduce(&state, action)
  }
}

/// Holds a closure that need not be `Sendable`; a reducer runs on its store's actor.
@available(*, unavailable)
extension Reduce: Sendable {}
