public import Reductor

/// A view model in the shape of GoodReactor and Reactor: the view sends actions and
/// destinations, the reactor's work returns mutations, and one ``reduce(state:event:)`` makes
/// every change to the state.
///
/// Adopt it on a final class; the class declares its events, its state and its reducer, and
/// stores ``reactorStorage`` and ``destination`` for the protocol:
///
/// ```swift
/// final class CounterViewModel: Reactor {
///   enum Action: Sendable { case addOne, resetLater }
///   enum Mutation: Sendable { case reset }
///   struct State { var count = 9 }
///
///   let reactorStorage = ReactorStorage()
///   let clock: any Clock<Duration>
///
///   init(clock: any Clock<Duration> = ContinuousClock()) { self.clock = clock }
///
///   func makeInitialState() -> State { State() }
///
///   func reduce(state: inout State, event: Event) {
///     switch event.kind {
///     case .action(.addOne):
///       state.count += 1
///     case .action(.resetLater):
///       run(event) {
///         try? await EffectContext.clock.sleep(for: .seconds(1))
///         return .reset
///       }
///     case .mutation(.reset):
///       state.count = 0
///     case .destination:
///       break
///     }
///   }
/// }
/// ```
///
/// The state lives in a `ReducerStore` that the reactor's first use makes, on ``clock``: every
/// send reduces on it, and ``run(_:fileID:line:_:)``, ``fetch(_:_:fileID:line:_:)``,
/// ``debounce(duration:fileID:line:column:_:)`` and `subscribe(to:map:)` start its effects. Its
/// `StoreTask`s, its manual-clock settle points and its observation are the core's.
///
/// The reactor owns its store, through ``reactorStorage``; neither the store nor the machinery of
/// its work keeps the reactor alive (a work closure that uses `self` holds it until it returns,
/// as a `Task` would). Releasing the reactor releases the store, which cancels the reactor's work
/// at once: runs, fetches, debounces and subscriptions.
@MainActor
@dynamicMemberLookup
public protocol Reactor: AnyObject, SendableMetatype {
  /// What the view sends.
  associatedtype Action: Sendable
  /// What the reactor's work returns to ``reduce(state:event:)``; `Never` when it has none.
  associatedtype Mutation: Sendable = Never
  /// Where the view may navigate; `Never` when nowhere.
  associatedtype Destination: Sendable = Never
  /// The state: a struct, or an `@Observable` class for fine-grained observation.
  associatedtype State

  /// The events ``reduce(state:event:)`` receives.
  typealias Event = ReactorEvent<Action, Mutation, Destination>

  /// The last destination sent with ``send(destination:)``, set after its event was reduced.
  var destination: Destination? { get set }

  /// Where the library keeps the reactor's store: declare it as a stored property of the class,
  /// `let reactorStorage = ReactorStorage()`. The reactor owns its store through it, so
  /// releasing the reactor ends its work at once.
  var reactorStorage: ReactorStorage { get }

  /// The clock of the reactor's work; a `ContinuousClock` unless the reactor provides one.
  ///
  /// Tests pass a `ManualClock`: declare the property as `let clock: any Clock<Duration>`. (A
  /// property of another type, such as `let clock: ManualClock`, does not satisfy this
  /// requirement, and the reactor silently runs on the default clock.)
  var clock: any Clock<Duration> { get }

  /// Makes the state the reactor starts with; called once, at the reactor's first use.
  func makeInitialState() -> State

  /// Applies an event to the state, and starts work with ``run(_:fileID:line:_:)``,
  /// ``fetch(_:_:fileID:line:_:)`` or ``debounce(duration:fileID:line:column:_:)``.
  ///
  /// Read and change the `state` parameter here, not the reactor's ``state``, which is being
  /// changed.
  ///
  /// - Parameters:
  ///   - state: The state, changed in place.
  ///   - event: The action, mutation or destination to apply.
  func reduce(state: inout State, event: Event)

  /// Subscribes the reactor to outside events with `subscribe(to:map:)`; ``start()`` calls it
  /// once, as a step of the reactor's store. Does nothing by default. Like `reduce`, it must not
  /// read the reactor's ``state``.
  func transform()

  /// How the reactor's store is instrumented: the stages of its events timed, slow ones
  /// reported, its targets' events emitted; `nil` by default, which leaves it to the global
  /// switch (`Instrumentation.enabledByDefault`, `Instrumentation.filter`).
  ///
  /// ```swift
  /// var instrumentation: Instrumentation.Options<Action>? { .init(label: "list") }
  /// ```
  ///
  /// Read once, at the reactor's first use. Every event (action, mutation, destination) has the
  /// `queue`, `reduce` and `effect` stages, named after its action or mutation; targets see
  /// the actions.
  var instrumentation: Instrumentation.Options<Action>? { get }
}

extension Reactor {
  /// Subscribes to nothing.
  public func transform() {}

  /// A `ContinuousClock`.
  public var clock: any Clock<Duration> {
    ContinuousClock()
  }

  /// `nil`: the global switch decides.
  public var instrumentation: Instrumentation.Options<Action>? {
    nil
  }
}

extension Reactor where Destination == Never {
  /// Always `nil`: the reactor has no destinations.
  public var destination: Never? {
    get { nil }
    // swift-format-ignore: NoEmptyFunctionBody
    set {}
  }
}
