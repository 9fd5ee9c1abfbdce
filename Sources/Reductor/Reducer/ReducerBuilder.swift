/// Builds a reducer from reducers listed one per line, which run in that order on each action:
/// the builder of a reducer's ``Reducer/body-swift.property``, of ``CombineReducers`` and of
/// ``Scope``'s child.
///
/// ```swift
/// var body: some Reducer<State, Action> {
///   Scope(state: \.counter, action: .counter) { CounterFeature() }
///   Reduce { state, action in
///     // ...
///     return .none
///   }
/// }
/// ```
///
/// An empty body is ``EmptyReducer``. There are no `if` or `switch` statements in a body: a
/// reducer that depends on the state decides in its own reduction.
@resultBuilder
public enum ReducerBuilder<State, Action: Sendable>: Sendable {
  /// A reducer of the body.
  @inlinable
  public static func buildExpression<R: Reducer<State, Action>>(_ reducer: R) -> R {
    reducer
  }

  /// An empty body: a reducer that changes nothing.
  @inlinable
  public static func buildBlock() -> EmptyReducer<State, Action> {
    EmptyReducer()
  }

  /// The first reducer of a body.
  @inlinable
  public static func buildPartialBlock<R: Reducer<State, Action>>(first: R) -> R {
    first
  }

  /// The reducers so far, followed by the next one.
  @inlinable
  public static func buildPartialBlock<
    First: Reducer<State, Action>, Second: Reducer<State, Action>
  >(accumulated: First, next: Second) -> CombinedReducer<First, Second> {
    CombinedReducer(first: accumulated, second: next)
  }
}

/// Two reducers run one after the other on each action, their effects merged: what a
/// ``ReducerBuilder`` makes of two lines.
public struct CombinedReducer<First: Reducer, Second: Reducer<First.State, First.Action>>: Reducer {
  @usableFromInline let first: First
  @usableFromInline let second: Second

  @inlinable
  init(first: First, second: Second) {
    self.first = first
    self.second = second
  }

  /// Runs the first reducer, then the second on the state the first left, and merges their
  /// effects.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: Both reducers' effects, merged.
  @inlinable
  public func reduce(into state: inout First.State, action: First.Action) -> Effect<First.Action> {
    let firstEffect = first.reduce(into: &state, action: action)
    return .combining(firstEffect, second.reduce(into: &state, action: action))
  }
}

/// Reducers listed one per line, run in that order on each action, their effects merged: TCA's
/// `CombineReducers`, for a group of reducers inside a body, or as a reducer of its own.
///
/// ```swift
/// let reducer = CombineReducers {
///   Scope(state: \.first, action: .first) { CounterFeature() }
///   Scope(state: \.second, action: .second) { CounterFeature() }
/// }
/// ```
public struct CombineReducers<State, Action: Sendable, Reducers: Reducer<State, Action>>: Reducer {
  @usableFromInline let reducers: Reducers

  /// Combines the reducers `build` lists.
  ///
  /// - Parameter build: The reducers, one per line.
  @inlinable
  public init(@ReducerBuilder<State, Action> _ build: () -> Reducers) {
    reducers = build()
  }

  /// Runs the reducers in order.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: Their effects, merged.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    reducers.reduce(into: &state, action: action)
  }
}

/// A reducer that changes nothing and starts nothing: an empty body, or a placeholder.
public struct EmptyReducer<State, Action: Sendable>: Reducer, Sendable {
  /// Creates the reducer.
  @inlinable
  public init() {}

  /// Changes nothing.
  ///
  /// - Parameters:
  ///   - state: The current state, left as it is.
  ///   - action: The action, ignored.
  /// - Returns: ``Effect/none``.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    .none
  }
}

/// Holds reducers that need not be `Sendable`; a reducer runs on its store's actor.
@available(*, unavailable)
extension CombinedReducer: Sendable {}

@available(*, unavailable)
extension CombineReducers: Sendable {}
