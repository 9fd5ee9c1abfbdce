/// A reactor with the events and state of `Original` but none of its work: for previews and
/// tests that need a fixed state, and at most a few interactive transitions.
///
/// ```swift
/// let preview = Stub<ItemsViewModel>(supplier: {
///   let state = ItemsViewModel.State()
///   state.itemsFetchingState = .success([.placeholder])
///   return state
/// }).eraseToAnyReactor()
/// ```
///
/// It runs no `run`, `fetch`, `debounce` or subscription: its reducer gets no reactor to start
/// them with.
public final class Stub<Original: Reactor>: Reactor {
  /// The original's actions.
  public typealias Action = Original.Action
  /// None: a stub runs no work.
  public typealias Mutation = Never
  /// The original's destinations.
  public typealias Destination = Original.Destination
  /// The original's state.
  public typealias State = Original.State

  /// The last destination sent.
  public var destination: Destination?
  /// The stub's store; see ``Reactor/reactorStorage``.
  public let reactorStorage = ReactorStorage()

  private let supplier: () -> State
  private let reducer: ((inout State, Event) -> Void)?

  /// Creates a stub.
  ///
  /// - Parameters:
  ///   - supplier: Makes the state; called once, at the stub's first use. Make a new state
  ///     here, so that two stubs never share an `@Observable` state.
  ///   - reducer: Changes the state for an event, for interactive previews; without one, the
  ///     state never changes.
  public init(
    supplier: @escaping () -> State,
    reducer: ((inout State, Event) -> Void)? = nil
  ) {
    self.supplier = supplier
    self.reducer = reducer
  }

  /// The state `supplier` makes.
  public func makeInitialState() -> State {
    supplier()
  }

  /// Applies the stub's reducer, if it has one.
  public func reduce(state: inout State, event: Event) {
    reducer?(&state, event)
  }
}
