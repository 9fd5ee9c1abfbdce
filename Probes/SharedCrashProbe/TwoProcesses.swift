import Foundation
import ProbeSupport
import Reductor
import ReductorSharing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks that need two processes: one writing a shared file while another reads it, and a
/// key-value value written by one process and read by the next.
enum TwoProcesses {
  /// Runs a writer of `count` writes and a reader of `count` reads of one file at once; returns
  /// the exit status: 1 if a write failed or a read found anything but a whole record.
  static func readersAndWriters(count: Int) -> Int32 {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(component: "record.json")
    let writer = startChild(["write-many", file.path, String(count)])
    let reader = startChild(["read-many", file.path, String(count)])
    let failedWrites = Int(finish(writer)) ?? -1
    let badReads = Int(finish(reader)) ?? -1
    print(
      "two processes, one writing a shared file \(count) times, one reading it \(count) times:")
    print("  \(failedWrites) failed writes")
    print("  \(badReads) reads that found no whole record")
    return failedWrites == 0 && badReads == 0 ? 0 : 1
  }

  /// Writes records 1...count, each to the disk; prints how many writes failed.
  static func writeMany(file: URL, count: Int) {
    var failed = 0
    for number in 1...count {
      do {
        try DiskFileSystem().write(try JSONEncoder().encode(Record(number: number)), to: file)
      } catch {
        if failed == 0 { FileHandle.standardError.write(Data("\(error)\n".utf8)) }
        failed += 1
      }
    }
    print(failed)
  }

  /// Reads the file `count` times; prints how many reads found neither nothing nor a whole
  /// record.
  static func readMany(file: URL, count: Int) {
    var bad = 0
    for _ in 0..<count {
      do {
        guard let data = try DiskFileSystem().contents(of: file) else { continue }
        if try !JSONDecoder().decode(Record.self, from: data).isConsistent { bad += 1 }
      } catch {
        bad += 1
      }
    }
    print(bad)
  }

  /// Sets a key-value shared value `count` times in one process, then reads it in another;
  /// returns the exit status: 1 if the second process does not read the last value.
  static func keyValue(count: Int) -> Int32 {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // On Linux, `UserDefaults` keeps its property lists in `XDG_CONFIG_HOME`: the probe's folder.
    let suite = "dev.reductor.shared-crash-probe.\(UUID().uuidString)"
    let environment = ["XDG_CONFIG_HOME": folder.path]
    _ = finish(startChild(["key-value-write", suite, String(count)], environment: environment))
    let read = finish(startChild(["key-value-read", suite], environment: environment))
    print("key-value: one process set a value \(count) times and flushed; the next read \(read)")
    return read == String(count) ? 0 : 1
  }

  /// Sets the key-value value `count` to 1...count, then flushes the storage.
  static func keyValueWrite(suite: String, count: Int) async {
    let storage = SharedStorage(
      fileSystem: InMemoryFileSystem(), keyValueStore: UserDefaultsStore(defaults(suite)))
    let value = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .keyValue("count"))
    }
    for number in 1...count { value.wrappedValue = number }
    await storage.flush()
  }

  /// Prints the key-value value `count`, then removes the suite's values.
  static func keyValueRead(suite: String) {
    let storage = SharedStorage(
      fileSystem: InMemoryFileSystem(), keyValueStore: UserDefaultsStore(defaults(suite)))
    let value = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Shared(wrappedValue: 0, .keyValue("count"))
    }
    print(value.wrappedValue)
    UserDefaults.standard.removePersistentDomain(forName: suite)
  }

  private static func defaults(_ suite: String) -> UserDefaults {
    guard let defaults = UserDefaults(suiteName: suite) else {
      fatalError("no user defaults for the suite \(suite)")
    }
    return defaults
  }

  private static func temporaryFolder() -> URL {
    FileManager.default.temporaryDirectory
      .appending(component: "shared-crash-probe-\(UUID().uuidString)", directoryHint: .isDirectory)
  }

  /// Waits for the process to end; returns its output, trimmed.
  private static func finish(_ started: (Process, Pipe)) -> String {
    let data = started.1.fileHandleForReading.readDataToEndOfFile()
    started.0.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
