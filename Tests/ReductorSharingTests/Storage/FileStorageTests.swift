import Foundation
import Reductor
import ReductorSharing
import Testing

@MainActor
struct FileStorageTests {
  let url = URL(filePath: "/data/settings.json")

  @Test func writesAreCoalescedOnTheClock() async {
    let harness = SharingHarness()
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    // A missing file gives the default, and nothing is written until a change.
    #expect(settings.wrappedValue == Settings())
    #expect(harness.files.writes(to: url).isEmpty)

    settings.wrappedValue.volume = 1  // at 0 ms
    await harness.clock.advance(by: .zero)
    #expect(harness.files.writes(to: url) == [json(Settings(volume: 1))])

    await harness.clock.advance(by: .milliseconds(100))
    settings.wrappedValue.volume = 2  // at 100 ms
    await harness.clock.advance(by: .milliseconds(899))
    settings.wrappedValue.volume = 3  // at 999 ms
    await harness.clock.advance(by: .zero)
    #expect(harness.files.writes(to: url).count == 1)

    await harness.clock.advance(by: .milliseconds(1))  // at 1,000 ms
    #expect(
      harness.files.writes(to: url) == [json(Settings(volume: 1)), json(Settings(volume: 3))])

    await harness.clock.advance(by: .seconds(5))
    #expect(harness.files.writes(to: url).count == 2)
    #expect(harness.messages == [])
  }

  @Test func aChangeAfterAQuietIntervalIsWrittenAtOnce() async {
    let harness = SharingHarness()
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .seconds(2))
    settings.wrappedValue.volume = 2
    await harness.clock.advance(by: .zero)
    #expect(
      harness.files.writes(to: url) == [json(Settings(volume: 1)), json(Settings(volume: 2))])
  }

  @Test func flushWritesWhatWaitsAtOnce() async {
    let harness = SharingHarness()
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .milliseconds(10))
    settings.wrappedValue.volume = 2
    await harness.storage.flush()
    #expect(
      harness.files.writes(to: url) == [json(Settings(volume: 1)), json(Settings(volume: 2))])
    #expect(harness.clock.now == ManualClock.Instant(offset: .milliseconds(10)))
  }

  @Test func aPersistedValueIsLoaded() {
    let harness = SharingHarness(files: [url: json(Settings(name: "ada", volume: 9))])
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    #expect(settings.wrappedValue == Settings(name: "ada", volume: 9))
    #expect(settings.loadError == nil)
  }

  @Test func aCorruptFileIsKeptAsideAndTheNextWriteClearsTheError() async throws {
    let original = Data("corrupt".utf8)
    let harness = SharingHarness(files: [url: original])
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }

    #expect(settings.wrappedValue == Settings())
    #expect(settings.loadError is DecodingError)
    let aside = try #require(
      harness.files.files.first { $0.key.lastPathComponent.hasPrefix("settings.json.corrupt-") })
    #expect(aside.value == original)
    #expect(harness.files.files[url] == nil)
    #expect(
      harness.messages == [
        "Shared value file /data/settings.json could not be decoded (DecodingError.dataCorrupted: "
          + "Data was corrupted. Debug description: The given data was not valid JSON.). The file "
          + "was moved to \(aside.key.path), and the value starts from its default."
      ])

    settings.wrappedValue.volume = 7
    await harness.clock.advance(by: .zero)
    #expect(settings.loadError == nil)
    #expect(harness.files.files[url] == json(Settings(volume: 7)))
  }

  @Test func anEmptyFileIsKeptAsideToo() throws {
    let harness = SharingHarness(files: [url: Data()])
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    #expect(settings.loadError as? SharedFileError == .emptyFile(url))
    #expect(
      harness.files.files.keys.map(\.lastPathComponent).sorted().first?.hasPrefix(
        "settings.json.corrupt-") == true)
  }

  @Test func aFailedWriteKeepsTheValueAndIsReportedOnce() async {
    let files = FailingFileSystem()
    let harness = SharingHarness(fileSystem: files)
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    files.isFull.withLock { $0 = true }

    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .seconds(1))
    settings.wrappedValue.volume = 2
    await harness.clock.advance(by: .seconds(1))
    #expect(settings.wrappedValue.volume == 2)
    #expect((settings.saveError as? POSIXError)?.code == .ENOSPC)
    #expect(
      harness.messages == [
        "Shared value file /data/settings.json could not be saved: no space left on device. The "
          + "value stays in memory; its next change, or flush(), writes it again."
      ])

    files.isFull.withLock { $0 = false }
    settings.wrappedValue.volume = 3
    await harness.clock.advance(by: .seconds(1))
    #expect(settings.saveError == nil)
    #expect(files.memory.files[url] == json(Settings(volume: 3)))
  }

  @Test func aFileThatCannotBeReadIsNeverOverwritten() async {
    let files = FailingFileSystem()
    files.isUnreadable.withLock { $0 = true }
    let harness = SharingHarness(fileSystem: files)
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(url)) }
    #expect((settings.loadError as? POSIXError)?.code == .EACCES)

    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .zero)
    #expect(files.memory.writes(to: url).isEmpty)
    #expect(settings.saveError as? SharedFileError == .notOverwritingUnreadableFile(url))
    #expect(
      harness.messages == [
        "Shared value file /data/settings.json could not be read: permission denied. The value "
          + "starts from its default, and will not overwrite the file.",
        "Shared value file /data/settings.json is not saved: the file /data/settings.json could "
          + "not be read or moved aside, so it is not overwritten. Its changes stay in memory "
          + "only.",
      ])
  }

  @Test func aFileInTheStoragesFolderIsNamedAfterTheTypeUnlessNamed() async {
    let harness = SharingHarness()
    let settings = harness.run { Shared(wrappedValue: Settings(), .file()) }
    let profile = harness.run { Shared(wrappedValue: Settings(), .file(path: "Profiles/")) }
    let named = harness.run { Shared(wrappedValue: 0, .file(named: "count.json")) }
    #expect(settings.key == "file /shared/Settings.json")
    #expect(profile.key == "file /shared/Profiles/Settings.json")
    #expect(named.key == "file /shared/count.json")
    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .zero)
    #expect(harness.files.files.keys.map(\.path) == ["/shared/Settings.json"])
  }
}
