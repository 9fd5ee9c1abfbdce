/// A type that describes how a feature's state changes in response to its actions.
///
/// A reducer mutates the state synchronously and returns an ``Effect`` that describes any
/// asynchronous work to run next; the store runs that work and feeds the actions it produces back
/// into the reducer.
///
/// ```swift
/// struct CounterReducer: Reducer {
///   func reduce(into state: inout CounterState, action: CounterAction) -> Effect<CounterAction> {
///     switch action {
///     case .increment:
///       state.count += 1
///       return .none
///     case .load:
///       return .run { .loaded(try await api.count()) }
///     case .loaded(let count):
///       state.count = count
///       return .none
///     }
///   }
/// }
/// ```
///
/// A reducer made of other reducers declares them in its ``body-swift.property`` instead, one per
/// line, as in TCA; they run in that order:
///
/// ```swift
/// struct AppFeature: Reducer {
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: .counter) { CounterFeature() }
///     Reduce { state, action in
///       // ...
///       return .none
///     }
///   }
/// }
/// ```
///
/// A body is built again on each action, as TCA's is, so a recursive feature names itself in it:
/// `.forEach(\.rows, action: .row, element: Self())`.
///
/// `State` has no constraint: a value type (recommended: snapshots, equality and exhaustive tests
/// come for free) or an `@Observable` class (fine-grained observation) both work.
public protocol Reducer<State, Action> {
  /// The state the reducer mutates.
  associatedtype State
  /// The actions the reducer handles. Actions cross isolation domains, so they are `Sendable`.
  associatedtype Action: Sendable
  /// The reducer ``body-swift.property`` returns; `Never` for a reducer that implements
  /// ``reduce(into:action:)`` itself.
  associatedtype Body = Never

  /// Applies `action` to `state` and returns the work to run next. A reducer with a
  /// ``body-swift.property`` gets it: the body's reduction.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effect to run, or ``Effect/none`` when there is nothing to do.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, one per line, run in that order; implement it instead of
  /// ``reduce(into:action:)``.
  @ReducerBuilder<State, Action>
  var body: Body { get }
}

extension Reducer where Body == Never {
  /// None: the reducer implements ``reduce(into:action:)``. Never called.
  public var body: Never {
    fatalError("\(Self.self) has no body: it implements reduce(into:action:).")
  }
}

extension Reducer where Body: Reducer<State, Action> {
  /// Reduces with the ``body-swift.property``, built for this action.
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The body's effect.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }
}

extension Reducer {
  /// Applies `action` to `state`; the same as ``reduce(into:action:)``.
  ///
  /// This lets a parent reducer call an embedded child reducer like a function:
  ///
  /// ```swift
  /// case .todo(let childAction):
  ///   return todoReducer(into: &state.todo, action: childAction).map(AppAction.todo)
  /// ```
  ///
  /// - Parameters:
  ///   - state: The current state, mutated in place.
  ///   - action: The action to apply.
  /// - Returns: The effect to run.
  public func callAsFunction(into state: inout State, action: Action) -> Effect<Action> {
    reduce(into: &state, action: action)
  }
}

/// A reducer that is built from its dependencies (API clients, databases, clocks).
///
/// Pass the reducer built with its dependencies to the store:
///
/// ```swift
/// let store = ReducerStore(
///   initialState: TodoState(),
///   reducer: TodoReducer(dependencies: .live)
/// )
/// ```
public protocol InjectableReducer: Reducer {
  /// The values the reducer needs from the outside world.
  associatedtype Dependencies

  /// The dependencies the reducer was built with.
  var dependencies: Dependencies { get }

  /// Creates the reducer with its dependencies.
  ///
  /// - Parameter dependencies: The values the reducer uses.
  init(dependencies: Dependencies)
}
