import Testing

@testable import Reductor

/// Children that tick, by number: each starts its own effects, scoped to it.
private enum Children {
  struct State: Equatable {
    var ticks: [Int: Int] = [:]
    var fired: [Int] = []
  }

  enum Action: Sendable, Equatable {
    /// Ticks every second under the key "tick", replaceable, in the child's namespace.
    case start(Int)
    /// Ticks every second, store-bound.
    case startStoreBound(Int)
    /// Ticks every second under the key "tick", cancellable: beside the child's other tickers.
    case startCancellable(Int)
    /// Fires once 2 s pass without another debounce of the child.
    case debounce(Int)
    /// Fires after 2 s, detached.
    case detachedLater(Int)
    /// Cancels the child's "tick" only.
    case cancelTick(Int)
    /// Cancels every effect of the child.
    case remove(Int)
    case tick(Int)
    case fired(Int)
    /// Child `inner` of child `outer`, ticking; and its cancellation alone.
    case startNested(outer: Int, inner: Int)
    case removeNested(outer: Int, inner: Int)
  }

  static func reduce(_ state: inout State, _ action: Action) -> Effect<Action> {
    switch action {
    case .start(let child):
      return ticking(child, lifetime: .replaceable("tick")).scoped(in: child)
    case .startStoreBound(let child):
      return ticking(child, lifetime: .storeBound).scoped(in: child)
    case .startCancellable(let child):
      return ticking(child, lifetime: .cancellable("tick")).scoped(in: child)
    case .debounce(let child):
      return Effect.send(.fired(child)).debounced(for: .seconds(2), key: "debounce")
        .scoped(in: child)
    case .detachedLater(let child):
      return Effect.run(lifetime: .detached) { send in
        try? await EffectContext.clock.sleep(for: .seconds(2))
        send(.fired(child))
      }
      .scoped(in: child)
    case .cancelTick(let child):
      return Effect.cancel("tick").scoped(in: child)
    case .remove(let child):
      return .cancelScope(child)
    case .tick(let child):
      state.ticks[child, default: 0] += 1
      return .none
    case .fired(let child):
      state.fired.append(child)
      return .none
    case .startNested(let outer, let inner):
      return ticking(inner, lifetime: .storeBound).scoped(in: inner).scoped(in: outer)
    case .removeNested(let outer, let inner):
      return Effect.cancelScope(inner).scoped(in: outer)
    }
  }

  static func ticking(_ child: Int, lifetime: EffectLifetime) -> Effect<Action> {
    .stream(lifetime: lifetime) {
      EffectContext.ticks(every: .seconds(1)).map { _ in Action.tick(child) }
    }
  }
}

@MainActor
@Suite struct EffectScopeTests {
  let clock = ManualClock()

  fileprivate func makeStore() -> ReducerStore<Children.State, Children.Action> {
    ReducerStore(
      initialState: Children.State(), reducer: Reduce(Children.reduce), clock: clock)
  }

  @Test(arguments: [false, true])
  func cancellingAChildsScopeStopsItsEffectsAndOnlyThose(storeBound: Bool) async {
    let start = storeBound ? Children.Action.startStoreBound : Children.Action.start
    let store = makeStore()
    store.send(start(1))
    store.send(start(2))
    await clock.advance(by: .seconds(3))
    #expect(store.state.ticks == [1: 3, 2: 3])
    store.send(.remove(1))
    await clock.advance(by: .seconds(5))
    #expect(store.state.ticks == [1: 3, 2: 8])
  }

  @Test func siblingsKeysAreTheirOwn() async {
    let store = makeStore()
    store.send(.start(1))
    store.send(.start(2))
    await clock.advance(by: .seconds(1))
    // Each child's "tick" replaces only its own: child 1's second start restarts its ticks.
    store.send(.start(1))
    await clock.advance(by: .milliseconds(500))
    store.send(.cancelTick(2))
    await clock.advance(by: .milliseconds(1_500))
    #expect(store.state.ticks == [1: 3, 2: 1])
  }

  /// A child's cancellable effects run beside each other under its key; cancelling the key in
  /// the child cancels them all, and only its own; removing a child cancels its own too.
  @Test func aChildsCancellableEffectsShareItsKeyAndGoWithIt() async {
    let store = makeStore()
    store.send(.startCancellable(1))
    store.send(.startCancellable(1))
    store.send(.startCancellable(2))
    store.send(.startCancellable(3))
    await clock.advance(by: .seconds(3))
    #expect(store.state.ticks == [1: 6, 2: 3, 3: 3])
    store.send(.cancelTick(1))
    store.send(.remove(2))
    await clock.advance(by: .seconds(2))
    #expect(store.state.ticks == [1: 6, 2: 3, 3: 5])
  }

  @Test func aPendingDebounceOfARemovedChildNeverFires() async {
    let store = makeStore()
    store.send(.debounce(1))
    store.send(.debounce(2))
    await clock.advance(by: .seconds(1))
    store.send(.remove(2))
    await clock.advance(by: .seconds(5))
    #expect(store.state.fired == [1])
  }

  @Test func aDetachedEffectOutlivesItsChild() async {
    let store = makeStore()
    store.send(.detachedLater(1))
    store.send(.remove(1))
    await clock.advance(by: .seconds(2))
    #expect(store.state.fired == [1])
  }

  @Test func removingAChildRemovesItsChildrenAndAGrandchildGoesAlone() async {
    let store = makeStore()
    store.send(.startNested(outer: 1, inner: 10))
    store.send(.startNested(outer: 1, inner: 11))
    store.send(.startNested(outer: 2, inner: 10))
    await clock.advance(by: .seconds(1))
    store.send(.removeNested(outer: 1, inner: 10))
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == [10: 3, 11: 2])
    store.send(.remove(1))
    await clock.advance(by: .seconds(1))
    #expect(store.state.ticks == [10: 4, 11: 2])
    #expect(store.runningEffectCount == 1)
  }
}
