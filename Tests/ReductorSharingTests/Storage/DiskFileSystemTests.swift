import Foundation
import Reductor
import ReductorSharing
import Testing

/// The disk, in a fresh temporary folder per test.
@MainActor
struct DiskFileSystemTests {
  let folder = FileManager.default.temporaryDirectory
    .appending(component: "reductor-sharing-\(UUID().uuidString)", directoryHint: .isDirectory)

  var names: [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
  }

  @Test func aWriteReplacesTheFileAndLeavesNothingElse() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(path: "nested/value.json")
    let disk = DiskFileSystem()
    #expect(try disk.contents(of: file) == nil)
    try disk.write(Data("first".utf8), to: file)
    try disk.write(Data("second".utf8), to: file)
    #expect(try disk.contents(of: file) == Data("second".utf8))
    let nested = try FileManager.default.contentsOfDirectory(
      atPath: folder.appending(component: "nested").path)
    #expect(nested == ["value.json"])
  }

  @Test func readingAFileRemovesOnlyTheTemporaryFilesOfWritesTenMinutesOld() throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(component: "value.json")
    let disk = DiskFileSystem()
    try disk.write(Data("kept".utf8), to: file)
    // A killed writer's, 11 minutes old; perhaps a live writer's, 9 minutes old; another file's.
    let abandoned = try temporaryFile(".value.json", minutesOld: 11)
    let recent = try temporaryFile(".value.json", minutesOld: 9)
    let other = try temporaryFile(".other.json", minutesOld: 11)
    #expect(try disk.contents(of: file) == Data("kept".utf8))
    #expect(FileManager.default.fileExists(atPath: abandoned.path) == false)
    #expect(names == [other.lastPathComponent, recent.lastPathComponent, "value.json"].sorted())
  }

  /// A temporary file as a write makes, `prefix.<UUID>.tmp`, last modified `minutesOld` ago.
  private func temporaryFile(_ prefix: String, minutesOld: Double) throws -> URL {
    let url = folder.appending(component: "\(prefix).\(UUID().uuidString).tmp")
    try Data("half".utf8).write(to: url)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -minutesOld * 60)], ofItemAtPath: url.path)
    return url
  }

  @Test func aWriteIntoAFileInTheWayOfTheFolderFailsAndKeepsTheValue() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    // A file where the value's folder should be: no user, root included, can write there.
    try Data("in the way".utf8).write(to: folder.appending(component: "blocked"))
    let harness = SharingHarness(
      storage: SharedStorage(fileSystem: DiskFileSystem(), folder: folder))
    let settings = harness.run { Shared(wrappedValue: Settings(), .file(path: "blocked/")) }
    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .zero)
    #expect(settings.saveError != nil)
    #expect(settings.wrappedValue.volume == 1)
    #expect(
      harness.messages == [
        "Shared value file \(folder.path)/blocked/Settings.json could not be saved: not a "
          + "directory. The value stays in memory; its next change, or flush(), writes it again."
      ])
  }

  @Test func aFolderAtTheFilesPathIsNamedAsOneAndNeverReplaced() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(component: "Settings.json")
    try FileManager.default.createDirectory(at: file, withIntermediateDirectories: true)
    let harness = SharingHarness(
      storage: SharedStorage(fileSystem: DiskFileSystem(), folder: folder))
    let settings = harness.run { Shared(wrappedValue: Settings(), .file()) }
    settings.wrappedValue.volume = 1
    await harness.clock.advance(by: .zero)
    #expect(
      harness.messages == [
        "Shared value file \(file.path) could not be read: is a directory. The value starts from "
          + "its default, and will not overwrite the file.",
        "Shared value file \(file.path) is not saved: the file \(file.path) could not be read or "
          + "moved aside, so it is not overwritten. Its changes stay in memory only.",
      ])
    #expect(names == ["Settings.json"])
  }

  @Test func aCorruptFileOnDiskIsMovedAsideWithItsBytes() async throws {
    defer { try? FileManager.default.removeItem(at: folder) }
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appending(component: "Settings.json")
    try Data("corrupt".utf8).write(to: file)
    let harness = SharingHarness(
      storage: SharedStorage(fileSystem: DiskFileSystem(), folder: folder))
    let settings = harness.run { Shared(wrappedValue: Settings(), .file()) }
    #expect(settings.wrappedValue == Settings())
    #expect(settings.loadError != nil)
    let aside = try #require(names.first { $0.hasPrefix("Settings.json.corrupt-") })
    #expect(
      FileManager.default.contents(atPath: folder.appending(component: aside).path)
        == Data("corrupt".utf8))

    settings.wrappedValue.name = "ada"
    await harness.clock.advance(by: .zero)
    #expect(settings.loadError == nil)
    #expect(names == [aside, "Settings.json"].sorted())
    let saved = try JSONDecoder().decode(Settings.self, from: try Data(contentsOf: file))
    #expect(saved == Settings(name: "ada"))
  }
}
