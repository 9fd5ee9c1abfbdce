/// The one interpreter of effects: it starts an effect a reducer returned, and executes the
/// effects that run inside an effect task, on a store's ``EffectRuntime``. It is the only place
/// that looks into an effect's operation.
///
/// An ``Effect`` is made of a few primitive operations (see `Effect.Operation`): nothing, actions
/// to deliver, work in a task (a `.run` or `.stream` operation, or a composition's body), an
/// effect built on the main actor, and a composed effect — two functions over a runner, one for
/// each place an effect can be, which debounce, throttle, cancellation, a child's scope and a
/// transformation of the actions are built from. The runner gives them what they need: the
/// function that delivers actions, the gate of the task it runs in, the tracker that counts the
/// work, the runtime's keys, debounces and throttle windows, and the namespaces of the child
/// whose effect it runs.
///
/// An effect is in one of two places:
/// - **started** (``start(_:buffer:)``), where a reducer returned it, on the main actor (or on a
///   throttle window's timer, for a trailing effect): actions it delivers at once join the
///   store's buffer, and work that needs a task gets one of its own, registered under its
///   lifetime;
/// - **executed** (``execute(_:)``), inside an effect task (a child of a concatenation or a
///   merge, a debounced effect that fired): store-bound work runs in the task, any other
///   lifetime gets a task of its own that this one awaits. It returns whether the effect ran to
///   its end, neither cancelled, replaced, nor dropped by a throttle window.
///
/// Every task starts in ``spawn(_:lifetime:isTopLevel:firedDebounce:)``, with the
/// ``EffectWork`` it does: a `.run` operation, which gets its ``Send`` once, behind the gate of
/// its task (or, inside a composition's task, behind a gate of its own), and runs with the
/// dependencies in force where the effect was made, the store's clock among them; or the body of
/// a composition.
///
/// A runner without a runtime executes everything at once, in the calling task, ignoring
/// lifetimes, keys and timing: ``Effect/executeForTesting()``.
@usableFromInline
struct EffectRunner<Action: Sendable>: Sendable {
  /// The store's runtime; nil for ``Effect/executeForTesting()``.
  let runtime: EffectRuntime?
  /// Hands an action to the store, behind the gate of the work that delivers it.
  let deliver: @Sendable (Action, EffectGate?) -> Void
  /// The gate of the task the runner runs in; nil where an effect starts.
  let gate: EffectGate?
  /// Counts the work of the action whose effect this is.
  let tracker: EffectTracker?
  /// The namespaces of the child whose effect this is, innermost first (see
  /// `EffectScope.swift`); empty for a store's own effects.
  let scopes: [EffectKey]

  @usableFromInline
  init(
    runtime: EffectRuntime?, deliver: @escaping @Sendable (Action, EffectGate?) -> Void,
    gate: EffectGate? = nil, tracker: EffectTracker?, scopes: [EffectKey] = []
  ) {
    self.runtime = runtime
    self.deliver = deliver
    self.gate = gate
    self.tracker = tracker
    self.scopes = scopes
  }

  /// The handle that delivers actions behind the gate of the task the runner runs in.
  var send: Send<Action> {
    Send(deliver: deliver, gate: gate, runtime: runtime)
  }

  // MARK: - Interpreting

