// The code of the article "Testing" of the Reductor documentation.
import Reductor
import ReductorTesting
import Testing

@MainActor
@Suite struct TestingArticleTests {
  /// A search whose response is a `Result`, and a list whose rows are renamed: actions received
  /// by their case (#31 item 1), TCA's `receive(\.x.success)` without macros and without a
  /// declaration per case.
  struct Search: Reducer {
    struct State: Equatable {
      var results: [String] = []
      var error: String?
      var renamed: [Int: String] = [:]
    }

    struct Offline: Error {}

    enum RowAction: Sendable {
      case delete
      case rename(String)
    }

    enum Action: Sendable {
      case search(String)
      case response(Result<[String], Offline>)
      case renameLater(id: Int, name: String)
      case row(id: Int, action: RowAction)
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .search(let query):
        return .run {
          try await EffectContext.clock.sleep(for: .milliseconds(300))
          return query.isEmpty ? .response(.failure(Offline())) : .response(.success([query]))
        }
      case .response(.success(let results)):
        state.results = results
        return .none
      case .response(.failure):
        state.error = "offline"
        return .none
      case .renameLater(let id, let name):
        return .send(.row(id: id, action: .rename(name)))
      case .row(let id, .rename(let name)):
        state.renamed[id] = name
        return .none
      case .row(_, .delete):
        return .none
      }
    }
  }

  // MARK: Receiving actions

  @Test func aPredicateReceivesActionsThatAreNotCompared() async {
    let clock = ManualClock()
    let store = TestStore(initialState: Feature.State(), reducer: Feature(), clock: clock)
    await store.send(.load) { $0.isLoading = true }
    await clock.advance(by: .seconds(1))
    await store.receive({ if case .loaded = $0 { true } else { false } }) {
      $0.isLoading = false
      $0.count = 42
    }
    await store.finish()
  }

  @Test func anActionIsReceivedByItsNestedCase() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.search("swift"))
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(\.response.success) { $0.results = ["swift"] }
    await store.send(.search(""))
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(\.response.failure) { $0.error = "offline" }
    await store.finish()
  }

  @Test func aPayloadIsComparedWhenGiven() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.search("swift"))
    await store.clock.advance(by: .milliseconds(300))
    await store.receive(\.response.success, ["swift"]) { $0.results = ["swift"] }
    await store.send(.renameLater(id: 1, name: "a"))
    await store.receive(\.row.id, 1) { $0.renamed = [1: "a"] }
    await store.finish()
  }

  @Test func anotherPayloadFails() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Search.State(), reducer: Search())
      await store.send(.search("swift"))
      await store.clock.advance(by: .milliseconds(300))
      await store.receive(\.response.success, ["rust"]) { $0.results = ["swift"] }
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive an action matching \\.response.success with [\"rust\"], but "
          + "received response(Swift.Result<Swift.Array<Swift.String>, ReductorTestingSnippets."
          + "TestingArticleTests.Search.Offline>.success([\"swift\"]))."
      ])
  }

  @Test func aLabelledPayloadIsMatchedByItsFieldsNames() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.renameLater(id: 1, name: "a"))
    await store.receive(\.row.action.rename) { $0.renamed = [1: "a"] }
    await store.finish()
  }

  /// TCA's `receive(\.episodes[id: X].favorite.response.success)`: one row's action, by its id.
  @Test func aRowsActionIsMatchedByItsID() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.renameLater(id: 1, name: "a"))
    await store.receive(\.row[id: 1].rename) { $0.renamed = [1: "a"] }
    await store.send(.renameLater(id: 2, name: "b"))
    await store.receive(\.row[id: 2].rename, "b") { $0.renamed[2] = "b" }
    await store.finish()
  }

  @Test func anotherRowsActionFails() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Search.State(), reducer: Search())
      await store.send(.renameLater(id: 1, name: "a"))
      await store.receive(\.row[id: 2].rename) { $0.renamed = [1: "a"] }
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive an action matching \\.row[id: 2].rename, but received "
          + "row(id: 1, action: ReductorTestingSnippets.TestingArticleTests.Search."
          + "RowAction.rename(\"a\"))."
      ])
  }

  @Test func anOuterCaseMatchesWhateverItCarries() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.renameLater(id: 1, name: "a"))
    await store.receive(\.row) { $0.renamed = [1: "a"] }
    await store.finish()
  }

  @Test func anotherCaseFailsNamingTheActionReceived() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Search.State(), reducer: Search())
      await store.send(.search(""))
      await store.clock.advance(by: .milliseconds(300))
      await store.receive(\.response.success) { $0.error = "offline" }
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive an action matching \\.response.success, but received "
          + "response(Swift.Result<Swift.Array<Swift.String>, ReductorTestingSnippets."
          + "TestingArticleTests.Search.Offline>.failure("
          + "ReductorTestingSnippets.TestingArticleTests.Search.Offline()))."
      ])
  }

  @Test func aNameNoCaseHasMatchesNothing() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Search.State(), reducer: Search())
      await store.send(.renameLater(id: 1, name: "a"))
      await store.receive(\.row.action.renamed) { $0.renamed = [1: "a"] }
      await store.finish()
    }
    #expect(
      failures == [
        "Expected to receive an action matching \\.row.action.renamed, but received "
          + "row(id: 1, action: ReductorTestingSnippets.TestingArticleTests.Search."
          + "RowAction.rename(\"a\"))."
      ])
  }

  // MARK: Effects that leave the clock

  @Test func workThatHopsToAnotherActorIsAwaitedWithATimeout() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    await store.send(.loadOffClock)
    await store.receive(.loaded(7), timeout: .seconds(5)) { $0.count = 7 }
    await store.finish(timeout: .seconds(5))
  }

  // MARK: Long-living effects

  /// TCA's test of a long-living effect: the task a send returned is cancelled at the end of the
  /// test with `await task.cancel()`, which returns once the effect has ended.
  @Test func awaitingTheCancellationOfALongLivingEffectEndsIt() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let task = await store.send(.startTimer)
    await store.clock.advance(by: .seconds(1))
    await store.receive(.tick) { $0.ticks = 1 }
    await task.cancel()
    #expect(task.isCancelled)
    #expect(task.storeTask.isFinished)
    await store.clock.advance(by: .seconds(5))
    #expect(store.state.ticks == 1)
    await store.finish()
  }

  /// TCA's `await task.finish()`: it asserts that the effects of one send have finished.
  @Test func awaitingTheFinishOfATaskAssertsItsEffectsEnded() async {
    let store = TestStore(initialState: Feature.State(), reducer: Feature())
    let task = await store.send(.load) { $0.isLoading = true }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.loaded(42)) {
      $0.isLoading = false
      $0.count = 42
    }
    await task.finish()
    #expect(task.storeTask.isFinished)
    await store.finish()
  }

  /// An effect cancelled without waiting is not reported as still running when the test store
  /// goes: the test ended it.
  @Test func anEffectCancelledWithoutWaitingIsNotReportedWhenTheStoreGoes() async {
    do {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      let task = await store.send(.startTimer)
      task.storeTask.cancel()
    }
  }

  /// An effect that still runs is reported, cancelled or not by another route.
  @Test func anEffectLeftRunningIsStillReportedWhenTheStoreGoes() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Feature.State(), reducer: Feature())
      await store.send(.startTimer)
    }
    #expect(
      failures == [
        "An effect started by send(startTimer) is still running when the test store was "
          + "deinitialized. Advance the clock until it finishes, cancel it, or call "
          + "skipInFlightEffects()."
      ])
  }
}
