public import Reductor

/// What a reactor's store reduces: the reactor's events, and the steps of its own machinery.
@usableFromInline
enum ReactorStep<R: Reactor>: Sendable {
  /// An action, mutation or destination, reduced by the reactor.
  case event(R.Event)
  /// Runs the reactor's `transform()`, the first time only.
  case start
  /// Starts the work that `run`, `fetch`, `debounce` or `subscribe` collected outside a
  /// reduction.
  case startCollectedWork
  /// Starts the work that no send awaits (debounces), in a send of its own.
  case startWorkApart
  /// The end of a fetch: its state, written if no newer fetch of the same key path began. Boxed:
  /// inline, its payload made every step several words larger than an event, and every send
  /// copied them.
  indirect case fetchEnded(FetchEnd<R.State>)
}

extension ReactorStep {
  /// The step that reduces `mutation`.
  @inlinable
  static func mutation(_ mutation: R.Mutation) -> ReactorStep {
    .event(ReactorEvent(kind: .mutation(mutation)))
  }
}

extension ReactorStep: ReactorShapeStep {
  @inlinable
  init(sent action: R.Action) {
    self = .event(ReactorEvent(kind: .action(action)))
  }

  @usableFromInline
  var action: R.Action? {
    guard case .event(let event) = self, case .action(let action) = event.kind else { return nil }
    return action
  }

  /// Every event starts a cycle; the machinery does not.
  @usableFromInline
  var stageRole: StoreDriver.StageRole {
    guard case .event = self else { return .machinery }
    return .cycle(reduces: true)
  }

  /// None: every step may write the state (the machinery's apply the `.loading` writes of
  /// fetches started outside `reduce`).
  @inlinable
  static var hasEffectOnlySteps: Bool {
    false
  }

  @inlinable
  var isEffectOnly: Bool {
    false
  }

  /// An event's action or mutation; its kind for a destination (named `destination`); the
  /// step itself for the machinery.
  @usableFromInline
  var named: Any {
    guard case .event(let event) = self else { return self }
    switch event.kind {
    case .action(let action): return action
    case .mutation(let mutation): return mutation
    case .destination: return event.kind
    }
  }
}

extension ReactorStep: CustomStringConvertible {
  /// How diagnostics name a step: an event as its kind (`action(load)`), the machinery's steps
  /// by name.
  @usableFromInline
  var description: String {
    switch self {
    case .event(let event):
      switch event.kind {
      case .action(let action): "action(\(action))"
      case .mutation(let mutation): "mutation(\(mutation))"
      case .destination(let destination): "destination(\(destination.map { "\($0)" } ?? "nil"))"
      }
    case .start: "start"
    case .startCollectedWork: "startCollectedWork"
    case .startWorkApart: "startWorkApart"
    case .fetchEnded(let end): "fetchEnded(\(end))"
    }
  }
}

extension ReactorStep: CustomReflectable {
  /// What logging shows: an event as its kind (`action(load)`), a fetch's end as its key path
  /// and outcome, the other steps by name.
  @usableFromInline
  var customMirror: Mirror {
    switch self {
    case .event(let event): Mirror(reflecting: event.kind)
    case .fetchEnded(let end): Mirror(self, children: ["fetchEnded": end], displayStyle: .enum)
    case .start, .startCollectedWork, .startWorkApart:
      Mirror(self, children: [], displayStyle: .enum)
    }
  }
}

/// How a fetch ended, for its key path in the state.
@usableFromInline
struct FetchEnd<State>: Sendable, CustomStringConvertible, CustomReflectable {
  /// The slot of the fetch's key path in the reactor's runtime.
  @usableFromInline let slot: Int
  /// Which fetch of that key path this was.
  @usableFromInline let generation: UInt64
  /// Writes `.success`, `.failure` or `.idle` there.
  @usableFromInline let write: @MainActor @Sendable (inout State) -> Void
  /// The key path, and the case written, for logging.
  @usableFromInline let keyPathName: String
  @usableFromInline let outcome: StaticString

  /// The key path and the outcome, for logging: `\State.items: success`.
  @usableFromInline
  var description: String {
    "\(keyPathName): \(outcome)"
  }

  /// No children: logging shows the description.
  @usableFromInline
  var customMirror: Mirror {
    Mirror(self, children: [])
  }
}