  /// Starts the effect a store's reducer returned, counting its work in `tracker`: actions it
  /// delivers at once go to `buffer`; an effect built on the main actor is built now; work that
  /// needs a task gets a runner, whose tasks deliver through `delivery`, made only then.
  @inlinable
  static func start(
    _ effect: Effect<Action>, on runtime: EffectRuntime, tracker: EffectTracker,
    delivery: @autoclosure () -> @Sendable (Action, EffectGate?) -> Void,
    buffer: (Action) -> Void
  ) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      buffer(action)
    case .deferred:
      var effect = effect
      effect.build()
      start(effect, on: runtime, tracker: tracker, delivery: delivery(), buffer: buffer)
    default:
      EffectRunner(runtime: runtime, deliver: delivery(), tracker: tracker)
        .start(effect, buffer: buffer)
    }
  }

  /// Starts `effect` where a reducer returned it: actions it delivers at once go to `buffer`,
  /// work it does in a task gets a task of its own.
  @usableFromInline
  func start(_ effect: Effect<Action>, buffer: (Action) -> Void) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      buffer(action)
    case .sendAll(let actions) where effect.lifetime == .storeBound:
      for action in actions { buffer(action) }
    case .composed(let start, _):
      start(self, effect.lifetime, buffer)
    case .sendAll, .run, .deferred:
      // A store builds an effect built on the main actor before it starts it (`build()`); one
      // that starts elsewhere (a throttle window's trailing effect) gets a task.
      spawn(effect, isTopLevel: true)
    }
  }

  /// Executes `effect` inside an effect task; returns whether it ran to its end.
  func execute(_ effect: Effect<Action>) async -> Bool {
    switch effect.operation {
    case .none:
      return true
    case .send(let action):
      send(action)
      return true
    case .deferred(let dependencies, let build):
      return await execute(MainActor.run { withDependencies(dependencies, build) })
    case .composed(_, let execute):
      return await execute(self, effect.lifetime)
    case .sendAll(let actions) where effect.lifetime == .storeBound || runtime == nil:
      for action in actions { send(action) }
      return !Task.isCancelled
    case .run(let work) where effect.lifetime == .storeBound || runtime == nil:
      await perform(work, inTaskOfItsOwn: false)
      return !Task.isCancelled
    case .sendAll, .run:
      guard let task = spawn(effect, isTopLevel: false) else { return false }
      let forwardsCancellation = effect.lifetime != .detached
      await withTaskCancellationHandler {
        await task.value
      } onCancel: {
        if forwardsCancellation { task.cancel() }
      }
      return !task.isCancelled
    }
  }

  /// Does the work of a task: a `.run` operation with its own ``Send`` — its task's gate, or a
  /// gate of its own inside a composition's task — and its dependencies in force; or a
  /// composition's body.
  private func perform(_ work: EffectWork<Action>, inTaskOfItsOwn: Bool) async {
    switch work.body {
    case .composition(let body):
      await body(self)
    case .operation(let operation, let onError, let dependencies):
      let gate = inTaskOfItsOwn ? gate : EffectGate(parent: gate, site: work.site)
      let send = Send(deliver: deliver, gate: gate, runtime: runtime)
      await withDependencies(dependencies) {
        do {
          try await operation(send)
        } catch is CancellationError {
        } catch {
          if !Task.isCancelled { await onError(error, send) }
        }
      }
      gate?.operationReturned()
    }
  }

  /// Starts a registered task that executes `effect` under its lifetime; nil when it may not
  /// start. A `.run`'s work is the task's work itself.
  @discardableResult
  private func spawn(_ effect: Effect<Action>, isTopLevel: Bool) -> Task<Void, Never>? {
    let work: EffectWork<Action>
    if case .run(let run) = effect.operation {
      work = run
    } else {
      work = .executing(effect.withLifetime(.storeBound))
    }
    return spawn(work, lifetime: effect.lifetime, isTopLevel: isTopLevel)
  }

  /// Starts `work` in a task of its own, registered under `lifetime` in this runner's
  /// namespaces (a child's store-bound effect started at the top gets a key of its own there, so
  /// that the child's end cancels it), behind a gate of its own, with the work's priority; a
  /// composition's body gets a runner in that task. `firedDebounce` is the debounce entry it
  /// starts, which must still hold its key. The one place where effect tasks start. Nil when the
  /// work may not start.
  @discardableResult
  func spawn(
    _ work: EffectWork<Action>, lifetime: EffectLifetime, isTopLevel: Bool,
    firedDebounce: UInt64? = nil
  ) -> Task<Void, Never>? {
    // A runner without a runtime executes every effect in the calling task: it never spawns.
    guard let runtime else {
      assertionFailure("An effect task was started without a runtime")
      return nil
    }
    return runtime.spawn(
      lifetime: scoped(lifetime, isTopLevel: isTopLevel), priority: work.priority,
      site: work.site, parent: gate, tracker: tracker, firedDebounce: firedDebounce
    ) { gate in
      await inTask(of: gate).perform(work, inTaskOfItsOwn: true)
    }
  }

  /// Runs `body` with `dependencies` in force, with the store's clock.
  func withDependencies<Result>(
    _ dependencies: DependencyValues, _ body: () throws -> Result
  ) rethrows -> Result {
    try DependencyValues.$inForce.withValue(inForce(dependencies), operation: body)
  }

  /// Runs `body` with `dependencies` in force, with the store's clock.
  func withDependencies<Result>(
    _ dependencies: DependencyValues, _ body: () async throws -> Result
  ) async rethrows -> Result {
    try await DependencyValues.$inForce.withValue(inForce(dependencies), operation: body)
  }

  /// `dependencies` with the store's clock, which effects sleep on.
  private func inForce(_ dependencies: DependencyValues) -> DependencyValues {
    guard let runtime else { return dependencies }
    var dependencies = dependencies
    dependencies.storeClock = runtime.clock
    return dependencies
  }

  // MARK: - Deriving runners

  /// This runner, in the task whose gate is `gate`.
  func inTask(of gate: EffectGate) -> EffectRunner {
    EffectRunner(runtime: runtime, deliver: deliver, gate: gate, tracker: tracker, scopes: scopes)
  }

  /// This runner, counting its work in `tracker`.
  func with(tracker: EffectTracker?) -> EffectRunner {
    EffectRunner(runtime: runtime, deliver: deliver, gate: gate, tracker: tracker, scopes: scopes)
  }

  /// A runner for an effect whose actions `transform` turns into this runner's.
  func mapped<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectRunner<Child> {
    EffectRunner<Child>(
      runtime: runtime, deliver: { [deliver] in deliver(transform($0), $1) }, gate: gate,
      tracker: tracker, scopes: scopes)
  }

  /// A runner for an effect whose actions are dropped.
  func silenced<Child>() -> EffectRunner<Child> {
    EffectRunner<Child>(
      runtime: runtime, deliver: { _, _ in }, gate: gate, tracker: tracker, scopes: scopes)
  }

  /// A runner for the effect of the child `scope`: its keys are in the child's namespace.
  func scoped(in scope: EffectKey) -> EffectRunner {
    EffectRunner(
      runtime: runtime, deliver: deliver, gate: gate, tracker: tracker, scopes: [scope] + scopes)
  }

  // MARK: - Keys

  /// `key` in this runner's namespaces.
  func scoped(_ key: EffectKey) -> EffectKey {
    scopes.reduce(key) { key, scope in key.scoped(in: scope) }
  }

  /// `lifetime` in this runner's namespaces: a keyed one's key there, and, for a child's
  /// store-bound effect started at the top, a key of its own there.
  private func scoped(_ lifetime: EffectLifetime, isTopLevel: Bool) -> EffectLifetime {
    guard !scopes.isEmpty else { return lifetime }
    switch lifetime.kind {
    case .replaceable(let key): return EffectLifetime(kind: .replaceable(scoped(key)))
    case .cancellable(let key): return EffectLifetime(kind: .cancellable(scoped(key)))
    case .queued(let key, let policy): return EffectLifetime(kind: .queued(scoped(key), policy))
    case .storeBound where isTopLevel:
      return EffectLifetime(kind: .replaceable(scoped(EffectKey(ChildTask()))))
    case .storeBound, .detached: return lifetime
    }
  }

  /// Cancels what runs or waits under `key`, in this runner's namespaces.
  func cancel(_ key: EffectKey) {
    runtime?.cancel(scoped(key))
  }

  /// Cancels what runs or waits under the keys of this runner's namespaces that `picks` picks,
  /// as this runner's child sees them.
  func cancelScopes(where picks: @escaping @Sendable (EffectKey) -> Bool) {
    let picks = scopes.reduce(picks) { picks, scope in
      { key in
        guard let scoped = key.scopedKey, scoped.scope == scope else { return false }
        return picks(scoped.key)
      }
    }
    runtime?.cancelScopes(where: picks)
  }
}

