import Foundation
import Reductor
import ReductorSharing
import Testing

/// Two corrupt copies found within one second are both kept: the second aside name gets `-2`.
/// The storages below see every aside name with its time replaced by `T`, as if every load
/// happened within the same second, whatever the real clock says.
@MainActor
struct AsideNameTests {
  @Test func twoCorruptFilesWithinASecondAreBothKeptAside() {
    let url = URL(filePath: "/data/settings.json")
    let files = SameSecondFileSystem(files: [url: Data("first".utf8)])
    let first = SharingHarness(fileSystem: files)
    _ = first.run { Shared(wrappedValue: Settings(), .file(url)) }
    try? files.memory.write(Data("second".utf8), to: url)
    let second = SharingHarness(fileSystem: files)
    _ = second.run { Shared(wrappedValue: Settings(), .file(url)) }

    #expect(
      files.memory.files == [
        URL(filePath: "/data/settings.json.corrupt-T"): Data("first".utf8),
        URL(filePath: "/data/settings.json.corrupt-T-2"): Data("second".utf8),
      ])
    #expect(
      (first.messages + second.messages).map(withinOneSecond) == [
        "Shared value file /data/settings.json could not be decoded (DecodingError.dataCorrupted: "
          + "Data was corrupted. Debug description: The given data was not valid JSON.). The file "
          + "was moved to /data/settings.json.corrupt-T, and the value starts from its default.",
        "Shared value file /data/settings.json could not be decoded (DecodingError.dataCorrupted: "
          + "Data was corrupted. Debug description: The given data was not valid JSON.). The file "
          + "was moved to /data/settings.json.corrupt-T-2, and the value starts from its default.",
      ])
  }

  @Test func twoCorruptKeyValueEntriesWithinASecondAreBothKeptAside() {
    let store = SameSecondKeyValueStore(["count": Data("first".utf8)])
    _ = SharingHarness(fileSystem: InMemoryFileSystem(), keyValueStore: store).run {
      Shared(wrappedValue: 0, .keyValue("count"))
    }
    store.memory.set(Data("second".utf8), forKey: "count")
    _ = SharingHarness(fileSystem: InMemoryFileSystem(), keyValueStore: store).run {
      Shared(wrappedValue: 0, .keyValue("count"))
    }
    #expect(store.memory.data(forKey: "count.corrupt-T") == Data("first".utf8))
    #expect(store.memory.data(forKey: "count.corrupt-T-2") == Data("second".utf8))
  }
}

/// `name` with the time of an aside name replaced by `T`: `a.json.corrupt-20261201T230734Z-2`
/// is `a.json.corrupt-T-2`.
private func withinOneSecond(_ name: String) -> String {
  name.replacing(/corrupt-\d{8}T\d{6}Z/, with: "corrupt-T")
}

/// An in-memory file system whose aside names all fall within one second.
final class SameSecondFileSystem: SharedFileSystem {
  let memory: InMemoryFileSystem

  init(files: [URL: Data]) {
    memory = InMemoryFileSystem(files: files)
  }

  func contents(of url: URL) throws -> Data? {
    try memory.contents(of: url)
  }

  func write(_ data: Data, to url: URL) throws {
    try memory.write(data, to: url)
  }

  func moveItem(at source: URL, to destination: URL) throws {
    try memory.moveItem(at: source, to: URL(filePath: withinOneSecond(destination.path)))
  }
}

/// An in-memory key-value store whose aside keys all fall within one second.
final class SameSecondKeyValueStore: SharedKeyValueStore {
  let memory: InMemoryKeyValueStore

  init(_ values: [String: Data]) {
    memory = InMemoryKeyValueStore(values)
  }

  func data(forKey key: String) -> Data? {
    memory.data(forKey: withinOneSecond(key))
  }

  func set(_ data: Data, forKey key: String) {
    memory.set(data, forKey: withinOneSecond(key))
  }

  func synchronize() {
    memory.synchronize()
  }
}
