public import Reductor

/// What a reactable's store reduces: its actions and mutations, and the steps of its machinery.
@usableFromInline
enum ReactableStep<R: Reactable>: Sendable {
  /// An action: reduced by calling `mutate(action:)` once the reduction is over.
  case action(R.Action)
  /// A mutation, reduced by the reactable's `reduce(state:mutation:)`.
  case mutation(R.Mutation)
  /// An action whose `mutate(action:)` was called before its send: starts the effect it returned.
  case mutated(R.Action, Effect<ReactableStep>)
  /// Starts `transformAction()`, the first time only.
  case start
  /// The end of an action's mutations: publishes the action's `ObservableEventResult`.
  case finished(R.Action)
  /// Replaces the state with the one a test gave the reactable's stub.
  case applyStubbedState
}

extension ReactableStep: CustomReflectable {
  /// What logging shows: an action or a mutation as itself (`action(increase)`), the other steps
  /// by name.
  @usableFromInline
  var customMirror: Mirror {
    switch self {
    case .action(let action): Mirror(self, children: ["action": action], displayStyle: .enum)
    case .mutation(let mutation):
      Mirror(self, children: ["mutation": mutation], displayStyle: .enum)
    case .mutated(let action, _): Mirror(self, children: ["action": action], displayStyle: .enum)
    case .finished(let action): Mirror(self, children: ["finished": action], displayStyle: .enum)
    case .start, .applyStubbedState: Mirror(self, children: [], displayStyle: .enum)
    }
  }
}
