import Foundation
import Reductor
import ReductorSharing
import Testing

/// `flush()` at exit: what waits is written, a failed write is tried once more, and what is
/// still not written is returned and reported.
@MainActor
struct FlushTests {
  let url = URL(filePath: "/data/settings.json")

  @Test func flushWritesAgainAValueWhoseWriteFailedOnceTheFaultIsGone() async {
    let files = FailingFileSystem()
    let keyValues = FailingKeyValueStore()
    let harness = SharingHarness(fileSystem: files, keyValueStore: keyValues)
    let (settings, count) = harness.run {
      (Shared(wrappedValue: Settings(), .file(url)), Shared(wrappedValue: 0, .keyValue("count")))
    }
    files.isFull.withLock { $0 = true }
    keyValues.isFull.withLock { $0 = true }
    settings.wrappedValue.volume = 1
    count.wrappedValue = 1
    await harness.clock.advance(by: .zero)
    #expect(files.memory.files[url] == nil)
    #expect(keyValues.memory.synchronizedData(forKey: "count") == nil)

    files.isFull.withLock { $0 = false }
    keyValues.isFull.withLock { $0 = false }
    let unsaved = await harness.storage.flush()
    #expect(unsaved.isEmpty)
    #expect(files.memory.files[url] == json(Settings(volume: 1)))
    #expect(keyValues.memory.synchronizedData(forKey: "count") == json(1))
    #expect(settings.saveError == nil)
    #expect(count.saveError == nil)
    #expect(harness.messages.count == 2)
  }

  @Test func flushReturnsAndReportsWhatItStillCannotWrite() async {
    let files = FailingFileSystem()
    let keyValues = FailingKeyValueStore()
    let harness = SharingHarness(fileSystem: files, keyValueStore: keyValues)
    let (settings, count, draft) = harness.run {
      (
        Shared(wrappedValue: Settings(), .file(url)), Shared(wrappedValue: 0, .keyValue("count")),
        Shared(wrappedValue: "", .inMemory("draft"))
      )
    }
    files.isFull.withLock { $0 = true }
    keyValues.isFull.withLock { $0 = true }
    settings.wrappedValue.volume = 1
    count.wrappedValue = 1
    draft.wrappedValue = "kept in memory only, as its key says"
    await harness.clock.advance(by: .zero)
    #expect(harness.messages.count == 2)

    let unsaved = await harness.storage.flush()
    #expect(unsaved.map(\.key) == ["file /data/settings.json", "key-value \"count\""])
    #expect(unsaved.map { ($0.error as? POSIXError)?.code } == [.ENOSPC, .ENOSPC])
    // Tried once more, at flush.
    #expect(files.failedWrites.value == 2)
    #expect(
      harness.messages.dropFirst(2) == [
        "Shared value file /data/settings.json is still not saved after flush(): no space left "
          + "on device. What persists is not the value in memory.",
        "Shared value key-value \"count\" is still not saved after flush(): no space left on "
          + "device. What persists is not the value in memory.",
      ])
    #expect(
      unsaved.map(\.description) == [
        "file /data/settings.json: no space left on device",
        "key-value \"count\": no space left on device",
      ])
    #expect(await settings.flush()?.key == "file /data/settings.json")
    #expect(await draft.flush() == nil)
  }
}
