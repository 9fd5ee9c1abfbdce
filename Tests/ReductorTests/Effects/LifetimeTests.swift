import Reductor
import Testing

enum LoadAction: Sendable, Equatable {
  case load(Int)
  case loaded(Int)
  case start
  case tick
  case stop
}

@MainActor
@Suite struct LifetimeTests {
  @Test func aReplaceableEffectStartedTwiceDeliversOnlyTheSecondResult() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Int](),
      reducer: Reduce<[Int], LoadAction> { state, action in
        switch action {
        case .load(let value):
          return .run(lifetime: .replaceable("load")) {
            try await EffectContext.clock.sleep(for: .seconds(1))
            return .loaded(value)
          }
        case .loaded(let value):
          state.append(value)
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    store.send(.load(1))
    await clock.advance(by: .milliseconds(500))
    store.send(.load(2))
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(500))
    #expect(store.state == [2])
  }

  @Test func aReleasedStoreIsDeinitializedAndCancelsItsStoreBoundEffects() async {
    let clock = ManualClock()
    let cancelled = Counter()
    var store: ReducerStore<Int, LoadAction>? = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { _, action in
        guard action == .start else { return .none }
        return .run {
          do {
            try await EffectContext.clock.sleep(for: .seconds(10))
          } catch {
            cancelled.increment()
            throw error
          }
          return .tick
        }
      },
      clock: clock)
    weak let weakStore = store
    store?.send(.start)
    await clock.advance(by: .zero)  // the effect is now asleep on the clock
    #expect(cancelled.value == 0)
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .zero)  // let the cancelled effect observe its cancellation
    #expect(cancelled.value == 1)
  }

  @Test func aDetachedEffectOutlivesItsStoreAndItsLaterActionsAreDropped() async {
    let clock = ManualClock()
    let ticksSent = Counter()
    var store: ReducerStore<Int, LoadAction>? = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return .run(lifetime: .detached) { send in
            for _ in 0..<3 {
              try await EffectContext.clock.sleep(for: .seconds(1))
              send(.tick)
              ticksSent.increment()
            }
          }
        case .tick:
          state += 1
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    weak let weakStore = store
    store?.send(.start)
    await clock.advance(by: .seconds(1))
    #expect(store?.state == 1)
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .seconds(2))
    #expect(ticksSent.value == 3)
  }

  @Test func cancelStopsTheEffectUnderAKeyAndAnUnknownKeyIsIgnored() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return everySecond(.tick, lifetime: .replaceable("timer"))
        case .tick:
          state += 1
          return .none
        case .stop:
          return Effect.cancel("timer").merge(.cancel("nothing runs under this key"))
        default:
          return .none
        }
      },
      clock: clock)
    store.send(.start)
    await clock.advance(by: .seconds(3))
    #expect(store.state == 3)
    store.send(.stop)
    await clock.advance(by: .seconds(3))
    #expect(store.state == 3)
  }

  @Test func cancellingAStoreTaskCancelsTheEffectsItTracks() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, LoadAction> { state, action in
        switch action {
        case .start:
          return everySecond(.tick)
        case .tick:
          state += 1
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    let task = store.send(.start)
    await clock.advance(by: .seconds(2))
    #expect(store.state == 2)
    task.cancel()
    #expect(task.isCancelled)
    await task.finish()
    await clock.advance(by: .seconds(2))
    #expect(store.state == 2)
  }
}
