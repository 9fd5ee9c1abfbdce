extension Store {
  /// A store of the optional child state at `state`, while it is there; nil when it is nil.
  ///
  /// ```swift
  /// if let detail = store.scope(state: \.detail, action: .detail) { show(detail) }
  /// ```
  ///
  /// A store kept after the child went reads the last value it showed (the child's state at its
  /// last read), and an action sent to it reaches the parent's `ifLet`, which reports it and
  /// changes nothing.
  ///
  /// - Parameters:
  ///   - state: The optional child state.
  ///   - action: The parent's case that carries the child's actions.
  /// - Returns: The child's store, or nil.
  public func scope<ChildState, ChildAction: Sendable>(
    state: KeyPath<State, ChildState?>,
    action: ActionCase<Action, ChildAction>
  ) -> (any Store<ChildState, ChildAction>)? {
    guard let current = self.state[keyPath: state] else { return nil }
    return scope(startingAt: current, state: { $0[keyPath: state] }, action: action.embed)
  }

  /// A store of a child that may go: it reads `state` from this store's state while that gives
  /// a child, and the last child it read after; `current` is the child now.
  func scope<ChildState, ChildAction: Sendable>(
    startingAt current: ChildState,
    state: @escaping (State) -> ChildState?,
    action: @escaping @Sendable (ChildAction) -> Action
  ) -> any Store<ChildState, ChildAction> {
    let last = LastRead(current)
    return scope(
      state: { parentState in
        guard let child = state(parentState) else { return last.value }
        last.value = child
        return child
      },
      action: action)
  }

  /// The stores of the rows of the identified collection at `state`: one per element, made
  /// when first read and kept while the element is there.
  ///
  /// ```swift
  /// let rows = store.scope(state: \.todos, action: .todo)
  /// for id in rows.ids { render(rows[id: id]!) }
  /// ```
  ///
  /// - Parameters:
  ///   - state: The collection of element states.
  ///   - action: The parent's case that carries a row's id and action.
  /// - Returns: The rows' stores.
  public func scope<ID: Hashable & Sendable, ElementState: Identifiable, ElementAction: Sendable>(
    state: KeyPath<State, IdentifiedArray<ID, ElementState>>,
    action: ActionCase<Action, (ID, ElementAction)>
  ) -> StoreRows<ID, ElementState, ElementAction> where ElementState.ID == ID {
    StoreRows(parent: self, rows: state, action: action)
  }
}

/// The stores of the rows of an identified collection, by id: a row's store is made when first
/// read, the same instance is returned while the row is there, and it is released when the row
/// goes. A caller that keeps it reads the last value it showed (the row's state at its last
/// read), and an action sent to it reaches the parent's `forEach`, which reports it and touches
/// no other row.
///
/// Reading a row costs a dictionary lookup, with ten rows or ten thousand; a row that comes or
/// goes costs a look at the rows kept, and no other row's store is touched.
@MainActor
public final class StoreRows<
  ID: Hashable & Sendable, ElementState: Identifiable, ElementAction: Sendable
>
where ElementState.ID == ID {
  private let rows: () -> IdentifiedArray<ID, ElementState>
  private let makeStore: (ID, ElementState) -> any Store<ElementState, ElementAction>
  private var stores: [ID: any Store<ElementState, ElementAction>] = [:]
  /// The removal token of the rows the last time they were looked at: a row that comes makes
  /// nothing happen here, only one that goes (or new rows).
  private var removals: UInt64
  private var pruning: ObservationToken?
  /// How many times a row store computed its state, for the benchmark that checks that a change
  /// of one row computes no other row's.
  private let projectionCount = LastRead(0)

  /// How many times a row store computed its state.
  var projections: Int {
    projectionCount.value
  }

  init<Parent: Store>(
    parent: Parent, rows: KeyPath<Parent.State, IdentifiedArray<ID, ElementState>>,
    action: ActionCase<Parent.Action, (ID, ElementAction)>
  ) {
    self.rows = { parent.state[keyPath: rows] }
    let projections = projectionCount
    makeStore = { id, current in
      parent.scope(
        startingAt: current,
        state: { parentState in
          projections.value += 1
          return parentState[keyPath: rows][id: id]
        },
        action: { action.embed((id, $0)) })
    }
    removals = parent.state[keyPath: rows].removals
    pruning = parent.observe(rows.appending(path: \.removals)) { [weak self] removals in
      self?.forgetRowsThatWent(removals)
    }
  }

  /// The ids of the rows, in order.
  public var ids: [ID] {
    rows().ids
  }

  /// The store of the row `id`, or nil if no row has that id.
  ///
  /// - Parameter id: The row's id.
  public subscript(id id: ID) -> (any Store<ElementState, ElementAction>)? {
    if let store = stores[id] { return store }
    guard let row = rows()[id: id] else { return nil }
    let store = makeStore(id, row)
    stores[id] = store
    return store
  }

  /// The number of row stores made and kept now, for tests of what is released.
  var keptCount: Int {
    stores.count
  }

  private func forgetRowsThatWent(_ newRemovals: UInt64) {
    guard newRemovals != removals else { return }
    removals = newRemovals
    let rows = rows()
    for id in stores.keys where !rows.contains(id: id) { stores[id] = nil }
  }
}
