import Reductor
import ReductorTesting
import Testing

/// A fact about a number, with a live and a test value.
struct FactKey: DependencyKey {
  static var liveValue: @Sendable (Int) -> String { { "\($0) is a live fact" } }
  static var testValue: @Sendable (Int) -> String { { "\($0) is a test fact" } }
}

/// A key without a test value.
struct LiveOnlyKey: DependencyKey {
  static var liveValue: String { "live only" }
}

/// A client of closures, defined without a test value, as the TCA article suggests.
struct NumbersClient: Sendable {
  var fact: @Sendable (Int) -> String
}

struct NumbersClientKey: DependencyKey {
  static var liveValue: NumbersClient { NumbersClient { "\($0) is a live number" } }
}

extension DependencyValues {
  var numbers: NumbersClient {
    get { self[NumbersClientKey.self] }
    set { self[NumbersClientKey.self] = newValue }
  }
}

/// Fetches a fact about its count by an effect, with the `FactKey` dependency.
struct FactFeature: Reducer {
  struct State: Equatable {
    var fact = ""
  }

  enum Action: Sendable, Equatable {
    case fetch(Int)
    case fetched(String)
    case readLiveOnly
    case fetchFromClient(Int)
  }

  @Dependency(FactKey.self) var fact
  @Dependency(\.numbers) var numbers
  @Dependency(LiveOnlyKey.self) var liveOnly

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .fetch(let number):
      return .run { [fact] in .fetched(fact(number)) }
    case .fetched(let fact):
      state.fact = fact
      return .none
    case .readLiveOnly:
      state.fact = liveOnly
      return .none
    case .fetchFromClient(let number):
      return .run { [numbers] in .fetched(numbers.fact(number)) }
    }
  }
}

@MainActor
@Suite struct TestStoreDependencyTests {
  @Test func theReducerAndItsEffectsRunInTheTestContext() async {
    let store = TestStore(initialState: FactFeature.State(), reducer: FactFeature())
    await store.send(.fetch(7))
    await store.receive(.fetched("7 is a test fact")) { $0.fact = "7 is a test fact" }
    await store.finish()
  }

  @Test func overridesGivenToTheStoreOrChangedBetweenStepsReachTheEffects() async {
    let store = TestStore(initialState: FactFeature.State(), reducer: FactFeature()) {
      $0[FactKey.self] = { "\($0) is overridden" }
    }
    await store.send(.fetch(1))
    await store.receive(.fetched("1 is overridden")) { $0.fact = "1 is overridden" }
    store.dependencies[FactKey.self] = { "\($0) changed" }
    await store.send(.fetch(2))
    await store.receive(.fetched("2 changed")) { $0.fact = "2 changed" }
    await store.finish()
  }

  /// TCA's override of one field of a client that has no test value, given to the store or
  /// changed between steps: neither counts as a read of the missing test value.
  @Test func overridingAFieldOfAClientWithoutATestValueReportsNothing() async {
    let reported = Locked<[String]>([])
    await withDependencies {
      $0.report = { diagnostic in reported.withLock { $0.append(diagnostic.message) } }
    } operation: {
      let given = TestStore(initialState: FactFeature.State(), reducer: FactFeature()) {
        $0.numbers.fact = { "\($0) is overridden" }
      }
      await given.send(.fetchFromClient(1))
      await given.receive(.fetched("1 is overridden")) { $0.fact = "1 is overridden" }
      await given.finish()
      let changed = TestStore(initialState: FactFeature.State(), reducer: FactFeature())
      changed.dependencies.numbers.fact = { "\($0) changed" }
      await changed.send(.fetchFromClient(2))
      await changed.receive(.fetched("2 changed")) { $0.fact = "2 changed" }
      await changed.finish()
    }
    #expect(reported.value == [])
  }

  @Test func aDependencyWithoutATestValueFailsTheTestByName() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: FactFeature.State(), reducer: FactFeature())
      await store.send(.readLiveOnly) { $0.fact = "live only" }
      await store.finish()
    }
    #expect(
      failures == [
        "The store reported: LiveOnlyKey has no test value and was read in a test without an "
          + "override; it gave its preview value. Override it with withDependencies, or give the "
          + "key a testValue."
      ])
  }
}
