import Reductor
import ReductorSharing
import Testing

/// ReactableKit's `.memory` lifetime: a value in memory that lives while a field holds it.
@Suite struct ReactableKitMemoryTests {
  /// ReactableKit's `testMemoryEphemeralResetsAfterDeallocation`.
  @Test func testMemoryEphemeralResetsAfterDeallocation() {
    let key = "managed_ref_memory_ephemeral_key"
    SharingHarness().run {
      // First scope: set non-default
      do {
        @Shared(.memory(key)) var value: Int = 0
        value = 42
        #expect(value == 42)
      }

      // New scope: reference recreated, should read default
      do {
        @Shared(.memory(key)) var value: Int = 0
        #expect(value == 0)
      }
    }
  }

  @Test func fieldsOfTheKeyShareTheValueWhileOneHoldsIt() {
    let harness = SharingHarness()
    let first = harness.run { Shared(wrappedValue: 0, .memory("draft")) }
    first.wrappedValue = 1
    let second = harness.run { Shared(wrappedValue: 0, .memory("draft")) }
    #expect(second.wrappedValue == 1)
    #expect(second.key == "in memory \"draft\"")
  }

  /// `.inMemory` and `.memory` of one name are one value, which the storage keeps from the
  /// first `.inMemory` field on.
  @Test func anInMemoryFieldOfTheNameKeepsTheValue() {
    let harness = SharingHarness()
    do {
      let held = harness.run { Shared(wrappedValue: "", .memory("draft")) }
      held.wrappedValue = "held"
      let kept = harness.run { Shared(wrappedValue: "", .inMemory("draft")) }
      #expect(kept.wrappedValue == "held")
    }
    #expect(harness.run { Shared(wrappedValue: "", .memory("draft")) }.wrappedValue == "held")
  }
}
