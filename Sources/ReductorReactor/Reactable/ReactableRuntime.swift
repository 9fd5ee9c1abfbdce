public import Reductor

/// What a reactable needs: its `ReducerStore` and that store's reducer. One per reactable, kept
/// by its ``ReactorStorage``.
@MainActor
@usableFromInline
final class ReactableRuntime<R: Reactable>: ReactorRuntimeProtocol {
  @usableFromInline let store: ReducerStore<R.State, ReactableStep<R>>
  @usableFromInline let reducer: ReactableReducer<R>
  private var actionStore: (any Store<R.State, R.Action>)?

  @inlinable
  init(owner reactable: R) {
    let reducer = ReactableReducer(reactable: reactable)
    self.reducer = reducer
    store = ReducerStore(
      initialState: reactable.initialState,
      reducing: { state, step in reducer.reduce(&state, step) },
      clock: reactable.clock)
    reducer.store = store
    store.setInstrumentation(
      typeName: TypeName.of(R.self), options: reactable.instrumentation,
      subject: ReactableStep<R>.action(of:), role: ReactableStep<R>.stageRole(of:),
      name: ReactableStep<R>.caseName(of:))
  }

  /// The state, for the reactable's `currentState`.
  @inlinable
  var state: R.State {
    if reducer.isReducing && !reducer.stateIsReference { reducer.stateReadWhileReducing() }
    return store.state
  }

  /// Sends `step` for `reactable`, which the caller keeps alive meanwhile, so the reductions of
  /// this send need not load the reducer's weak reference.
  @inlinable
  func send(_ step: ReactableStep<R>, from reactable: R) -> StoreTask {
    sending(from: reactable) { store.send(step) }
  }

  /// Runs `body`, a send to the store, with `reactable` as the reducer's sending reactable.
  @inlinable
  func sending(from reactable: R, _ body: () -> StoreTask) -> StoreTask {
    let outer = reducer.sendingReactable
    reducer.sendingReactable = Unmanaged.passUnretained(reactable)
    defer { reducer.sendingReactable = outer }
    return body()
  }

  /// Carries out `action` for `reactable`: calls `mutate(action:)` now when the store would
  /// reduce the action at once and alone, and reduces a mutation it delivers at once without a
  /// step for the action; otherwise sends the action, whose turn calls `mutate`. An action sent
  /// from `mutate` itself is carried out once the current action's immediate mutations are
  /// reduced.
  @inlinable
  func carryOut(_ action: R.Action, from reactable: R) -> StoreTask {
    if reducer.isMutating {
      reducer.actionsFromMutate.append(action)
      return .finished
    }
    guard store.reducesNextSendAlone, reducer.stub?.isEnabled != true else {
      return send(.action(action), from: reactable)
    }
    let mutations = reducer.mutate(action, by: reactable, in: store)
    let step: ReactableStep<R>
    if !reducer.publishesEvents, let mutation = mutations.sentAction {
      step = .mutation(mutation)
    } else {
      step = .mutated(action, reducer.steps(of: mutations, for: action))
    }
    // What arrived in the inbox while `mutate` ran is reduced after this action, whose mutations
    // `mutate` built from the state before it.
    let task = sending(from: reactable) {
      store.send(step, reducingDeliveredActionsFirst: false)
    }
    if !reducer.actionsFromMutate.isEmpty { carryOutActionsFromMutate(from: reactable) }
    return task
  }

  /// Carries out the actions the last `mutate` sent, in order.
  @usableFromInline
  func carryOutActionsFromMutate(from reactable: R) {
    let actions = reducer.actionsFromMutate
    reducer.actionsFromMutate.removeAll()
    for action in actions { _ = carryOut(action, from: reactable) }
  }

  /// The reactable's state and actions as a store.
  var storeOfActions: any Store<R.State, R.Action> {
    if let actionStore { return actionStore }
    let made = store.scope(state: { $0 }, action: { ReactableStep<R>.action($0) })
    actionStore = made
    return made
  }
}

/// The reducer of a reactable's store. An action's reduction returns an effect that the store
/// builds right after it, outside its access to the state: that is where `mutate(action:)` is
/// called, and the effect it returns is started with the action's tracker, so the action's
/// `StoreTask` covers its mutations. When the store is idle, `ReactableRuntime.carryOut` calls
/// `mutate` before sending instead, which reads the same state and saves a reduction. Both call
/// it through the store's `mutateStage(_:)`, the `mutate` stage of an action's cycle, where
/// instrumentation times it.
///
/// It holds the reactable as ``ReactorReducer`` holds its reactor: weakly, and unretained during
/// a send from it.
@MainActor
@usableFromInline
final class ReactableReducer<R: Reactable> {
  @usableFromInline weak var reactable: R?
  /// The reactable's identity, which names it as the source of its events.
  @usableFromInline let reactableID: ObjectIdentifier
  /// The reactable during a send from it, which keeps it alive.
  @exclusivity(unchecked) @usableFromInline var sendingReactable: Unmanaged<R>?
  @usableFromInline let stateIsReference: Bool
  /// Whether the reactable adopts `ObservableEvent`: its actions then publish their end.
  @usableFromInline let publishesEvents: Bool
  /// Whether `reduce(state:mutation:)` runs now.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  @usableFromInline var isStarted = false
  /// The stub, once a test asked for it. Unchecked for exclusivity, like the flags: every
  /// action reads it.
  @exclusivity(unchecked) @usableFromInline var stub: ReactableStub<R>?
  /// The store whose reducer this is, for the `mutate` stage of an action's turn; weak, since
  /// the store holds its reducer.
  @usableFromInline weak var store: ReducerStore<R.State, ReactableStep<R>>?
  /// Whether `mutate(action:)` runs now: the actions it sends wait in `actionsFromMutate`.
  @exclusivity(unchecked) @usableFromInline var isMutating = false
  @usableFromInline var actionsFromMutate: [R.Action] = []

