/// A description of work for the store to run after a reducer returns, and of the actions that
/// work feeds back.
///
/// An effect is a value: building one does nothing. The store that receives it from a reducer
/// runs it on its effect runtime, with its ``lifetime`` deciding when it is cancelled.
///
/// ```swift
/// case .load:
///   return .run { .loaded(try await api.fetchCount()) } catch: { _ in .loadFailed }
/// case .observe:
///   return .stream(lifetime: .replaceable("ticks")) { ticker.map { CounterAction.tick($0) } }
/// case .stop:
///   return .cancel("ticks")
/// ```
public struct Effect<Action: Sendable>: Sendable {
  /// How long the effect may run; see ``EffectLifetime``.
  public let lifetime: EffectLifetime

  @usableFromInline let operation: Operation

  /// What the effect does, in the few primitive forms every effect is built from;
  /// ``EffectRunner`` interprets them, and is the only place that looks into them.
  @usableFromInline
  indirect enum Operation: Sendable {
    case none
    /// Delivers one action at once.
    case send(Action)
    /// Delivers actions at once, in order: a concatenation or merge of sends.
    case sendAll([Action])
    /// Work in a task: a `.run` or `.stream` operation, or the body of a composition.
    case run(EffectWork<Action>)
    /// An effect built on the main actor when it starts, with the dependencies in force where
    /// it was made; see ``Effect/deferred(_:)``.
    case deferred(DependencyValues, @MainActor @Sendable () -> Effect<Action>)
    /// An effect made of others or of the runtime's services — a debounce, a throttle, a
    /// cancellation, a child's effect, a transformed one — as what it does where it starts
    /// (with the store's buffer for actions delivered at once) and inside a task (returning
    /// whether it ran to its end). Both get the lifetime of the effect.
    case composed(
      start: @Sendable (EffectRunner<Action>, EffectLifetime, (Action) -> Void) -> Void,
      execute: @Sendable (EffectRunner<Action>, EffectLifetime) async -> Bool)
  }

  @inlinable
  init(lifetime: EffectLifetime = .storeBound, operation: Operation) {
    self.lifetime = lifetime
    self.operation = operation
  }
}

/// The work of an effect that needs a task: what ``Effect/Operation/run(_:)`` holds.
@usableFromInline
struct EffectWork<Action: Sendable>: Sendable {
  /// What the task does.
  enum Body: Sendable {
    /// A `.run` or `.stream` operation: it gets a ``Send`` of its own, runs with the
    /// dependencies in force where the effect was made, and gives an error it throws (not a
    /// cancellation) to `onError`.
    case operation(
      @Sendable (Send<Action>) async throws -> Void,
      onError: @Sendable (any Error, Send<Action>) async -> Void,
      dependencies: DependencyValues)
    /// The body of a composition: it executes other effects with the runner, each with its own
    /// dependencies.
    case composition(@Sendable (EffectRunner<Action>) async -> Void)
  }

  let priority: TaskPriority?
  /// Where the `.run` or `.stream` was made, for the diagnostics that name it.
  let site: EffectSite?
  let body: Body
}

