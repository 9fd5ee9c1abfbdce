internal import Reductor

/// What an async reactor's store reduces: its inputs, and the states their processing made.
enum AsyncReactorStep<R: AsyncReactor>: Sendable {
  /// An input: its processing is an effect, which waits for its predecessor's.
  case input(R.Input)
  /// The state an input's `mutate` returned, and the mutation it was made from.
  case mutated(R.State, by: R.Mutation)
}

extension AsyncReactorStep: ReactorShapeStep {
  init(sent input: R.Input) {
    self = .input(input)
  }

  var action: R.Input? {
    guard case .input(let input) = self else { return nil }
    return input
  }

  /// An input starts a cycle, whose stage is its effect; storing a state is machinery.
  var stageRole: StoreDriver.StageRole {
    guard case .input = self else { return .machinery }
    return .cycle(reduces: false)
  }

  static var hasEffectOnlySteps: Bool {
    true
  }

  /// An input: only the state its processing stores changes the state.
  var isEffectOnly: Bool {
    guard case .input = self else { return false }
    return true
  }

  /// The input; the step itself (`mutated`) for a stored state.
  var named: Any {
    guard case .input(let input) = self else { return self }
    return input
  }
}

extension AsyncReactorStep: CustomStringConvertible {
  /// How diagnostics name a step: `input(increment)`, and `mutated` for a stored state.
  var description: String {
    switch self {
    case .input(let input): "input(\(input))"
    case .mutated: "mutated"
    }
  }
}

extension AsyncReactorStep: CustomReflectable {
  /// What logging shows: `input(increment)`, and `mutated` for a stored state.
  var customMirror: Mirror {
    switch self {
    case .input(let input): Mirror(self, children: ["input": input], displayStyle: .enum)
    case .mutated: Mirror(self, children: [], displayStyle: .enum)
    }
  }
}

/// The reducer of an `AsyncReactor`'s store, with the turn of its last input and the views it
/// calls with each state.
///
/// Each input's processing is an effect of the store: it waits for the previous input's turn to
/// end, then, on the main actor, calls the reactor's `reduce` and `mutate` and stores the state
/// with a send of its own before its own turn ends, so the next input's `reduce` reads that
/// state. A turn ends however its processing ends, cancelled or never started included, so one
/// input's fate never stops the next.
@MainActor
final class AsyncReactorReducer<R: AsyncReactor>: @MainActor ReactorShape {
  weak var owner: R?
  @exclusivity(unchecked) var sendingOwner: Unmanaged<R>?
  weak var store: ReducerStore<R.State, AsyncReactorStep<R>>?
  /// The dependencies a test store gives the reactor; unchecked for exclusivity, as the flags:
  /// every step reads it.
  @exclusivity(unchecked) var dependencies: DependencyOverride?
  /// The reactor's own code runs in effects, never while the store reduces.
  var isReducing: Bool { false }
  /// The turn of the input reduced last.
  private var lastTurn: InputTurn?
  /// The views to call with each state, in the order they first sent an input.
  private var views: [ViewBinding] = []

  init(owner reactor: R) {
    owner = reactor
  }

  static func initialState(of reactor: R) -> R.State {
    reactor.initialState()
  }

  static func clock(of reactor: R) -> any Clock<Duration> {
    reactor.clock
  }

  static func instrumentation(of reactor: R) -> Instrumentation.Options<R.Input>? {
    reactor.instrumentation
  }

  /// Never said: no code of the reactor runs while its store reduces.
  static var stateReadWhileReducingMessage: String {
    "\(R.self).currentState was read while its store stored a state."
  }

  /// A view that sent an input, held weakly.
  private struct ViewBinding {
    weak var view: AnyObject?
    let call: (R.State) -> Void
  }

  func reduce(
    _ state: inout R.State, _ step: AsyncReactorStep<R>, by reactor: R
  ) -> Effect<AsyncReactorStep<R>> {
    switch step {
    case .input(let input):
      let previous = lastTurn
      let turn = InputTurn()
      lastTurn = turn
      // Released with the effect, whether it ran or not: the turn then ends.
      let end = TurnEnd(turn)
      return .run { [weak self] _ in
        await self?.process(input, after: previous)
        end.end()
      }
    case .mutated(let newState, _):
      state = newState
      return StoreDriver.deferred { [weak self] in
        self?.callViews(with: newState)
        return .none
      }
    }
  }

  /// Processes `input` once `previous` has ended: reduces it, mutates the state and stores it.
  private func process(_ input: R.Input, after previous: InputTurn?) async {
    await previous?.wait()
    guard let reactor = owner else { return }
    let mutation = await reactor.reduce(input)
    let state = await reactor.mutate(reactor.currentState, mutation: mutation)
    store?.send(.mutated(state, by: mutation))
  }

  /// Calls the views with a state just stored; forgets those that are gone.
  private func callViews(with state: R.State) {
    guard !views.isEmpty else { return }
    // On a copy: a view may send from `state(_:)`, which binds it.
    for binding in views where binding.view != nil { binding.call(state) }
    views.removeAll { $0.view == nil }
  }

  /// Calls `view`'s `state(_:)` with each state from now on, until the view is gone.
  func bind<View: AsyncReactorView>(_ view: View) where View.Reactor == R {
    guard !views.contains(where: { $0.view === view }) else { return }
    views.append(ViewBinding(view: view) { [weak view] state in view?.state(state) })
  }
}

/// The turn of one input: the next input's processing waits until it ends.
final class InputTurn: Sendable {
  private let state = Locked((ended: false, waiters: [CheckedContinuation<Void, Never>]()))

  /// Ends the turn; the waiters go on. Later calls do nothing.
  func end() {
    let waiters = state.withLock { state in
      if state.ended { return [CheckedContinuation<Void, Never>]() }
      state.ended = true
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in waiters { waiter.resume() }
  }

  /// Returns once the turn has ended.
  func wait() async {
    await withCheckedContinuation { continuation in
      let ended = state.withLock { state in
        if !state.ended { state.waiters.append(continuation) }
        return state.ended
      }
      if ended { continuation.resume() }
    }
  }
}

/// Ends a turn when it is released, if nothing ended it before.
final class TurnEnd: Sendable {
  private let turn: InputTurn

  init(_ turn: InputTurn) {
    self.turn = turn
  }

  deinit {
    turn.end()
  }

  func end() {
    turn.end()
  }
}
