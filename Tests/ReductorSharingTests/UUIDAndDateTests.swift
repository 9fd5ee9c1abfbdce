import Foundation
import Reductor
import ReductorSharing
import ReductorTesting
import Testing

/// `uuid` and `date`, TCA's dependencies that need Foundation.
@MainActor
@Suite struct UUIDAndDateTests {
  struct Todo: Equatable, Identifiable {
    let id: UUID
    let createdAt: Date
  }

  enum Action: Sendable, Equatable {
    case add
  }

  func makeStore(at date: Date) -> TestStore<[Todo], Action> {
    TestStore(
      initialState: [],
      reducer: Reduce { (todos: inout [Todo], _: Action) in
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        todos.append(Todo(id: uuid(), createdAt: date.now))
        return .none
      }
    ) {
      $0.date = .constant(date)
    }
  }

  @Test func aTestStoreMakesIncrementingUUIDs() async {
    let date = Date(timeIntervalSince1970: 1_000)
    let store = makeStore(at: date)
    await store.send(.add) { $0 = [Todo(id: UUID(0), createdAt: date)] }
    await store.send(.add) { $0.append(Todo(id: UUID(1), createdAt: date)) }
    await store.finish()
  }

  @Test func uuidsFromANumberSpellTheNumber() {
    #expect(UUID(0).uuidString == "00000000-0000-0000-0000-000000000000")
    #expect(UUID(1).uuidString == "00000000-0000-0000-0000-000000000001")
    #expect(UUID(255).uuidString == "00000000-0000-0000-0000-0000000000FF")
    let generate = UUIDGenerator.incrementing
    #expect([generate(), generate()] == [UUID(0), UUID(1)])
    #expect(UUIDGenerator.constant(UUID(7))() == UUID(7))
  }

  @Test func aDateReadInATestWithoutAValueIsReportedByItsKey() {
    let reported = Locked<[StoreDiagnostic]>([])
    _ = withDependencies {
      $0.context = .test
      $0.report = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    } operation: {
      DependencyValues.current.date.now
    }
    #expect(reported.value.map(\.kind) == [.missingTestDependency])
    #expect(reported.value.first?.message.hasPrefix("DateDependency has no test value") == true)
  }
}
