import Foundation
import Reductor
import ReductorSharing
import Testing

@MainActor
struct KeyValueStorageTests {
  @Test func keyValueValuesPersistAsJSON() async throws {
    let store = InMemoryKeyValueStore(["corrupt": Data("{".utf8)])
    let harness = SharingHarness(fileSystem: InMemoryFileSystem(), keyValueStore: store)
    let count = harness.run { Shared(wrappedValue: 0, .keyValue("count")) }
    count.wrappedValue = 3
    await harness.clock.advance(by: .zero)
    #expect(store.data(forKey: "count") == json(3))
    let again = harness.run { Shared(wrappedValue: 0, .keyValue("count")) }
    #expect(again.wrappedValue == 3)

    let corrupt = harness.run { Shared(wrappedValue: 1, .keyValue("corrupt")) }
    #expect(corrupt.wrappedValue == 1)
    #expect(corrupt.loadError is DecodingError)
    #expect(harness.messages.count == 1)
    let aside = try #require(harness.messages.first?.split(separator: "\"").dropFirst(3).first)
    #expect(store.data(forKey: String(aside)) == Data("{".utf8))
  }

  @Test func writesAreCoalescedOnTheClockAndEachIsSynchronized() async {
    let harness = SharingHarness()
    let count = harness.run { Shared(wrappedValue: 0, .keyValue("count")) }
    count.wrappedValue = 1  // at 0 ms
    await harness.clock.advance(by: .zero)
    #expect(harness.keyValues.writes(forKey: "count") == [json(1)])
    #expect(harness.keyValues.synchronizedData(forKey: "count") == json(1))

    await harness.clock.advance(by: .milliseconds(100))
    count.wrappedValue = 2  // at 100 ms
    await harness.clock.advance(by: .milliseconds(899))
    count.wrappedValue = 3  // at 999 ms
    await harness.clock.advance(by: .zero)
    #expect(harness.keyValues.writes(forKey: "count") == [json(1)])

    await harness.clock.advance(by: .milliseconds(1))  // at 1,000 ms
    #expect(harness.keyValues.writes(forKey: "count") == [json(1), json(3)])
    #expect(harness.keyValues.synchronizedData(forKey: "count") == json(3))
  }

  @Test func flushPersistsAKeyValueValueThatWaits() async {
    let harness = SharingHarness()
    let count = harness.run { Shared(wrappedValue: 0, .keyValue("count")) }
    count.wrappedValue = 1
    await harness.clock.advance(by: .milliseconds(10))
    count.wrappedValue = 2
    #expect(harness.keyValues.synchronizedData(forKey: "count") == json(1))
    await harness.storage.flush()
    #expect(harness.keyValues.writes(forKey: "count") == [json(1), json(2)])
    #expect(harness.keyValues.synchronizedData(forKey: "count") == json(2))
    #expect(harness.clock.now == ManualClock.Instant(offset: .milliseconds(10)))
  }
}
