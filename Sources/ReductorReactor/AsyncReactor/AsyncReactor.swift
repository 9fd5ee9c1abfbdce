public import Reductor

/// A reactor in the shape of AsyncReactorKit: ``reduce(_:)`` does an input's work and returns a
/// mutation, ``mutate(_:mutation:)`` makes the next state from it.
///
/// ```swift
/// final class CounterReactor: AsyncReactor {
///   enum Input: Sendable { case increment, reset }
///   enum Mutation: Sendable { case setCount(Int) }
///   struct State: Sendable {
///     @Pulse var message: String?
///     var count = 0
///   }
///
///   let reactorStorage = ReactorStorage()
///
///   nonisolated func initialState() -> State { State() }
///
///   func reduce(_ input: Input) async -> Mutation {
///     switch input {
///     case .increment: .setCount(currentState.count + 1)
///     case .reset: .setCount(0)
///     }
///   }
///
///   func mutate(_ state: State, mutation: Mutation) async -> State {
///     var state = state
///     switch mutation {
///     case .setCount(let count):
///       state.count = count
///       state.message = "Count updated to \(count)"
///     }
///     return state
///   }
/// }
/// ```
///
/// Inputs are processed one at a time, in the order they were sent: an input's `reduce` starts
/// once its predecessor's state has been stored, so it reads that state in ``currentState``.
/// Two increments sent without waiting count to 2. (AsyncReactorKit processes inputs
/// concurrently, and the second increment may read the state the first has not changed yet.)
///
/// The state lives in a `ReducerStore` that the reactor's first use makes, on ``clock``; each
/// input's work is an effect of that store. The reactor owns the store, through
/// ``reactorStorage``: releasing the reactor cancels the work of its inputs at once. Views adopt
/// ``AsyncReactorView``.
@MainActor
public protocol AsyncReactor: AnyObject, SendableMetatype {
  /// What views send.
  associatedtype Input: Sendable
  /// What ``reduce(_:)`` returns to ``mutate(_:mutation:)``.
  associatedtype Mutation: Sendable
  /// The state.
  associatedtype State: Sendable

  /// Makes the state the reactor starts with; called once, at its first use.
  nonisolated func initialState() -> State

  /// Where the library keeps the reactor's store: declare it as a stored property of the class,
  /// `let reactorStorage = ReactorStorage()`. The reactor owns its store through it, so
  /// releasing the reactor ends its work at once.
  var reactorStorage: ReactorStorage { get }

  /// Does the work of `input`, and returns the mutation that records its outcome.
  ///
  /// Inputs are processed one at a time: a `reduce` that waits for another input of the same
  /// reactor to be processed (its task's `finish()`) waits forever. Send it, and let the next
  /// input carry on.
  ///
  /// - Parameter input: The input.
  /// - Returns: The mutation for ``mutate(_:mutation:)``.
  func reduce(_ input: Input) async -> Mutation

  /// Makes the next state from `state` and `mutation`.
  ///
  /// - Parameters:
  ///   - state: The current state.
  ///   - mutation: The mutation ``reduce(_:)`` returned.
  /// - Returns: The next state.
  func mutate(_ state: State, mutation: Mutation) async -> State

  /// The clock of the reactor's work (`EffectContext.clock` in ``reduce(_:)``); a
  /// `ContinuousClock` unless the reactor provides one.
  var clock: any Clock<Duration> { get }

  /// How the reactor's store is instrumented; `nil` by default, which leaves it to the global
  /// switch (`Instrumentation.enabledByDefault`, `Instrumentation.filter`).
  ///
  /// Read once, at the reactor's first use. Each input has the `queue` stage, until its turn's
  /// effect starts, and the `effect` stage: its wait for the inputs before it, its `reduce`
  /// and `mutate`, and the storing of its state.
  var instrumentation: Instrumentation.Options<Input>? { get }
}

extension AsyncReactor {
  /// A `ContinuousClock`.
  public var clock: any Clock<Duration> {
    ContinuousClock()
  }

  /// `nil`: the global switch decides.
  public var instrumentation: Instrumentation.Options<Input>? {
    nil
  }

  /// The current state: the one the last processed input left.
  public var currentState: State {
    asyncReactorRuntime.state
  }

  /// Sends an input, processed after the inputs sent before it.
  ///
  /// - Parameter input: The input.
  /// - Returns: A handle on the input's processing: `finish()` returns once its state has been
  ///   stored.
  @discardableResult
  public func send(_ input: Input) -> StoreTask {
    asyncReactorRuntime.send(.input(input), from: self)
  }

  /// The reactor's state and inputs as a `Store`, for what stores offer: `observe(_:_:)`,
  /// `observe(pulse:_:)` and `pulses(of:)` for `@Pulse` fields (AsyncReactorKit's
  /// `state.$field.updated { }`), `states`, and `enqueue(_:)` from other threads.
  ///
  /// ```swift
  /// let messages = reactor.store.observe(pulse: \.$message) { message in print(message ?? "") }
  /// ```
  ///
  /// Its `states` yield the current state, then each state an input's processing stored; an
  /// input's own turn yields nothing.
  ///
  /// Sending an input to it is sending it to the reactor.
  public var store: any Store<State, Input> {
    asyncReactorRuntime.storeOfActions
  }

  /// Receives what the reactor's store reports about problems that did not stop it, such as an
  /// input sent to its `store` after the reactor was released; standard error by default.
  ///
  /// Called on the thread of the work that found the problem, so it must be safe to call from
  /// any thread.
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { asyncReactorRuntime.store.diagnosticHandler }
    set { asyncReactorRuntime.store.diagnosticHandler = newValue }
  }

  /// Logs every input the reactor receives and every state it stores, as
  /// `ReducerStore.logging(_:name:to:formatState:)` does for a store; debug builds only.
  ///
  /// - Parameters:
  ///   - options: What to log; `[]` turns logging off.
  ///   - name: The label of each entry; the reactor's type name by default.
  ///   - sink: Where entries go; standard output by default.
  ///   - formatState: Formats the state instead of `MirrorFormatter`.
  public func logging(
    _ options: LogOptions = .all,
    name: String? = nil,
    to sink: LogSink = .standardOutput,
    formatState: ((State) -> String)? = nil
  ) {
    asyncReactorRuntime.store.logging(
      options, name: name ?? "\(Self.self)", to: sink, formatState: formatState)
  }
}

extension AsyncReactor {
  /// The reactor's runtime, made at its first use.
  var asyncReactorRuntime: ReactorRuntime<AsyncReactorReducer<Self>> {
    reactorStorage.runtime(AsyncReactorReducer<Self>.self, for: self)
  }
}