/// How long an effect may run, relative to its store and to other effects.
///
/// | lifetime | meaning |
/// |---|---|
/// | ``storeBound`` (default) | cancelled when the store is deinitialized |
/// | ``replaceable(_:)`` | starting it cancels the in-flight effect with the same key in the same store; also cancelled when the store is deinitialized |
/// | ``cancellable(_:)`` | runs beside the other effects with the same key; cancelled with them by ``Effect/cancel(_:)`` of the key, by a replaceable effect with the key, and when the store is deinitialized |
/// | ``queued(_:_:)`` | runs in the queue the key names, as its ``EffectQueuePolicy`` says: the newest or the oldest few at once, the others cancelled, waiting or dropped; cancelled like a cancellable one |
/// | ``detached`` | keeps running after the store is gone; the actions it produces after that are dropped quietly |
public struct EffectLifetime: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case storeBound
    case replaceable(EffectKey)
    case cancellable(EffectKey)
    /// An effect of the queue the key names; see `Queue/`.
    case queued(EffectKey, EffectQueuePolicy)
    case detached
  }

  @usableFromInline let kind: Kind

  @usableFromInline
  init(kind: Kind) {
    self.kind = kind
  }

  /// Cancelled when the store that runs the effect is deinitialized. The default.
  @inlinable
  public static var storeBound: EffectLifetime {
    EffectLifetime(kind: .storeBound)
  }

  /// Not cancelled when the store is deinitialized; actions produced after that are dropped.
  @inlinable
  public static var detached: EffectLifetime {
    EffectLifetime(kind: .detached)
  }

  /// Cancels the effect already in flight under `key` in the same store when this one starts.
  ///
  /// Keys are scoped to one root store: two stores never cancel each other's effects. Replaceable
  /// effects and debounces share the store's keys, so a debounce and a replaceable effect with the
  /// same key replace each other.
  ///
  /// ```swift
  /// return .run(lifetime: .replaceable("search")) { .results(try await api.search(query)) }
  /// ```
  ///
  /// - Parameter key: Any hashable, sendable value; strings and enum cases work well.
  /// - Returns: The lifetime.
  public static func replaceable(_ key: some Hashable & Sendable) -> EffectLifetime {
    EffectLifetime(kind: .replaceable(EffectKey(key)))
  }

  /// Registers the effect under `key` without cancelling what runs there: a second one runs
  /// beside the first, and ``Effect/cancel(_:)`` of the key cancels them all (TCA's
  /// `cancellable(id:cancelInFlight: false)`).
  ///
  /// A ``replaceable(_:)`` effect or a debounce with the same key cancels them too, as it takes
  /// the key over. Keys are scoped to one root store, as replaceable ones are.
  ///
  /// ```swift
  /// return .run(lifetime: .cancellable("delay")) {
  ///   try await EffectContext.clock.sleep(for: .seconds(1))
  ///   return .delayedIncrement
  /// }
  /// ```
  ///
  /// - Parameter key: Any hashable, sendable value; strings and enum cases work well.
  /// - Returns: The lifetime.
  public static func cancellable(_ key: some Hashable & Sendable) -> EffectLifetime {
    EffectLifetime(kind: .cancellable(EffectKey(key)))
  }

  /// A readable description, such as `replaceable("search")`.
  public var description: String {
    switch kind {
    case .storeBound: "storeBound"
    case .detached: "detached"
    case .replaceable(let key): "replaceable(\(key))"
    case .cancellable(let key): "cancellable(\(key))"
    case .queued(let key, let policy): "queued(\(key), \(policy))"
    }
  }
}

/// The effect type of a reducer.
public typealias EffectOf<R: Reducer> = Effect<R.Action>

/// The place in the source that made an effect: a `.run` or `.stream`, for the diagnostics that
/// name it.
@usableFromInline
struct EffectSite: Sendable, CustomStringConvertible {
  let fileID: String
  let line: UInt

  /// `Feature/Search.swift:42`.
  @usableFromInline
  var description: String {
    "\(fileID):\(line)"
  }
}

// MARK: - Constructors

extension Effect {
  /// No work.
  @inlinable
  public static var none: Effect {
    Effect(operation: .none)
  }

  /// An effect built on the main actor when the store starts it, with the dependencies in force
  /// here; see ``StoreDriver/deferred(_:)``, through which drivers make it.
  @usableFromInline
  static func deferred(_ build: @escaping @MainActor @Sendable () -> Effect) -> Effect {
    Effect(operation: .deferred(DependencyValues.current, build))
  }

  /// Delivers `action` right away, through the store's buffer, after the current action.
  ///
  /// - Parameter action: The action to deliver.
  /// - Returns: The effect.
  @inlinable
  public static func send(_ action: Action) -> Effect {
    Effect(operation: .send(action))
  }

  /// Runs one asynchronous operation and delivers the action it returns.
  ///
  /// A thrown error is mapped to an action by `catch`; without a handler it is reported through
  /// ``ReducerStore/diagnosticHandler`` and no action is delivered. `CancellationError`, and any
  /// error thrown once the effect is cancelled, is silent.
  ///
  /// ```swift
  /// return .run {
  ///   .loaded(try await api.fetchCount())
  /// } catch: { error in
  ///   .loadFailed("\(error)")
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: When the effect is cancelled; ``EffectLifetime/storeBound`` by default.
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work; its result is delivered to the store.
  ///   - handler: Maps an error thrown by `operation` to an action.
  ///   - fileID: The file that created the effect, named in diagnostics.
  ///   - line: The line that created the effect, named in diagnostics.
  /// - Returns: The effect.
  public static func run(
    lifetime: EffectLifetime = .storeBound,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable () async throws -> Action,
    catch handler: (@Sendable (any Error) -> Action)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    run(lifetime: lifetime, priority: priority, catch: handler, fileID: fileID, line: line) {
      send in send(try await operation())
    }
  }

