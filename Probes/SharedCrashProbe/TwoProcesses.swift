import Foundation
import Reductor
import ReductorSharing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The checks that need two processes: a key-value value written by one process and read by the
/// next.
enum TwoProcesses {
  /// Sets a key-value shared value `count` times in one process, then reads it in another;
  /// returns the exit status: 1 if the second process does not read the last value.
  static func keyValue(count: Int) -> Int32 {
    let folder = temporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    // On Linux, `UserDefaults` keeps its property lists in `XDG_CONFIG_HOME`: the probe's folder.
    let suite = "dev.reductor.shared-crash-probe.\(UUID().uuidString)"
    let environment = ["XDG_CONFIG_HOME": folder.path]
    _ = finish(start(["key-value-write", suite, String(count)], environment: environment))
    let read = finish(start(["key-value-read", suite], environment: environment))
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

  /// Starts this program with `arguments`, its output piped.
  private static func start(
    _ arguments: [String], environment: [String: String] = [:]
  ) -> (Process, Pipe) {
    let process = Process()
    process.executableURL = URL(filePath: CommandLine.arguments[0])
    process.arguments = arguments
    process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      fatalError("cannot start \(arguments[0]): \(error)")
    }
    return (process, output)
  }

  /// Waits for the process to end; returns its output, trimmed.
  private static func finish(_ started: (Process, Pipe)) -> String {
    let data = started.1.fileHandleForReading.readDataToEndOfFile()
    started.0.waitUntilExit()
    return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
