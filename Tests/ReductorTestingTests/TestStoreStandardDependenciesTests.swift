import Reductor
import ReductorTesting
import Testing

/// A test store's standard dependencies: both clocks are its manual clock, and the random
/// number generator is seeded.
@MainActor
@Suite struct TestStoreStandardDependenciesTests {
  enum Action: Sendable, Equatable {
    case wait
    case waited
    case roll
  }

  func makeStore() -> TestStore<[Int], Action> {
    TestStore(
      initialState: [],
      reducer: Reduce { (log: inout [Int], action: Action) in
        switch action {
        case .wait:
          return .run { send in
            try await DependencyValues.current.continuousClock.sleep(for: .seconds(1))
            try await DependencyValues.current.suspendingClock.sleep(for: .seconds(1))
            send(.waited)
          }
        case .waited:
          log.append(2)
          return .none
        case .roll:
          @Dependency(\.withRandomNumberGenerator) var withRandomNumberGenerator
          log.append(withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) })
          return .none
        }
      })
  }

  @Test func bothClocksAreTheTestStoresManualClock() async {
    let store = makeStore()
    await store.send(.wait)
    await store.clock.advance(by: .seconds(1))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.waited) { $0 = [2] }
    await store.finish()
  }

  /// Each test store starts from the seed: the same rolls, every run.
  @Test(arguments: 0..<2)
  func everyTestStoreRollsTheSameNumbers(store number: Int) async {
    let store = makeStore()
    await store.send(.roll) { $0 = [6] }
    await store.send(.roll) { $0 = [6, 3] }
    await store.finish()
  }
}