  /// Runs an asynchronous operation that may deliver any number of actions through `send`.
  ///
  /// ```swift
  /// return .run { send in
  ///   send(.started)
  ///   for try await line in log.lines {
  ///     send(.line(line))
  ///   }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: When the effect is cancelled; ``EffectLifetime/storeBound`` by default.
  ///   - priority: The priority of the task that runs the operation.
  ///   - handler: Maps an error thrown by `operation` to an action; without one, the error is
  ///     reported as a ``StoreDiagnostic``.
  ///   - fileID: The file that created the effect, named in diagnostics.
  ///   - line: The line that created the effect, named in diagnostics.
  ///   - operation: The work, with a ``Send`` handle that delivers actions to the store.
  /// - Returns: The effect.
  public static func run(
    lifetime: EffectLifetime = .storeBound,
    priority: TaskPriority? = nil,
    catch handler: (@Sendable (any Error) -> Action)? = nil,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void
  ) -> Effect {
    let site = EffectSite(fileID: "\(fileID)", line: line)
    return running(lifetime: lifetime, priority: priority, site: site, operation) {
      error, send in
      if let handler {
        send(handler(error))
      } else {
        send.report(
          StoreDiagnostic(
            kind: .effectFailed,
            message: "An effect threw \(error) and has no catch handler; it delivered no "
              + "action. Pass `catch:` to map the error to an action.",
            error: error, fileID: site.fileID, line: site.line))
      }
    }
  }

  /// Runs an operation that may deliver any number of actions through `send`, and gives an
  /// error it throws to `handler` with the same `send`, so the handler may deliver any number of
  /// actions too.
  ///
  /// ```swift
  /// return .run { send in
  ///   send(.setLoading(true))
  ///   send(.setData(try await api.fetchData()))
  ///   send(.setLoading(false))
  /// } catch: { error, send in
  ///   send(.setLoading(false))
  ///   send(.setError("\(error)"))
  /// }
  /// ```
  ///
  /// `CancellationError`, and any error thrown once the effect is cancelled, does not reach the
  /// handler. The effect finishes when the handler returns; actions sent after that are dropped
  /// and reported.
  ///
  /// - Parameters:
  ///   - lifetime: When the effect is cancelled; ``EffectLifetime/storeBound`` by default.
  ///   - priority: The priority of the task that runs the operation.
  ///   - operation: The work, with a ``Send`` handle that delivers actions to the store.
  ///   - handler: Handles an error thrown by `operation`, with the same handle.
  ///   - fileID: The file that created the effect, named in diagnostics.
  ///   - line: The line that created the effect, named in diagnostics.
  /// - Returns: The effect.
  public static func run(
    lifetime: EffectLifetime = .storeBound,
    priority: TaskPriority? = nil,
    operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    catch handler: @escaping @Sendable (any Error, Send<Action>) async -> Void,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) -> Effect {
    let site = EffectSite(fileID: "\(fileID)", line: line)
    return running(lifetime: lifetime, priority: priority, site: site, operation) {
      error, send in await handler(error, send)
    }
  }

  /// The effect of both `run` forms with a ``Send``: runs `operation` with the dependencies in
  /// force here, where the effect is made, and gives an error it throws (not a cancellation) to
  /// `onError`.
  private static func running(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    site: EffectSite,
    dependencies: DependencyValues = DependencyValues.current,
    _ operation: @escaping @Sendable (Send<Action>) async throws -> Void,
    onError: @escaping @Sendable (any Error, Send<Action>) async -> Void
  ) -> Effect {
    Effect(
      lifetime: lifetime,
      operation: .run(
        EffectWork(
          priority: priority, site: site,
          body: .operation(operation, onError: onError, dependencies: dependencies))))
  }

