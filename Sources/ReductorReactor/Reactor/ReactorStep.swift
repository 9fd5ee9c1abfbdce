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
  /// The end of a fetch: its state, written if no newer fetch of the same key path began.
  case fetchEnded(FetchEnd<R.State>)
}

extension ReactorStep {
  /// The step that reduces `mutation`.
  @inlinable
  static func mutation(_ mutation: R.Mutation) -> ReactorStep {
    .event(ReactorEvent(kind: .mutation(mutation)))
  }
}

extension ReactorStep {
  /// The action a step carries, which instrumentation targets see.
  @usableFromInline
  @Sendable
  static func action(of step: ReactorStep) -> R.Action? {
    guard case .event(let event) = step, case .action(let action) = event.kind else { return nil }
    return action
  }

  /// How a step takes part in the stages: every event starts a cycle; the machinery does not.
  @usableFromInline
  @Sendable
  static func stageRole(of step: ReactorStep) -> StageRole {
    guard case .event = step else { return .machinery }
    return .cycle(reduces: true)
  }

  /// The case name of the action, mutation or destination a step carries.
  @usableFromInline
  @Sendable
  static func caseName(of step: ReactorStep) -> String {
    switch step {
    case .event(let event):
      switch event.kind {
      case .action(let action): CaseName.of(action)
      case .mutation(let mutation): CaseName.of(mutation)
      case .destination: CaseName.of(event.kind)
      }
    case .start: "start"
    case .startCollectedWork: "startCollectedWork"
    case .fetchEnded: "fetchEnded"
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
    case .start, .startCollectedWork: Mirror(self, children: [], displayStyle: .enum)
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
