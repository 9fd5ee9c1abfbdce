public import Reductor

/// A reactor of any type with these actions, destinations and state: for a view that accepts
/// several implementations, such as the real view model and a ``Stub``.
///
/// It forwards to the reactor it wraps, and keeps it alive; it never copies its state.
///
/// ```swift
/// typealias ItemsReactor = AnyReactor<ItemsViewModel.Action, ItemsViewModel.Destination,
///   ItemsViewModel.State>
/// let viewModel: ItemsReactor = ItemsViewModel().eraseToAnyReactor()
/// ```
@MainActor
@dynamicMemberLookup
public final class AnyReactor<Action: Sendable, Destination: Sendable, State> {
  private let readState: () -> State
  private let readInitialState: () -> State
  private let sendAction: (Action) -> StoreTask
  private let sendActionWaiting: (Action, Duration, String, UInt) async -> Void
  private let sendDestination: (Destination?) -> StoreTask
  private let readDestination: () -> Destination?
  private let startBase: () -> Void
  private let storeOfBase: () -> any Store<State, Action>

  /// Wraps `reactor`.
  ///
  /// - Parameter reactor: The reactor to forward to.
  public init<Base: Reactor>(_ reactor: Base)
  where Base.Action == Action, Base.Destination == Destination, Base.State == State {
    readState = { reactor.state }
    readInitialState = { reactor.initialState }
    sendAction = { reactor.send(action: $0) }
    sendActionWaiting = { await reactor.send(action: $0, timeout: $1, fileID: $2, line: $3) }
    sendDestination = { reactor.send(destination: $0) }
    readDestination = { reactor.destination }
    startBase = { reactor.start() }
    storeOfBase = { reactor.store }
  }

  /// The wrapped reactor's state.
  public var state: State {
    readState()
  }

  /// The state the wrapped reactor started with; see ``Reactor/initialState``.
  public var initialState: State {
    readInitialState()
  }

  /// The wrapped reactor's ``Reactor/destination``.
  public var destination: Destination? {
    readDestination()
  }

  /// A property of the wrapped reactor's state.
  ///
  /// - Parameter keyPath: The property of the state.
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action to the wrapped reactor; see ``Reactor/send(action:)->_``.
  ///
  /// - Parameter action: The action.
  /// - Returns: A handle on the work the action started.
  @discardableResult
  public func send(action: Action) -> StoreTask {
    sendAction(action)
  }

  /// Sends an action to the wrapped reactor and waits for the work it started.
  ///
  /// - Parameter action: The action.
  public func send(action: Action) async {
    let task: StoreTask = sendAction(action)
    await task.finish()
  }

  /// Sends an action to the wrapped reactor and waits at most `timeout` for the work it started;
  /// see ``Reactor/send(action:timeout:fileID:line:)``.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - timeout: How long to wait at most.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  public func send(
    action: Action, timeout: Duration, fileID: String = #fileID, line: UInt = #line
  ) async {
    await sendActionWaiting(action, timeout, fileID, line)
  }

  /// Sends a destination to the wrapped reactor; see ``Reactor/send(destination:)``.
  ///
  /// - Parameter destination: Where to navigate; `nil` dismisses.
  /// - Returns: A handle on the work the event started.
  @discardableResult
  public func send(destination: Destination?) -> StoreTask {
    sendDestination(destination)
  }

  /// Starts the wrapped reactor's subscriptions; see ``Reactor/start()``.
  public func start() {
    startBase()
  }

  /// The wrapped reactor's ``Reactor/store``.
  public var store: any Store<State, Action> {
    storeOfBase()
  }

  /// A binding of a property of the state to an action; see ``Reactor/bind(_:action:)``.
  ///
  /// - Parameters:
  ///   - keyPath: The property of the state.
  ///   - action: Makes the action for a new value.
  /// - Returns: The binding.
  public func bind<Value>(
    _ keyPath: KeyPath<State, Value>, action: @escaping (Value) -> Action
  ) -> ReactorBinding<Value> {
    ReactorBinding(
      get: { self.state[keyPath: keyPath] },
      set: { self.send(action: action($0)) })
  }
}

extension Reactor {
  /// This reactor, wrapped in an ``AnyReactor`` that forwards to it.
  ///
  /// - Returns: The wrapper.
  public func eraseToAnyReactor() -> AnyReactor<Action, Destination, State> {
    AnyReactor(self)
  }
}
