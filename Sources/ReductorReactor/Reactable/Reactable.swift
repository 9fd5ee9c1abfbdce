public import Reductor

/// A reactor in the shape of ReactableKit and ReactorKit: an action becomes an effect of
/// mutations in ``mutate(action:)``, and ``reduce(state:mutation:)`` applies each mutation.
///
/// ```swift
/// final class CounterReactable: Reactable {
///   enum Action: Sendable { case increase, load }
///   enum Mutation: Sendable { case setCount(Int), setLoading(Bool) }
///   struct State { var count = 0, isLoading = false }
///
///   let reactorStorage = ReactorStorage()
///   let initialState = State()
///
///   func mutate(action: Action) -> Effect<Mutation> {
///     switch action {
///     case .increase:
///       .just(.setCount(currentState.count + 1))
///     case .load:
///       .run { send in
///         send(.setLoading(true))
///         try await EffectContext.clock.sleep(for: .seconds(1))
///         send(.setLoading(false))
///       } catch: { _, send in
///         send(.setLoading(false))
///       }
///     }
///   }
///
///   func reduce(state: inout State, mutation: Mutation) {
///     switch mutation {
///     case .setCount(let count): state.count = count
///     case .setLoading(let isLoading): state.isLoading = isLoading
///     }
///   }
/// }
/// ```
///
/// The state lives in a `ReducerStore` that the reactable's first use makes, on ``clock``:
/// ``action(_:)`` sends to it, ``mutate(action:)`` runs right after the action's turn in the
/// store comes, outside the reduction (so it reads ``currentState``, which its predecessors
/// have finished changing), and the effect it returns runs on the store's effect runtime. A
/// mutation the effect delivers at once (`.just`, or the leading `.just`s of a `.concat`) is
/// reduced before `action(_:)` returns.
///
/// The reactable owns its store, through ``reactorStorage``, and is not kept alive by it.
/// Releasing the reactable releases the store, which cancels its effects at once, the
/// `transformAction()` stream included.
@MainActor
public protocol Reactable: AnyObject, SendableMetatype {
  /// What the view sends.
  associatedtype Action: Sendable
  /// What ``mutate(action:)``'s effects deliver to ``reduce(state:mutation:)``.
  associatedtype Mutation: Sendable
  /// The state: a struct, or an `@Observable` class for fine-grained observation.
  associatedtype State

  /// The state the reactable starts with; read once, at its first use.
  var initialState: State { get }

  /// Where the library keeps the reactable's store: declare it as a stored property of the class,
  /// `let reactorStorage = ReactorStorage()`. The reactable owns its store through it, so
  /// releasing the reactable ends its work at once.
  var reactorStorage: ReactorStorage { get }

  /// The clock of the reactable's effects; a `ContinuousClock` unless the reactable provides one.
  ///
  /// Tests pass a `ManualClock`: declare the property as `let clock: any Clock<Duration>`.
  var clock: any Clock<Duration> { get }

  /// Makes the effect whose mutations carry out `action`.
  ///
  /// Called on the main actor when the action's turn comes, after the actions sent before it
  /// were reduced and their `mutate` was called: ``currentState`` is the state they left.
  ///
  /// - Parameter action: The action to carry out.
  /// - Returns: The mutations, delivered at once (`.just`) or by asynchronous work (`.run`).
  func mutate(action: Action) -> Effect<Mutation>

  /// Applies a mutation to the state.
  ///
  /// Read and change the `state` parameter here, not ``currentState``, which is being changed.
  ///
  /// - Parameters:
  ///   - state: The state, changed in place.
  ///   - mutation: The mutation to apply.
  func reduce(state: inout State, mutation: Mutation)

  /// The actions that outside events become, such as a timer's ticks or a child's events;
  /// ``initialize()`` starts it once. No actions by default.
  ///
  /// ```swift
  /// func transformAction() -> Effect<Action> {
  ///   .stream { EffectContext.ticks(every: .seconds(5)).map { _ in .autoIncrease } }
  /// }
  /// ```
  func transformAction() -> Effect<Action>

  /// The mutations that outside events become, merged into those of `mutate(action:)`:
  /// ReactorKit's `transform(mutation:)` as it is used, to merge a global event stream into the
  /// mutations. ``initialize()`` starts it once, with ``transformAction()``. None by default.
  ///
  /// ```swift
  /// func transformMutation() -> Effect<Mutation> {
  ///   .stream { session.logins.map { .setUser($0) } }
  /// }
  /// ```
  func transformMutation() -> Effect<Mutation>

  /// How the reactable's store is instrumented: the stages of its actions timed, slow ones
  /// reported, its targets' events emitted; `nil` by default, which leaves it to the global
  /// switch (`Instrumentation.enabledByDefault`, `Instrumentation.filter`).
  ///
  /// ```swift
  /// var instrumentation: Instrumentation.Options<Action>? { .default }
  /// ```
  ///
  /// Read once, at the reactable's first use. The stages: `queue` and `mutate` for each action,
  /// `reduce` for each mutation (named after the mutation, in the cycle of the action whose
  /// effect delivered it), and `effect` for the effect `mutate` returned, the reduction of its
  /// mutations included.
  var instrumentation: Instrumentation.Options<Action>? { get }
}

extension Reactable {
  /// No mutations from outside.
  public func transformMutation() -> Effect<Mutation> {
    .none
  }

  /// No actions.
  public func transformAction() -> Effect<Action> {
    .none
  }

  /// A `ContinuousClock`.
  public var clock: any Clock<Duration> {
    ContinuousClock()
  }

  /// `nil`: the global switch decides.
  public var instrumentation: Instrumentation.Options<Action>? {
    nil
  }
}

extension Reactable where Action == Mutation {
  /// Each action is its own mutation, as ReactorKit's default `mutate(action:)` for a reactor
  /// whose `Action` and `Mutation` are one type.
  ///
  /// - Parameter action: The action.
  /// - Returns: The action, as the mutation.
  public func mutate(action: Action) -> Effect<Mutation> {
    .send(action)
  }
}

extension Reactable where Mutation == Never {
  /// Nothing to apply: a reactable without mutations (ReactorKit's `NoMutation`) never calls it.
  public func reduce(state: inout State, mutation: Never) {}
}

extension Reactable where Action == Never {
  /// Nothing to mutate: a reactable without actions (ReactorKit's `NoAction`) gets its mutations
  /// from ``transformMutation()``.
  public func mutate(action: Never) -> Effect<Mutation> {}
}
