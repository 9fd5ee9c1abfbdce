/// The one interpreter of effects: it starts an effect a reducer returned, and executes the
/// effects that run inside an effect task, on a store's ``EffectRuntime``.
///
/// An ``Effect`` is made of a few primitive operations (see `Effect.Operation`): nothing, actions
/// to deliver, work in a task, an effect built on the main actor, and a composed effect — two
/// functions over a runner, one for each place an effect can be, which every combinator
/// (concatenation, merge, debounce, throttle, cancellation, a child's scope, a transformation of
/// the actions) is built from. The runner gives them what they need: the handle that delivers
/// actions, the tracker that counts the work, the runtime's keys, debounces and throttle windows,
/// and the namespaces of the child whose effect it runs.
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
/// A runner without a runtime executes everything at once, in the calling task, ignoring
/// lifetimes, keys and timing: ``Effect/executeForTesting()``.
@usableFromInline
struct EffectRunner<Action: Sendable>: Sendable {
  /// The store's runtime; nil for ``Effect/executeForTesting()``.
  let runtime: EffectRuntime?
  /// Delivers the effect's actions to the store, behind the gate of the task it runs in.
  let send: Send<Action>
  /// Counts the work of the action whose effect this is.
  let tracker: EffectTracker?
  /// The namespaces of the child whose effect this is, innermost first (see
  /// `EffectScope.swift`); empty for a store's own effects.
  let scopes: [EffectKey]

  init(
    runtime: EffectRuntime?, send: Send<Action>, tracker: EffectTracker?,
    scopes: [EffectKey] = []
  ) {
    self.runtime = runtime
    self.send = send
    self.tracker = tracker
    self.scopes = scopes
  }

  // MARK: - Interpreting

  /// Starts `effect` where a reducer returned it: actions it delivers at once go to `buffer`,
  /// work it does in a task gets a task of its own.
  func start(_ effect: Effect<Action>, buffer: (Action) -> Void) {
    switch effect.operation {
    case .none:
      return
    case .send(let action):
      buffer(action)
    case .sendAll(let actions) where effect.lifetime == .storeBound:
      for action in actions { buffer(action) }
    case .sendAll, .run, .deferred:
      spawn(effect, isTopLevel: true)
    case .composed(let start, _):
      start(self, effect.lifetime, buffer)
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
    case .deferred(let build):
      return await execute(MainActor.run(body: build))
    case .composed(_, let execute):
      return await execute(self, effect.lifetime)
    case .sendAll(let actions) where effect.lifetime == .storeBound || runtime == nil:
      for action in actions { send(action) }
      return !Task.isCancelled
    case .run(_, _, let body) where effect.lifetime == .storeBound || runtime == nil:
      await body(self)
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

  /// Starts a registered task, under `effect`'s lifetime, that executes it; nil when it may not
  /// start. The body of a `.run` is the task's work itself, and its place the task's.
  @discardableResult
  private func spawn(_ effect: Effect<Action>, isTopLevel: Bool) -> Task<Void, Never>? {
    if case .run(let priority, let site, let body) = effect.operation {
      return spawn(
        lifetime: effect.lifetime, isTopLevel: isTopLevel, priority: priority, site: site,
        work: body)
    }
    let work = effect.withLifetime(.storeBound)
    return spawn(lifetime: effect.lifetime, isTopLevel: isTopLevel) { runner in
      _ = await runner.execute(work)
    }
  }

  /// Starts `work` in a task of its own, registered under `lifetime` in this runner's
  /// namespaces (a child's store-bound effect started at the top gets a key of its own there, so
  /// that the child's end cancels it); `work` gets a runner behind the task's gate. `site` is
  /// where the effect whose work it is was made, when that is one place. Nil when it may not
  /// start.
  private func spawn(
    lifetime: EffectLifetime, isTopLevel: Bool, priority: TaskPriority? = nil,
    site: EffectSite? = nil, work: @escaping @Sendable (EffectRunner) async -> Void
  ) -> Task<Void, Never>? {
    // A runner without a runtime executes every effect in the calling task: it never spawns.
    guard let runtime else {
      assertionFailure("An effect task was started without a runtime")
      return nil
    }
    return runtime.spawn(
      lifetime: scoped(lifetime, isTopLevel: isTopLevel), priority: priority, site: site,
      send: send, tracker: tracker
    ) { send in
      await work(with(send: send))
    }
  }

  // MARK: - Deriving runners

  /// This runner with another handle: the one of the task it runs in.
  func with(send: Send<Action>) -> EffectRunner {
    EffectRunner(runtime: runtime, send: send, tracker: tracker, scopes: scopes)
  }

  /// This runner, counting its work in `tracker`.
  func with(tracker: EffectTracker?) -> EffectRunner {
    EffectRunner(runtime: runtime, send: send, tracker: tracker, scopes: scopes)
  }

  /// A runner for an effect whose actions `transform` turns into this runner's.
  func mapped<Child>(_ transform: @escaping @Sendable (Child) -> Action) -> EffectRunner<Child> {
    EffectRunner<Child>(
      runtime: runtime, send: send.map(transform), tracker: tracker, scopes: scopes)
  }

  /// A runner for an effect whose actions are dropped.
  func silenced<Child>() -> EffectRunner<Child> {
    EffectRunner<Child>(
      runtime: runtime,
      send: Send(
        deliver: { _, _ in }, gate: send.gate, report: send.report,
        dependencies: send.dependencies),
      tracker: tracker, scopes: scopes)
  }

  /// This runner, with `update` applied to the dependencies its effects run with.
  func updatingDependencies(_ update: (inout DependencyValues) -> Void) -> EffectRunner {
    var dependencies = send.dependencies
    update(&dependencies)
    return with(send: send.with(dependencies: dependencies))
  }

  /// A runner for the effect of the child `scope`: its keys are in the child's namespace.
  func scoped(in scope: EffectKey) -> EffectRunner {
    EffectRunner(runtime: runtime, send: send, tracker: tracker, scopes: [scope] + scopes)
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
