public import Reductor

/// What one reactor, reactable or async reactor needs besides itself: its `ReducerStore`, and the
/// reducer of that store, which is what differs between the three shapes. One per object, kept
/// by its ``ReactorStorage``.
///
/// The runtime does for every shape what does not depend on it: it builds the store from the
/// owner's initial state, clock and instrumentation; sends a step with the sending owner at hand;
/// stops a read of the state while the owner reduces; and keeps the store of the owner's actions.
/// The shape's reducer does the rest: ``ReactorReducer`` (`Reactor`), ``ReactableReducer``
/// (`Reactable`) and ``AsyncReactorReducer`` (`AsyncReactor`).
@MainActor
@usableFromInline
final class ReactorRuntime<Shape: ReactorShape> {
  @usableFromInline let store: ReducerStore<Shape.State, Shape.Step>
  @usableFromInline let reducer: Shape
  /// The state the store started from, for a reactor's `initialState`.
  @usableFromInline let initialState: Shape.State
  /// Whether the state is a class, whose reads during a reduction are safe.
  @usableFromInline let stateIsReference: Bool
  private var actionStore: (any Store<Shape.State, Shape.Step.Action>)?

  @inlinable
  init(owner: Shape.Owner) {
    let reducer = Shape(owner: owner)
    self.reducer = reducer
    initialState = Shape.initialState(of: owner)
    stateIsReference = Shape.State.self is AnyObject.Type
    // The store holds its reducer, and nothing holds the store but this runtime (and the scoped
    // stores and observations made of it): no reference cycle.
    store = ReducerStore(
      initialState: initialState,
      reducer: reducer,
      clock: Shape.clock(of: owner))
    reducer.store = store
    if Shape.Step.hasEffectOnlySteps { store.effectOnlyActions { $0.isEffectOnly } }
    StoreDriver.instrument(
      store, as: Shape.Owner.self, options: Shape.instrumentation(of: owner),
      subject: { $0.action },
      role: { $0.stageRole }, naming: { $0.named })
  }

  /// The state, for the owner's `state` or `currentState`.
  @inlinable
  var state: Shape.State {
    if reducer.isReducing && !stateIsReference { stateReadWhileReducing() }
    return store.state
  }

  /// Stops the process: the owner read the state its store is changing. `fatalError`, not
  /// `preconditionFailure`, so that release builds print the message too.
  @usableFromInline
  func stateReadWhileReducing() -> Never {
    fatalError(Shape.stateReadWhileReducingMessage)
  }

  /// Sends `step` for `owner`, which the caller keeps alive meanwhile, so the reductions of this
  /// send need not load the reducer's weak reference.
  @inlinable
  func send(_ step: Shape.Step, from owner: Shape.Owner) -> StoreTask {
    sending(from: owner) { store.send(step) }
  }

  /// Runs `body`, a send to the store, with `owner` as the reducer's sending owner.
  @inlinable
  func sending<Result>(from owner: Shape.Owner, _ body: () -> Result) -> Result {
    let outer = reducer.sendingOwner
    reducer.sendingOwner = Unmanaged.passUnretained(owner)
    defer { reducer.sendingOwner = outer }
    return body()
  }

  /// The owner's state and actions (or inputs) as a store.
  var storeOfActions: any Store<Shape.State, Shape.Step.Action> {
    if let actionStore { return actionStore }
    let made = store.scope(state: { $0 }, action: { Shape.Step(sent: $0) })
    actionStore = made
    return made
  }
}

/// The reducer of one shape's store: how the steps of a `Reactor`, a `Reactable` or an
/// `AsyncReactor` are reduced for their owner, and what the runtime reads from the owner to build
/// the store.
///
/// It is the store's `Reducer`, conformed to on the main actor (`@MainActor ReactorShape`), where
/// the store reduces; the reducer's `Action` is the store's step, and the owner's own actions
/// (or inputs) are the step's `Action`. The store holds its reducer, which holds the owner weakly: the owner owns
/// the store (through its storage), and a store that outlives its owner (a scoped store someone
/// keeps) reduces nothing more, and says so.
///
/// The flags a send reads and writes are unchecked for exclusivity in each reducer: they are
/// read and written on the main actor only, calling nothing meanwhile, so run-time checks would
/// guard nothing, on every send (`reactor.send.action`, `reactable.action`).
@MainActor
@usableFromInline
protocol ReactorShape: AnyObject, Reducer where Action == Step {
  /// The reactor, reactable or async reactor.
  associatedtype Owner: AnyObject
  associatedtype State
  associatedtype Step: ReactorShapeStep

  /// Makes the reducer of `owner`'s store.
  init(owner: Owner)