// MARK: - What an effect is, for those that build on it

extension Effect {
  /// Whether the effect does nothing.
  @inlinable
  var isNone: Bool {
    if case .none = operation { return true }
    return false
  }

  /// Builds an effect built on the main actor when it starts, with its dependencies, into the
  /// effect it makes; any other effect stays as it is. The store builds it between reductions,
  /// so that its extensions hear of the effect it makes. Only the main actor's drivers (the
  /// reactors) make such an effect, for a store the main actor owns, which starts it there.
  @inlinable
  mutating func build() {
    guard case .deferred(let dependencies, let build) = operation else { return }
    self = Self.build(build, with: dependencies)
  }

  /// Builds the effect `build` makes, with `dependencies` in force, on the main actor, where
  /// the store that starts it runs.
  @usableFromInline
  static func build(
    _ build: @MainActor @Sendable () -> Effect, with dependencies: DependencyValues
  ) -> Effect {
    MainActor.assumeIsolated { DependencyValues.$inForce.withValue(dependencies) { build() } }
  }

  /// The action, when the effect is a `.send` of it.
  @inlinable
  var sentAction: Action? {
    if case .send(let action) = operation { return action }
    return nil
  }

  /// The actions the effect delivers when it starts, when that is all it does; see
  /// ``StoreDriver/actionsDeliveredAtOnce(by:)``.
  var actionsDeliveredAtOnce: [Action]? {
    switch operation {
    case .none: []
    case .send(let action): [action]
    case .sendAll(let actions) where lifetime == .storeBound: actions
    default: nil
    }
  }