  @inlinable
  init(reactable: R) {
    self.reactable = reactable
    self.reactableID = ObjectIdentifier(reactable)
    self.stateIsReference = R.State.self is AnyObject.Type
    self.publishesEvents = R.self is any ObservableEvent.Type
  }

  /// Stops the process: the reducer read the state its store is changing. `fatalError`, not
  /// `preconditionFailure`, so that release builds print the message too.
  @usableFromInline
  func stateReadWhileReducing() -> Never {
    fatalError(
      "\(R.self).currentState was read in reduce(state:mutation:), while the store changes the "
        + "state; read the reducer's `state` parameter instead.")
  }

  /// Reduces one step of the reactable's store.
  @inlinable
  func reduce(_ state: inout R.State, _ step: ReactableStep<R>) -> Effect<ReactableStep<R>> {
    // Passed as an argument, the reactable is not retained: it is weakly referenced, which
    // makes every retain and release of it slow.
    if let sendingReactable {
      return reduce(&state, step, by: sendingReactable.takeUnretainedValue())
    }
    guard let reactable else { return .none }
    return reduce(&state, step, by: reactable)
  }

  @inlinable
  func reduce(
    _ state: inout R.State, _ step: ReactableStep<R>, by reactable: R
  ) -> Effect<ReactableStep<R>> {
    switch step {
    case .action(let action):
      if let stub, stub.isEnabled {
        stub.record(action)
        return .none
      }
      return .deferred { [self] in
        let reactable = sendingReactable?.takeUnretainedValue() ?? self.reactable
        guard let reactable, let store else { return .none }
        let steps = steps(of: mutate(action, by: reactable, in: store), for: action)
        return actionsFromMutate.isEmpty ? steps : sendActionsFromMutate(after: steps, to: store)
      }
    case .mutation(let mutation):
      isReducing = true
      defer { isReducing = false }
      reactable.reduce(state: &state, mutation: mutation)
      return .none
    case .mutated(_, let mutations):
      return mutations
    case .start, .finished, .applyStubbedState:
      return reduceMachinery(&state, step)
    }
  }

  /// Reduces a step of the reactable's machinery, not its actions and mutations.
  @usableFromInline
  func reduceMachinery(
    _ state: inout R.State, _ step: ReactableStep<R>
  ) -> Effect<ReactableStep<R>> {
    switch step {
    case .start:
      guard !isStarted, stub?.isEnabled != true else { return .none }
      isStarted = true
      return .deferred { [self] in
        reactable?.transformAction().map(ReactableStep<R>.action) ?? .none
      }
    case .finished(let action):
      ObservableEventHub<R>.hub.publish(
        ObservableEventResult(action: action, state: state, sourceID: reactableID))
    case .applyStubbedState:
      if let stubbed = stub?.takeStubbedState() { state = stubbed }
    case .action, .mutation, .mutated:
      break
    }
    return .none
  }

  /// Calls `mutate(action:)` through the store's `mutate` stage; the actions it sends wait for
  /// its mutations.
  @inlinable
  func mutate(
    _ action: R.Action, by reactable: R, in store: ReducerStore<R.State, ReactableStep<R>>
  ) -> Effect<R.Mutation> {
    let wasMutating = isMutating
    isMutating = true
    defer { isMutating = wasMutating }
    return store.timeStage(.mutate) { reactable.mutate(action: action) }
  }

  /// The steps that `steps` delivers at once, then the actions the last `mutate` sent, as one
  /// effect that delivers them at once, in that order, in the action's turn (counted in its
  /// tracker, so its cycle's reduce stages see its mutations); when `steps` does asynchronous
  /// work, the actions are sent now and `steps` is returned.
  @usableFromInline
  func sendActionsFromMutate(
    after steps: Effect<ReactableStep<R>>, to store: ReducerStore<R.State, ReactableStep<R>>
  ) -> Effect<ReactableStep<R>> {
    let actions = actionsFromMutate.map(ReactableStep<R>.action)
    actionsFromMutate.removeAll()
    guard let immediate = steps.actionsDeliveredAtOnce else {
      for action in actions { store.send(action) }
      return steps
    }
    return .concat((immediate + actions).map(Effect.send))
  }

  /// The steps of `action`'s mutations, followed by the action's end when the reactable
  /// publishes its events.
  @inlinable
  func steps(of mutations: Effect<R.Mutation>, for action: R.Action) -> Effect<ReactableStep<R>> {
    let steps = mutations.map(ReactableStep<R>.mutation)
    return publishesEvents ? steps.followed(by: .finished(action)) : steps
  }
}