  /// The owner, held weakly.
  var owner: Owner? { get }
  /// The owner during a send from it, which keeps it alive: used instead of ``owner``, so that
  /// a send pays no weak load, nor the retain and release of an object that is weakly
  /// referenced, which go through its side table.
  var sendingOwner: Unmanaged<Owner>? { get set }
  /// The store whose reducer this is; weak, since the store holds its reducer.
  var store: ReducerStore<State, Step>? { get set }
  /// The dependencies a test store gives the owner's reductions and the effects they make;
  /// nil outside a test store, where they are those in force where each step is sent.
  var dependencies: DependencyOverride? { get set }
  /// Whether the owner's own reducing code runs now, while the store holds the state for
  /// writing: reading the owner's state then stops the process.
  var isReducing: Bool { get }

  /// What the store starts from.
  static func initialState(of owner: Owner) -> State
  /// The clock the store's effects run on.
  static func clock(of owner: Owner) -> any Clock<Duration>
  /// The owner's instrumentation options; `nil` leaves it to the global switch.
  static func instrumentation(of owner: Owner) -> Instrumentation.Options<Step.Action>?
  /// What the process says when it stops because the owner read its state while reducing.
  static var stateReadWhileReducingMessage: String { get }

  /// Reduces one step for `owner`, which is alive.
  func reduce(_ state: inout State, _ step: Step, by owner: Owner) -> Effect<Step>
}

extension ReactorShape {
  /// Reduces one step of the store, as its `Reducer`: for the sending owner, or the one the weak
  /// reference still holds. A step that reaches the store after its owner was released (through
  /// a scoped store kept after it) is not reduced, and is reported to the store's diagnostic
  /// handler.
  @inlinable
  func reduce(into state: inout State, action step: Step) -> Effect<Step> {
    guard let dependencies else { return reduceForOwner(&state, step) }
    return reduce(&state, step, with: dependencies.values)
  }

  /// Reduces one step with a test store's dependencies in force.
  @usableFromInline
  func reduce(
    _ state: inout State, _ step: Step, with dependencies: DependencyValues
  ) -> Effect<
    Step
  > {
    withDependencies {
      $0 = dependencies
    } operation: {
      reduceForOwner(&state, step)
    }
  }

  /// Reduces one step for the sending owner, or the one the weak reference still holds.
  @inlinable
  func reduceForOwner(_ state: inout State, _ step: Step) -> Effect<Step> {
    if let sendingOwner {
      return withUnretained(sendingOwner) { owner in reduce(&state, step, by: owner) }
    }
    guard let owner else {
      reportReleasedOwner(receiving: step)
      return .none
    }
    return reduce(&state, step, by: owner)
  }

  /// Reports a step that reached the store of a released owner.
  @usableFromInline
  func reportReleasedOwner(receiving step: Step) {
    guard let store else { return }
    let name = step.action.map { "\($0)" } ?? "\(step)"
    store.diagnosticHandler(
      StoreDiagnostic(
        kind: .actionForReleasedOwner,
        message: "\(name) reached the store of a released \(Owner.self); it was not reduced. "
          + "Keep the object while you use its store.",
        error: nil, fileID: "", line: 0))
  }
}

/// The dependencies a test store gives a reactor's reductions: by reference, so that a step that
/// has none checks a pointer, where an optional of the values would be read through their value
/// witnesses.
@usableFromInline
final class DependencyOverride: Sendable {
  @usableFromInline let values: DependencyValues

  init(_ values: DependencyValues) {
    self.values = values
  }
}

/// Calls `body` with the object `reference` points to, which something else keeps alive meanwhile,
/// without retaining it. A retain and release of an object that is weakly referenced (a reactor
/// is, by its store's reducer) go through its side table, the slow path of the runtime's
/// reference counting (`reactor.send.action`; see Benchmarks/NOTES.md). Not
/// `Unmanaged._withUnsafeGuaranteedRef` called from main-actor code: a main-actor closure passed
/// to the standard library checks the executor when it runs.
@inlinable
func withUnretained<Object: AnyObject, Result>(
  _ reference: Unmanaged<Object>, _ body: (Object) -> Result
) -> Result {
  reference._withUnsafeGuaranteedRef(body)
}

/// A step of a shape's store: the owner's actions or inputs, its mutations, and the steps of its
/// machinery; with what instrumentation, logging and diagnostics read from it.
@usableFromInline
protocol ReactorShapeStep: Sendable {
  /// What users send: a reactor's or reactable's action, an async reactor's input.
  associatedtype Action: Sendable

  /// The step of an action a user sent.
  init(sent action: Action)
  /// The action a step carries, which instrumentation targets see.
  var action: Action? { get }
  /// How the step takes part in the stages of an instrumented store.
  var stageRole: StoreDriver.StageRole { get }
  /// What names the step in instrumentation's rows and warnings, by its case: the action or
  /// mutation it carries.
  var named: Any { get }
  /// Whether some steps only start work (and so are the store's effect-only actions).
  static var hasEffectOnlySteps: Bool { get }
  /// Whether the step only starts work: its reduction never changes the state, and the
  /// observers of the state (`states` among them) do not hear of it, so that they see the
  /// owner's own reductions only.
  var isEffectOnly: Bool { get }
}
