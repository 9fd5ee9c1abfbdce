public import Reductor

/// What a reactable's store reduces: its actions and mutations, and the steps of its machinery.
@usableFromInline
enum ReactableStep<R: Reactable>: Sendable {
  /// An action: reduced by calling `mutate(action:)` once the reduction is over.
  case action(R.Action)
  /// A mutation, reduced by the reactable's `reduce(state:mutation:)`.
  case mutation(R.Mutation)
  /// An action whose `mutate(action:)` was called before its send: starts the effect it returned.
  case mutated(MutatedAction<R>)
  /// Starts `transformAction()`, the first time only.
  case start
  /// The end of an action's mutations: publishes the action's `ObservableEventResult`.
  case finished(R.Action)
  /// Replaces the state with the one a test gave the reactable's stub.
  case applyStubbedState
}

/// An action whose `mutate(action:)` ran before its send, with the steps of the mutations it
/// returned. A class, so that the step holding it is one reference: with the effect inline, every
/// copy and destroy of a step went through the generic enum's value witnesses, with an
/// associated-type lookup each time (`reactable.action`; see Benchmarks/NOTES.md).
@usableFromInline
final class MutatedAction<R: Reactable>: Sendable {
  @usableFromInline let action: R.Action
  @usableFromInline let steps: Effect<ReactableStep<R>>

  @inlinable
  init(_ action: R.Action, steps: Effect<ReactableStep<R>>) {
    self.action = action
    self.steps = steps
  }
}

extension ReactableStep: CustomStringConvertible {
  /// How diagnostics name a step: an action as `action(increase)`, whether `mutate` ran before
  /// the store reduced it or in its turn; a mutation as `mutation(increaseValue)`; the
  /// machinery's steps by name.
  @usableFromInline
  var description: String {
    switch self {
    case .action(let action): "action(\(action))"
    case .mutated(let mutated): "action(\(mutated.action))"
    case .mutation(let mutation): "mutation(\(mutation))"
    case .finished(let action): "finished(\(action))"
    case .start: "start"
    case .applyStubbedState: "applyStubbedState"
    }
  }
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
    case .mutated(let mutated):
      Mirror(self, children: ["action": mutated.action], displayStyle: .enum)
    case .finished(let action): Mirror(self, children: ["finished": action], displayStyle: .enum)
    case .start, .applyStubbedState: Mirror(self, children: [], displayStyle: .enum)
    }
  }
}

extension ReactableStep: ReactorShapeStep {
  @inlinable
  init(sent action: R.Action) {
    self = .action(action)
  }

  @usableFromInline
  var action: R.Action? {
    switch self {
    case .action(let action): action
    case .mutated(let mutated): mutated.action
    case .mutation, .start, .finished, .applyStubbedState: nil
    }
  }

  /// An action starts a cycle (its `mutate`, not its reduction, is a stage), a mutation's
  /// reduction is a stage of the cycle that delivered it.
  @usableFromInline
  var stageRole: StoreDriver.StageRole {
    switch self {
    case .action, .mutated: .cycle(reduces: false)
    case .mutation: .reduction
    case .start, .finished, .applyStubbedState: .machinery
    }
  }

  @inlinable
  static var hasEffectOnlySteps: Bool {
    true
  }

  /// An action's steps, the start and an action's end: only mutations, and a stub's state,
  /// change the state.
  @inlinable
  var isEffectOnly: Bool {
    switch self {
    case .action, .mutated, .start, .finished: true
    case .mutation, .applyStubbedState: false
    }
  }

  /// The action or mutation a step carries; the step itself for the machinery.
  @usableFromInline
  var named: Any {
    switch self {
    case .action(let action), .finished(let action): action
    case .mutated(let mutated): mutated.action
    case .mutation(let mutation): mutation
    case .start, .applyStubbedState: self
    }
  }
}
