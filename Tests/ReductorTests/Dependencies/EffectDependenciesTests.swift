import Testing

@testable import Reductor

/// The actions of the effect-dependency tests: each loads a greeting by an effect of a kind.
enum GreetingAction: Sendable, Equatable {
  case load, loadDetached, loadDebounced, loadAfterSleepingOnTheDependencyClock
  case loaded(String)
}

@MainActor
private func makeGreetingStore(clock: ManualClock) -> ReducerStore<[String], GreetingAction> {
  ReducerStore(
    initialState: [],
    reducer: Reduce { state, action in
      switch action {
      case .load:
        return .run { .loaded(Greeting().greet()) }
      case .loadDetached:
        return .run(lifetime: .detached) { .loaded(Greeting().greet()) }
      case .loadDebounced:
        return Effect.run { .loaded(Greeting().greet()) }
          .debounced(for: .milliseconds(100), key: "greeting")
      case .loadAfterSleepingOnTheDependencyClock:
        return .run {
          @Dependency(\.clock) var clock
          try await clock.sleep(for: .seconds(1))
          return .loaded("slept on \(type(of: clock))")
        } catch: { _ in
          .loaded("failed")
        }
      case .loaded(let greeting):
        state.append(greeting)
        return .none
      }
    },
    clock: clock)
}

@MainActor
@Suite struct EffectDependenciesTests {
  @Test func anOverrideAroundASendReachesItsEffectsDetachedOnesIncluded() async {
    let clock = ManualClock()
    let store = makeGreetingStore(clock: clock)
    withDependencies {
      $0.greeter = Greeter("hi")
    } operation: {
      store.send(.load)
      store.send(.loadDetached)
    }
    store.send(.load)
    await clock.advance()
    #expect(store.state.sorted() == ["hello", "hi", "hi"])
  }

  @Test func aDebouncedEffectRunsWithTheDependenciesOfTheReductionThatReturnedIt() async {
    let clock = ManualClock()
    let store = makeGreetingStore(clock: clock)
    withDependencies {
      $0.greeter = Greeter("later")
    } operation: {
      store.send(.loadDebounced)
    }
    // Started by the debounce's timer, 100 ms later, outside the override.
    await clock.advance(by: .milliseconds(100))
    #expect(store.state == ["later"])
  }

  @Test func theClockDependencyOfAnEffectIsItsStoresClock() async {
    let clock = ManualClock()
    let store = makeGreetingStore(clock: clock)
    store.send(.loadAfterSleepingOnTheDependencyClock)
    await clock.advance(by: .milliseconds(999))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == ["slept on ManualClock"])
  }
}