  /// This effect, then `action` once it has finished, unless it was cancelled; with this
  /// effect's lifetime, which then covers both.
  ///
  /// ```swift
  /// return sync(state.items)
  ///   .withLifetime(.cancellable("sync"))
  ///   .followed(by: .syncFinished)
  /// ```
  ///
  /// Unlike `effect.concat(.send(action))`, which sends `action` when the effect was cancelled
  /// too, `action` here says that the effect ran to its end: cancelling the lifetime
  /// (`.cancel("sync")` above) cancels both. A store-bound effect that delivers its actions at
  /// once is followed by `action` at once, in the same turn. A debounced or throttled effect
  /// carries `action` inside: a debounce that a newer one replaced, or an effect a throttle
  /// window dropped, never delivers it.
  ///
  /// - Parameter action: The action to deliver at the end.
  /// - Returns: The effect.
  public func followed(by action: Action) -> Effect {
    if let actions = actionsDeliveredAtOnce {
      return Effect(lifetime: lifetime, operation: .sendAll(actions + [action]))
    }
    let effect = withLifetime(.storeBound)
    return Effect(
      lifetime: lifetime,
      operation: .run(
        EffectWork(
          priority: nil, site: nil,
          body: .composition { runner in
            if await runner.execute(effect) { runner.send(action) }
          })))
  }

  /// This effect as an effect of the runners `derive` derives from the ones that run the result:
  /// a transformed or a child's effect. Actions it delivers at once become `transform`'s (nil:
  /// none); an effect built on the main actor stays one, so that the store builds it at once.
  func run<Outer: Sendable>(
    by derive: @escaping @Sendable (EffectRunner<Outer>) -> EffectRunner<Action>,
    delivering transform: (@Sendable (Action) -> Outer)?
  ) -> Effect<Outer> {
    let operation: Effect<Outer>.Operation
    switch self.operation {
    case .none:
      operation = .none
    case .send(let action):
      operation = transform.map { .send($0(action)) } ?? .none
    case .sendAll(let actions) where lifetime == .storeBound:
      operation = transform.map { .sendAll(actions.map($0)) } ?? .none
    case .deferred(let dependencies, let build):
      operation = .deferred(dependencies) { build().run(by: derive, delivering: transform) }
    default:
      operation = .composed(
        start: { runner, lifetime, buffer in
          derive(runner).start(self.withLifetime(lifetime)) { action in
            if let transform { buffer(transform(action)) }
          }
        },
        execute: { runner, lifetime in
          await derive(runner).execute(self.withLifetime(lifetime))
        })
    }
    return Effect<Outer>(lifetime: lifetime, operation: operation)
  }
}

extension EffectWork {
  /// The work of a task that executes `effect` (see ``EffectRunner/execute(_:)``).
  static func executing(_ effect: Effect<Action>) -> EffectWork {
    EffectWork(
      priority: nil, site: nil, body: .composition { runner in _ = await runner.execute(effect) })
  }
}
