public import Reductor

extension ReactorRuntime {
  /// Carries out `action` for `reactable`: calls `mutate(action:)` now when the store would
  /// reduce the action at once and alone, and reduces a mutation it delivers at once without a
  /// step for the action; otherwise sends the action, whose turn calls `mutate`. An action sent
  /// from `mutate` itself is carried out once the current action's immediate mutations are
  /// reduced.
  @inlinable
  func carryOut<R>(_ action: R.Action, from reactable: R) -> StoreTask
  where Shape == ReactableReducer<R> {
    if reducer.isMutating {
      reducer.actionsFromMutate.append(action)
      return .finished
    }
    guard reducer.stub?.isEnabled != true,
      let task = sending(
        from: reactable, { StoreDriver.sendAlone(to: store) { mutated(action, by: reactable) } })
    else {
      return send(.action(action), from: reactable)
    }
    if !reducer.actionsFromMutate.isEmpty { carryOutActionsFromMutate(from: reactable) }
    return task
  }

  /// The step of `action` mutated now: its mutation, when it is one delivered at once and the
  /// reactable publishes no events; otherwise the action with its mutations' steps.
  @inlinable
  func mutated<R>(_ action: R.Action, by reactable: R) -> ReactableStep<R>
  where Shape == ReactableReducer<R> {
    let mutations = reducer.mutate(action, by: reactable)
    if !reducer.publishesEvents, let mutation = StoreDriver.sentAction(of: mutations) {
      return .mutation(mutation)
    }
    return .mutated(MutatedAction(action, steps: reducer.steps(of: mutations, for: action)))
  }

  /// Carries out the actions the last `mutate` sent, in order.
  @usableFromInline
  func carryOutActionsFromMutate<R>(from reactable: R) where Shape == ReactableReducer<R> {
    let actions = reducer.actionsFromMutate
    reducer.actionsFromMutate.removeAll()
    for action in actions { _ = carryOut(action, from: reactable) }
  }
}

/// The reducer of a reactable's store. An action's reduction returns an effect that the store
/// builds right after it, outside its access to the state: that is where `mutate(action:)` is
/// called, and the effect it returns is started with the action's tracker, so the action's
/// `StoreTask` covers its mutations; it calls `mutate` through `StoreDriver.time(_:in:_:)`,
/// where instrumentation times the `mutate` stage of the action's cycle. When the store is idle,
/// `ReactorRuntime.carryOut(_:from:)` calls `mutate` before sending instead, which reads the
/// same state and saves a reduction; no extension hears of actions then.
@MainActor
@usableFromInline
final class ReactableReducer<R: Reactable>: @MainActor ReactorShape {
  @usableFromInline weak var owner: R?
  @exclusivity(unchecked) @usableFromInline var sendingOwner: Unmanaged<R>?
  /// The store whose reducer this is, for the `mutate` stage of an action's turn.
  @usableFromInline weak var store: ReducerStore<R.State, ReactableStep<R>>?
  /// The dependencies a test store gives the reactor; unchecked for exclusivity, as the flags:
  /// every step reads it.
  @exclusivity(unchecked) @usableFromInline var dependencies: DependencyOverride?
  /// The reactable's identity, which names it as the source of its events.
  @usableFromInline let reactableID: ObjectIdentifier
  /// Whether the reactable adopts `ObservableEvent`: its actions then publish their end.
  @usableFromInline let publishesEvents: Bool
  /// Whether `reduce(state:mutation:)` runs now.
  @exclusivity(unchecked) @usableFromInline var isReducing = false
  @usableFromInline var isStarted = false
  /// The stub, once a test asked for it. Unchecked for exclusivity, like the flags: every
  /// action reads it.
  @exclusivity(unchecked) @usableFromInline var stub: ReactableStub<R>?
  /// Whether `mutate(action:)` runs now: the actions it sends wait in `actionsFromMutate`.
  @exclusivity(unchecked) @usableFromInline var isMutating = false
  /// Unchecked for exclusivity, as the flags are: every action reads it and each access calls
  /// nothing, so a checked read would guard nothing, on every action (`reactable.action`).
  @exclusivity(unchecked) @usableFromInline var actionsFromMutate: [R.Action] = []

  @inlinable
  init(owner reactable: R) {
    owner = reactable
    reactableID = ObjectIdentifier(reactable)
    publishesEvents = R.self is any ObservableEvent.Type
  }

  @inlinable
  static func initialState(of reactable: R) -> R.State {
    reactable.initialState
  }

  @inlinable
  static func clock(of reactable: R) -> any Clock<Duration> {
    reactable.clock
  }

  @inlinable
  static func instrumentation(of reactable: R) -> Instrumentation.Options<R.Action>? {
    reactable.instrumentation
  }

  @usableFromInline
  static var stateReadWhileReducingMessage: String {
    "\(R.self).currentState was read in reduce(state:mutation:), while the store changes the "
      + "state; read the reducer's `state` parameter instead."
  }

  /// Reduces one step of the reactable's store.
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
      return StoreDriver.deferred { [self] in
        let reactable = sendingOwner?.takeUnretainedValue() ?? owner
        guard let reactable, let store else { return .none }
        let steps = steps(
          of: StoreDriver.time(.mutate, in: store) { mutate(action, by: reactable) }, for: action)
        return actionsFromMutate.isEmpty ? steps : sendActionsFromMutate(after: steps, to: store)
      }
    case .mutation(let mutation):
      isReducing = true
      defer { isReducing = false }
      reactable.reduce(state: &state, mutation: mutation)
      return .none
    case .mutated(let mutated):
      return mutated.steps
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
      return StoreDriver.deferred { [self] in
        guard let owner else { return .none }
        return .merge([
          owner.transformAction().map(ReactableStep<R>.action),
          owner.transformMutation().map(ReactableStep<R>.mutation),
        ])
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

  /// Calls `mutate(action:)`, with a test store's dependencies if it has them; the actions it
  /// sends wait for its mutations.
  @inlinable
  func mutate(_ action: R.Action, by reactable: R) -> Effect<R.Mutation> {
    let wasMutating = isMutating
    isMutating = true
    defer { isMutating = wasMutating }
    guard let dependencies else { return reactable.mutate(action: action) }
    return Self.mutate(action, by: reactable, with: dependencies.values)
  }

  /// Calls `mutate(action:)` with a test store's dependencies in force.
  @usableFromInline
  static func mutate(
    _ action: R.Action, by reactable: R, with dependencies: DependencyValues
  ) -> Effect<R.Mutation> {
    withDependencies {
      $0 = dependencies
    } operation: {
      reactable.mutate(action: action)
    }
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
    guard let immediate = StoreDriver.actionsDeliveredAtOnce(by: steps) else {
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
