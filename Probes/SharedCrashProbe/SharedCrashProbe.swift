// Crash safety of `@Shared(.file)`: a child process writes a shared file-backed value again and
// again, and is killed with SIGKILL at a random moment; the file it leaves must decode to the
// last value it confirmed or the one after, never to garbage. CI runs it (`.ci/run`), and the
// checks of two processes sharing a value (`TwoProcesses.swift`).
//
//   shared-crash-probe [trials] [writes]     the probe: 50 trials of 1,000 writes by default
//   shared-crash-probe --in-place [...]      the same with writes in place (truncate, write):
//                                            what the probe catches; it exits 1 on garbage
//   shared-crash-probe readers [count]       a process writes a file 3,000 times while another
//                                            reads it 3,000 times; exits 1 if a write fails
//   shared-crash-probe key-value [count]     a process sets a key-value value 100 times and
//                                            flushes; exits 1 unless the next one reads it
//   shared-crash-probe child <file> <writes> one child: writes 1...writes, confirming each

import Foundation
import ProbeSupport
import Reductor
import ReductorSharing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The value written: a number, and a payload whose length depends on it, so that a file cut
/// short or mixed from two writes does not decode to a consistent record.
struct Record: Codable, Equatable, Sendable {
  var number = 0
  var payload = ""

  init(number: Int) {
    self.number = number
    payload = String(repeating: "\(number % 10)", count: 2_000 + number % 1_000)
  }

  init() {}

  var isConsistent: Bool {
    self == Record(number: number)
  }
}

/// One trial's outcome.
enum Outcome: String, CaseIterable {
  case beforeFirstWrite = "killed before the first write"
  case previous = "the last confirmed value"
  case next = "the value after it"
  case finished = "finished before the kill"
  case garbage = "garbage"
}

@main
struct SharedCrashProbe {
  static func main() async {
    let arguments = CommandLine.arguments.dropFirst()
    let values = Array(arguments.dropFirst())
    let count = values.first.flatMap { Int($0) }
    switch arguments.first {
    case "child":
      await child(
        file: URL(filePath: values[0]), writes: Int(values[1]) ?? 1_000,
        inPlace: values.count > 2)
    case "readers": exit(TwoProcesses.readersAndWriters(count: count ?? 3_000))
    case "write-many":
      TwoProcesses.writeMany(file: URL(filePath: values[0]), count: Int(values[1])!)
    case "read-many":
      TwoProcesses.readMany(file: URL(filePath: values[0]), count: Int(values[1])!)
    case "key-value": exit(TwoProcesses.keyValue(count: count ?? 100))
    case "key-value-write":
      await TwoProcesses.keyValueWrite(suite: values[0], count: Int(values[1])!)
    case "key-value-read": TwoProcesses.keyValueRead(suite: values[0])
    default:
      let values = arguments.compactMap { Int($0) }
      exit(
        probe(
          trials: values.first ?? 50, writes: values.dropFirst().first ?? 1_000,
          inPlace: arguments.contains("--in-place")))
    }
  }

  /// Writes `1...writes`, each flushed to the disk, and prints `wrote n` once `n` is.
  static func child(file: URL, writes: Int, inPlace: Bool) async {
    let fileSystem: any SharedFileSystem = inPlace ? InPlaceFileSystem() : DiskFileSystem()
    let storage = SharedStorage(
      fileSystem: fileSystem, keyValueStore: InMemoryKeyValueStore(),
      folder: file.deletingLastPathComponent())
    let record = withDependencies {
      $0.sharedStorage = storage
    } operation: {
      Shared(wrappedValue: Record(), .file(file, writeInterval: .zero))
    }
    for number in 1...writes {
      record.wrappedValue = Record(number: number)
      await record.flush()
      FileHandle.standardOutput.write(Data("wrote \(number)\n".utf8))
    }
  }

  /// Runs the trials and prints their outcomes; returns the exit status: 1 if any left garbage.
  static func probe(trials: Int, writes: Int, inPlace: Bool) -> Int32 {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "shared-crash-probe-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(component: "record.json")
    // One run to the end tells how long the writes take: the kills fall within it.
    let full = ContinuousClock().measure {
      _ = runChild(file: file, writes: writes, inPlace: inPlace, killAfter: nil)
    }
    var counts: [Outcome: Int] = [:]
    var strayTemporaryFiles = 0
    for _ in 0..<trials {
      try? FileManager.default.removeItem(at: folder)
      // Within the first 90 % of the writes, so that few children finish first.
      let delay = full * Double.random(in: 0...0.9)
      let confirmed = runChild(file: file, writes: writes, inPlace: inPlace, killAfter: delay)
      let outcome = judge(file: file, confirmed: confirmed, writes: writes)
      counts[outcome, default: 0] += 1
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      strayTemporaryFiles += names.filter { $0.hasSuffix(".tmp") }.count
      // A read of the value removes them once they are ten minutes old: age them.
      for name in names where name.hasSuffix(".tmp") {
        try? FileManager.default.setAttributes(
          [.modificationDate: Date(timeIntervalSinceNow: -11 * 60)],
          ofItemAtPath: folder.appending(component: name).path)
      }
      _ = try? DiskFileSystem().contents(of: file)
      let left = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
      if left.contains(where: { $0.hasSuffix(".tmp") }) { counts[.garbage, default: 0] += 1 }
    }
    print("crash safety: \(trials) trials of \(writes) writes (\(full) each), killed with SIGKILL:")
    for outcome in Outcome.allCases {
      print("  \(counts[outcome, default: 0]) \(outcome.rawValue)")
    }
    print(
      "  \(strayTemporaryFiles) temporary files left by a kill, all removed by a read once ten "
        + "minutes old")
    return counts[.garbage, default: 0] == 0 ? 0 : 1
  }

  /// Runs a child, kills it after `killAfter` if given; returns the last number it confirmed.
  static func runChild(file: URL, writes: Int, inPlace: Bool, killAfter: Duration?) -> Int {
    let last = ProbeSupport.runChild(
      ["child", file.path, String(writes)] + (inPlace ? ["in-place"] : []), killAfter: killAfter)
    return last.flatMap { Int($0.dropFirst("wrote ".count)) } ?? 0
  }

  static func judge(file: URL, confirmed: Int, writes: Int) -> Outcome {
    guard let data = FileManager.default.contents(atPath: file.path) else {
      return confirmed == 0 ? .beforeFirstWrite : .garbage
    }
    guard let record = try? JSONDecoder().decode(Record.self, from: data), record.isConsistent
    else { return .garbage }
    switch record.number {
    case writes where confirmed == writes: return .finished
    case confirmed: return .previous
    case confirmed + 1: return .next
    default: return .garbage
    }
  }
}

/// Writes a file in place, as a naive program would: truncates it, then writes. A kill between
/// the two leaves an empty or partial file.
struct InPlaceFileSystem: SharedFileSystem {
  func contents(of url: URL) throws -> Data? {
    try DiskFileSystem().contents(of: url)
  }

  func write(_ data: Data, to url: URL) throws {
    if !FileManager.default.fileExists(atPath: url.path) {
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    }
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    try handle.truncate(atOffset: 0)
    for start in stride(from: 0, to: data.count, by: 256) {
      try handle.write(contentsOf: data[start..<min(start + 256, data.count)])
    }
  }

  func moveItem(at source: URL, to destination: URL) throws {
    try DiskFileSystem().moveItem(at: source, to: destination)
  }
}
