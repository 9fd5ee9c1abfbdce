// The code of the article "Dependencies and shared state" of the Reductor documentation.
import Foundation
import Reductor
import ReductorSharing
import ReductorTesting
import Testing

@MainActor
@Suite struct DependenciesAndSharedStateArticleTests {
  /// A tally whose total is shared and persisted, and whose count of entries is its own.
  struct Tally: Reducer {
    struct State: Equatable {
      @Shared(.file(URL(filePath: "/tally.json"))) var total = 0
      var entries = 0
    }

    enum Action: Sendable, Equatable {
      case add(Int)
      case addLater(Int)
      case note
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .add(let amount):
        state.total += amount
        return .none
      case .addLater(let amount):
        return .send(.add(amount))
      case .note:
        state.entries += 1
        return .none
      }
    }
  }

  @Test func aTestStoreAssertsASharedChangeAndStoresItInMemory() async throws {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    await store.send(.add(1)) { $0.total = 1 }
    await store.send(.note) { $0.entries = 1 }
    await store.send(.addLater(10))
    await store.receive(.add(10)) { $0.total = 11 }
    #expect(store.state.total == 11)
    await store.finish()

    let storage = store.dependencies.sharedStorage
    let files = try #require(storage.fileSystem as? InMemoryFileSystem)
    await storage.flush()
    #expect(files.files[URL(filePath: "/tally.json")] == Data("11".utf8))
  }

  /// TCA's form: `withLock` inside the assertion changes the expected value, not the store's.
  @Test func withLockInAnAssertionChangesTheExpectedValueOnly() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    await store.send(.add(1)) { $0.$total.withLock { $0 += 1 } }
    #expect(store.state.total == 1)
    await store.send(.add(2)) { $0.$total.withLock { $0 += 2 } }
    #expect(store.state.total == 3)
    await store.finish()
  }

  @Test func anUnassertedSharedChangeFails() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    let failures = await recordedFailures {
      await store.send(.add(1))
    }
    #expect(
      failures == [
        "Shared value file /tally.json after send(add(1)) differs from the expected value "
          + "(− expected, + actual):\nself\n  - 0\n  + 1"
      ])
  }

  @Test func aWrongAssertionFailsAndLeavesTheValueAlone() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    let failures = await recordedFailures {
      await store.send(.add(1)) { $0.total = 5 }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasSuffix("- 5\n  + 1") == true)
    #expect(store.state.total == 1)
    await store.send(.add(1)) { $0.total = 2 }
  }

  @Test func assertingASharedValueTheActionLeftAloneFails() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    let failures = await recordedFailures {
      await store.send(.note) {
        $0.entries = 1
        $0.total = 3
      }
    }
    #expect(failures.count == 1)
    #expect(failures.first?.hasSuffix("- 3\n  + 0") == true)
  }

  @Test func aNonExhaustiveTestStoreChecksOnlyWhatItAsserts() async {
    let store = TestStore(initialState: Tally.State(), reducer: Tally())
    store.exhaustivity = .off
    await store.send(.add(1))
    await store.send(.add(1)) { $0.total = 2 }
  }

  @Test func aTestThatWantsTheDiskSaysSo() async throws {
    let temporaryFolder = FileManager.default.temporaryDirectory
      .appending(component: "reductor-tally-\(UUID().uuidString)", directoryHint: .isDirectory)
    defer { try? FileManager.default.removeItem(at: temporaryFolder) }
    let storage = SharedStorage(fileSystem: DiskFileSystem(), folder: temporaryFolder)
    let store = TestStore(initialState: Tally.State(), reducer: Tally()) {
      $0.sharedStorage = storage
    }
    // The state was made in the test store's dependencies: its value is in that storage.
    #expect(store.dependencies.sharedStorage === storage)
    let total = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Shared(wrappedValue: 5, .file(URL(filePath: "/tally.json")))
    }
    #expect(total.wrappedValue == 0)
    await store.finish()
  }
}