  /// Delivers every element of an asynchronous sequence as an action, in order, until the
  /// sequence ends or the effect is cancelled.
  ///
  /// The sequence must not throw (`Failure == Never`); map errors to actions before passing it.
  ///
  /// ```swift
  /// return .stream(lifetime: .replaceable("socket")) {
  ///   socket.messages.map { ChatAction.received($0) }
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - lifetime: When the effect is cancelled; ``EffectLifetime/storeBound`` by default.
  ///   - fileID: The file that created the effect, named in diagnostics.
  ///   - line: The line that created the effect, named in diagnostics.
  ///   - makeSequence: Creates the sequence when the effect starts.
  /// - Returns: The effect.
  ///
  /// The sequence and its iterator are made where the effect starts, with the effect's
  /// dependencies and clock in force: right after the reduction that returned it, before
  /// `send` returns (or, inside a concatenation, when the concatenation reaches it). A sequence
  /// that forwards only what is sent while it is iterated, such as a passthrough publisher, sees
  /// every value sent after that; its task then takes the values.
  public static func stream<Sequence: AsyncSequence>(
    lifetime: EffectLifetime = .storeBound,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    _ makeSequence: @escaping @Sendable () -> Sequence
  ) -> Effect
  where Sequence: SendableMetatype, Sequence.Element == Action, Sequence.Failure == Never {
    let site = EffectSite(fileID: "\(fileID)", line: line)
    let dependencies = DependencyValues.current
    let makeIterator: @Sendable (EffectRunner<Action>) -> Locked<Sequence.AsyncIterator?> = {
      runner in runner.withDependencies(dependencies) { Locked(makeSequence().makeAsyncIterator()) }
    }
    // The operation that delivers the sequence's elements. It takes the iterator once; a task
    // cancelled before it ran does not iterate, so a transform of the sequence never sees what
    // was sent meanwhile.
    let forwarding: @Sendable (Locked<Sequence.AsyncIterator?>, EffectLifetime) -> Effect = {
      iterator, lifetime in
      running(lifetime: lifetime, priority: nil, site: site, dependencies: dependencies) { send in
        guard var actions = iterator.withLock({ $0.take() }), !Task.isCancelled else { return }
        while let action = await actions.next(isolation: nil) { send(action) }
      } onError: { _, _ in
      }
    }
    return Effect(
      lifetime: lifetime,
      operation: .composed(
        start: { runner, lifetime, _ in
          runner.start(forwarding(makeIterator(runner), lifetime)) { _ in }
        },
        execute: { runner, lifetime in
          await runner.execute(forwarding(makeIterator(runner), lifetime))
        }))
  }

  /// Cancels whatever runs or waits under `key` in the same store.
  ///
  /// Cancelling a key with nothing under it does nothing.
  ///
  /// - Parameter key: The key given to ``EffectLifetime/replaceable(_:)``.
  /// - Returns: The effect.
  public static func cancel(_ key: some Hashable & Sendable) -> Effect {
    let key = EffectKey(key)
    return doing { runner in runner.cancel(key) }
  }

  /// An effect that does `work` with the runner at once, where it starts or inside a task: a
  /// cancellation.
  static func doing(_ work: @escaping @Sendable (EffectRunner<Action>) -> Void) -> Effect {
    Effect(
      operation: .composed(
        start: { runner, _, _ in work(runner) },
        execute: { runner, _ in
          work(runner)
          return true
        }))
  }
}

// MARK: - Transforming

extension Effect {
  /// The same work with another lifetime, for effects whose constructor takes none, such as
  /// compositions.
  ///
  /// ```swift
  /// return Effect.concat {
  ///   Effect.run { .step1Finished }
  ///   Effect.run { .step2Finished }
  /// }.withLifetime(.replaceable("steps"))  // `.cancel("steps")` stops the rest
  /// ```
  ///
  /// - Parameter lifetime: The new lifetime.
  /// - Returns: The effect with that lifetime.
  public func withLifetime(_ lifetime: EffectLifetime) -> Effect {
    Effect(lifetime: lifetime, operation: operation)
  }

  /// Transforms every action the effect produces; the work and lifetime are unchanged.
  ///
  /// This is how a parent reducer embeds a child's effects:
  ///
  /// ```swift
  /// case .todo(let childAction):
  ///   return todoReducer(into: &state.todo, action: childAction).map(AppAction.todo)
  /// ```
  ///
  /// - Parameter transform: Maps a produced action to the parent's action.
  /// - Returns: The transformed effect.
  @inlinable
  public func map<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    switch operation {
    case .none: Effect<NewAction>(lifetime: lifetime, operation: .none)
    case .send(let action):
      Effect<NewAction>(lifetime: lifetime, operation: .send(transform(action)))
    default: mapping(transform)
    }
  }

  /// ``map(_:)`` of an effect that does more than deliver one action.
  @usableFromInline
  func mapping<NewAction: Sendable>(
    _ transform: @escaping @Sendable (Action) -> NewAction
  ) -> Effect<NewAction> {
    run(by: { $0.mapped(transform) }, delivering: transform)
  }

  /// Runs the same work but drops every action it produces.
  ///
  /// - Returns: An effect of any action type, with the same work and lifetime.
  public func mapNone<NewAction: Sendable>() -> Effect<NewAction> {
    run(by: { $0.silenced() }, delivering: nil)
  }
}
