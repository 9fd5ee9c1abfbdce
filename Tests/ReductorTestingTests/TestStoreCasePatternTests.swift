import Reductor
import ReductorTesting
import Testing

/// Receiving an action by its case (#31 item 1): TCA's `receive(\.x.success)`, without macros
/// and without a declaration per case.
@MainActor
@Suite struct TestStoreCasePatternTests {
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
          + "received response(Swift.Result<Swift.Array<Swift.String>, ReductorTestingTests."
          + "TestStoreCasePatternTests.Search.Offline>.success([\"swift\"]))."
      ])
  }

  @Test func aLabelledPayloadIsMatchedByItsFieldsNames() async {
    let store = TestStore(initialState: Search.State(), reducer: Search())
    await store.send(.renameLater(id: 1, name: "a"))
    await store.receive(\.row.action.rename) { $0.renamed = [1: "a"] }
    await store.finish()
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
          + "response(Swift.Result<Swift.Array<Swift.String>, ReductorTestingTests."
          + "TestStoreCasePatternTests.Search.Offline>.failure("
          + "ReductorTestingTests.TestStoreCasePatternTests.Search.Offline()))."
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
          + "row(id: 1, action: ReductorTestingTests.TestStoreCasePatternTests.Search."
          + "RowAction.rename(\"a\"))."
      ])
  }
}
