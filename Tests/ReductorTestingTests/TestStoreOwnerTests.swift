import Reductor
import ReductorTesting
import StressRuns
import Testing

/// The actor a test store's store belongs to; it counts the reductions that ran on it.
actor Owner {
  private(set) var reductions = 0

  /// Doubles `value`, on this actor: what an effect that calls back into its store's actor
  /// awaits.
  func double(_ value: Int) -> Int {
    2 * value
  }

  /// `reducer`, counting each reduction on this actor; a reduction elsewhere traps.
  nonisolated func counting<R: Reducer>(_ reducer: R) -> Reduce<R.State, R.Action> {
    Reduce { state, action in
      self.assumeIsolated { $0.reductions += 1 }
      return reducer.reduce(into: &state, action: action)
    }
  }
}

/// A feature whose effect calls back into the actor that owns its store.
struct Doubler: Reducer {
  let owner: Owner

  enum Action: Sendable, Equatable {
    case double(Int)
    case doubled(Int)
  }

  func reduce(into state: inout Int, action: Action) -> Effect<Action> {
    switch action {
    case .double(let value):
      return .run { [owner] in .doubled(await owner.double(value)) }
    case .doubled(let value):
      state = value
      return .none
    }
  }
}

/// A test store whose store an actor of the test's owns: the same steps and assertions as on
/// the main actor, each reduction on that actor.
@MainActor
@Suite struct TestStoreOwnerTests {
  @Test func sendsAndReceivedActionsAreReducedOnTheOwner() async {
    let owner = Owner()
    let store = TestStore(
      initialState: Feature.State(), reducer: owner.counting(Feature()), owner: owner)
    await store.send(.increment) { $0.count = 1 }
    await store.send(.incrementTwice) { $0.count = 2 }
    await store.receive(.increment) { $0.count = 3 }
    await store.send(.load) { $0.isLoading = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.finish()
    #expect(store.state == Feature.State(count: 42, isLoading: false, ticks: 0))
    #expect(await owner.reductions == 5)
  }

  @Test func aTimerTicksOnTheOwnerUntilItIsStopped() async {
    let owner = Owner()
    let store = TestStore(
      initialState: Feature.State(), reducer: owner.counting(Feature()), owner: owner)
    await store.send(.startTimer)
    await store.clock.advance(by: .seconds(2))
    await store.receive(.tick) { $0.ticks = 1 }
    await store.receive(.tick) { $0.ticks = 2 }
    await store.send(.stopTimer)
    await store.finish()
    #expect(await owner.reductions == 4)
  }

  @Test func aWrongStateChangeFailsWithTheSameDiff() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature(), owner: Owner())
      await store.send(.increment) { $0.count = 2 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        State after send(increment) differs from the expected state (− expected, + actual):
        count
          - 2
          + 1
        """
      ])
  }

  @Test func anUnreceivedActionFailsTheFinish() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature(), owner: Owner())
      await store.send(.incrementTwice) { $0.count = 1 }
      await store.finish()
    }
    #expect(
      failures == [
        """
        1 delivered action was not received at the end of the test:
          • increment
        Receive it with receive(_:), skip it with skipReceivedActions(), or set exhaustivity = .off.
        """
      ])
  }

  /// The effect's call back into the owner runs while the test waits for the send, on the
  /// clock, so the send returns with its result delivered.
  @Test(arguments: stressRuns)
  func stressAnEffectThatCallsBackIntoTheOwnerIsReceived(run: Int) async {
    let owner = Owner()
    let store = TestStore(
      initialState: 0, reducer: owner.counting(Doubler(owner: owner)), owner: owner)
    await store.send(.double(21))
    await store.receive(.doubled(42)) { $0 = 42 }
    await store.finish()
    #expect(await owner.reductions == 2)
  }

  @Test func workOffTheClockIsReceivedWithATimeout() async {
    let owner = Owner()
    let store = TestStore(
      initialState: Feature.State(), reducer: owner.counting(Feature()), owner: owner)
    await store.send(.loadOffClock)
    await store.receive(.loaded(7), timeout: .seconds(60)) { $0.count = 7 }
    await store.finish(timeout: .seconds(60))
    #expect(await owner.reductions == 2)
  }
}
