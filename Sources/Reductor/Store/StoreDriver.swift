/// The seam through which the package's drivers of a store reach the kernel beyond the public
/// API: the reactor runtime, which turns a view model's calls into a store's actions and builds
/// the effects of its two-phase `mutate`, and the test store's settle points. All the reactor
/// runtime needs is here, and nothing here is named after one driver: what it does is carried
/// out by the store, its effects, its clock and its instrumentation, where each is documented.
@usableFromInline
package enum StoreDriver: Sendable {
  /// How an action of an instrumented store takes part in the stages of a cycle.
  @usableFromInline
  package enum StageRole: Sendable {
    /// It starts a cycle of its own: it is queued, reduced when `reduces` (a reactable's action
    /// is not: its `mutate` is its stage), and its effect is timed.
    case cycle(reduces: Bool)
    /// Only its reduction is a stage, in the cycle of the effect that delivered it: a
    /// reactable's mutation.
    case reduction
    /// It belongs to a driver's machinery, and is not instrumented.
    case machinery
  }

  // MARK: - Sending

  /// Sends the action `makeAction` makes to `store` when a send now would reduce it first and
  /// alone: the store is not reducing, nothing waits, and no extension hears of actions.
  /// `makeAction` reads the state as the action's reduction will find it — a two-phase reactor
  /// calls its `mutate` there, instead of in the action's turn — and what effects deliver
  /// meanwhile is reduced after it. Otherwise returns nil without calling `makeAction`.
  ///
  /// - Parameters:
  ///   - store: The store to send to.
  ///   - makeAction: Makes the action to send.
  /// - Returns: The handle on the effects the action started; nil when it was not sent.
  @MainActor
  @inlinable
  package static func sendAlone<State, Action>(
    to store: ReducerStore<State, Action>, _ makeAction: () -> Action
  ) -> StoreTask? {
    let kernel = store.kernel
    guard !kernel.isReducing, kernel.extensions.hooksWithMarking.isEmpty,
      !kernel.queue.hasActions, !kernel.inbox.hasEntries
    else { return nil }
    return kernel.send(makeAction(), reducingDeliveredActionsFirst: false)
  }

  /// Delivers `action` through `send` even when the effect has been cancelled, unless the
  /// operation has returned: for work that must say how it ended, such as a reactor's fetch
  /// going back to idle when it is cancelled. The store reduces it whatever happens to the
  /// effect.
  ///
  /// - Parameters:
  ///   - action: The action to deliver.
  ///   - send: The handle of the effect's operation.
  package static func deliverEvenIfCancelled<Action>(_ action: Action, through send: Send<Action>) {
    send.deliverEvenIfCancelled(action)
  }

  // MARK: - Settling a manual clock

  /// Settles `clock` without moving time and without leaving the main actor: runs every
  /// runnable effect and reduces what it delivered in every store the main actor owns, until
  /// nothing is runnable. The stores other actors own reduce at the clock's next asynchronous
  /// settle point. A reactor's `start()` settles so, and so does a test store's step that
  /// cannot wait.
  ///
  /// - Parameter clock: The clock to settle.
  @MainActor
  package static func settle(_ clock: ManualClock) {
    clock.settleRunnableWork()
  }

  /// Settles `clock`, and again each time work arrives from outside the clock's control (an
  /// action from another thread, a job of work that left the executor, an advance from another
  /// task) or tracked work finishes, until `isDone` returns `true`, `timeout` passes on the
  /// continuous clock, nothing happens on the clock for `quietLimit`, or the task is cancelled:
  /// a test store's settle points. Each settle runs every runnable effect and reduces what it
  /// delivered in every store on the clock, each on the actor that owns it. It runs on the
  /// caller's actor, so `isDone` reads the caller's state.
  ///
  /// - Parameters:
  ///   - clock: The clock to settle.
  ///   - isDone: Whether to stop.
  ///   - timeout: How long to wait at most, on the continuous clock; no limit when nil.
  ///   - quietLimit: How long nothing may happen on the clock before the wait stops; no limit
  ///     when nil.
  /// - Returns: Whether `isDone` returned `true`.
  package static nonisolated(nonsending) func settle(
    _ clock: ManualClock, until isDone: () -> Bool, timeout: Duration? = nil,
    quietLimit: Duration? = nil
  ) async -> Bool {
    await clock.settle(until: isDone, timeout: timeout, quietLimit: quietLimit)
  }

  // MARK: - Effects

  /// An effect that `build` makes on the main actor when the store starts it: right after the
  /// reduction that returned it, outside the reducer's access to the state, so `build` may read
  /// the store's state; `build` runs with the dependencies in force where the effect is made.
  /// A two-phase reactor's `mutate` builds the effect of an action there, from the state its
  /// predecessors left. Nested in another effect, it is built when that effect reaches it, after
  /// a hop to the main actor.
  ///
  /// - Parameter build: Makes the effect to run.
  /// - Returns: The effect.
  @inlinable
  package static func deferred<Action>(
    _ build: @escaping @MainActor @Sendable () -> Effect<Action>
  ) -> Effect<Action> {
    .deferred(build)
  }

  /// The action `effect` delivers, when it is a `.send` of it.
  ///
  /// - Parameter effect: The effect.
  /// - Returns: The action; nil for any other effect.
  @inlinable
  package static func sentAction<Action>(of effect: Effect<Action>) -> Action? {
    effect.sentAction
  }

  /// The actions `effect` delivers when it starts, in order, when that is all it does: a
  /// `.send`, `.none`, or a store-bound concatenation or merge of such effects. The store then
  /// reduces them before its `send` returns.
  ///
  /// - Parameter effect: The effect.
  /// - Returns: The actions; nil for an effect with any other work.
  package static func actionsDeliveredAtOnce<Action>(by effect: Effect<Action>) -> [Action]? {
    effect.actionsDeliveredAtOnce
  }

  // MARK: - Instrumentation

  /// Sets how `store` is instrumented, for stores whose actions are not the ones users see (a
  /// reactor's steps): `subject` gives the action targets see, `role` how an action takes part
  /// in the stages, `naming` the value whose case names an action in rows and warnings (the
  /// action, or the mutation it carries). Options of its own (non-nil) win over the global
  /// switch, which instruments the store under the name of `type` with the default options
  /// otherwise. `measures` is for tests: they make a store measure nothing, as in a release
  /// build.
  @MainActor
  @inlinable
  package static func instrument<State, Action, Subject>(
    _ store: ReducerStore<State, Action>,
    as type: Any.Type,
    options: Instrumentation.Options<Subject>?,
    subject: @escaping @Sendable (Action) -> Subject?,
    role: @escaping @Sendable (Action) -> StageRole,
    naming: @escaping @Sendable (Action) -> Any,
    measures: Bool = StageTimer.measuresInThisBuild
  ) {
    store.setInstrumentation(
      for: type, options: options, subject: subject, role: role, naming: naming,
      measures: measures)
  }

  /// Times the stage `stage` of the action `store` is handling, when it is instrumented and the
  /// stage is observed: for a stage that runs while the store builds the action's effect, such
  /// as a two-phase reactor's `mutate`.
  @MainActor
  @inlinable
  package static func time<State, Action, Result>(
    _ stage: Instrumentation.Stage, in store: ReducerStore<State, Action>, _ body: () -> Result
  ) -> Result {
    store.timeStage(stage, body)
  }
}
