#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One benchmark: a name, a unit, and a body that runs `operations` operations once and checks
/// its own result.
struct Benchmark {
  let name: String
  let unit: String
  /// Operations per repetition in a full run and in a `--quick` run.
  let operations: (full: Int, quick: Int)
  /// Runs the operations once and returns the measured total (nanoseconds for `ns/op`), which
  /// the harness divides by the operations; throws when the result is wrong.
  let run: @MainActor (_ operations: Int) async throws -> Double

  init(
    _ name: String, unit: String = "ns/op", operations: (full: Int, quick: Int),
    run: @escaping @MainActor (_ operations: Int) async throws -> Double
  ) {
    self.name = name
    self.unit = unit
    self.operations = operations
    self.run = run
  }
}

/// The result of one benchmark: nanoseconds per operation over the timed repetitions.
struct Measurement {
  let name: String
  let unit: String
  let samples: [Double]
  let operations: Int

  var median: Double {
    let sorted = samples.sorted()
    let middle = sorted.count / 2
    return sorted.count.isMultiple(of: 2)
      ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
  }

  var min: Double { samples.min() ?? 0 }
  var max: Double { samples.max() ?? 0 }
}

/// A benchmark's own check failed: the measured code computed the wrong thing.
struct CheckFailed: Error, CustomStringConvertible {
  let description: String
}

/// Fails the benchmark unless `condition` holds.
func check(_ condition: Bool, _ message: @autoclosure () -> String) throws {
  if !condition { throw CheckFailed(description: message()) }
}

/// Times `body` on the continuous clock, in nanoseconds.
@MainActor
func time(_ body: () throws -> Void) rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try body()
  return start.duration(to: clock.now).nanoseconds
}

/// Times `body` on the continuous clock, in nanoseconds.
@MainActor
func time(_ body: () async throws -> Void) async rethrows -> Double {
  let clock = ContinuousClock()
  let start = clock.now
  try await body()
  return start.duration(to: clock.now).nanoseconds
}

/// Writes one line to standard error.
func printToStandardError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

extension Duration {
  var nanoseconds: Double {
    let (seconds, attoseconds) = components
    return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
  }
}

/// Keeps the optimizer from deleting work whose result is otherwise unused.
@inline(never)
func blackHole<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

/// Reads a field in kB from /proc/self/status (Linux), in bytes; 0 elsewhere.
func processMemory(_ field: String) -> Int {
  guard let file = fopen("/proc/self/status", "r") else { return 0 }
  defer { fclose(file) }
  var line = [CChar](repeating: 0, count: 256)
  while fgets(&line, Int32(line.count), file) != nil {
    let text = String(
      decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard text.hasPrefix(field + ":") else { continue }
    let digits = text.drop { !$0.isNumber }.prefix { $0.isNumber }
    return (Int(digits) ?? 0) * 1024
  }
  return 0
}

/// The resident set size now, in bytes.
func residentBytes() -> Int { processMemory("VmRSS") }

/// Gives the memory the allocator holds free back to the system (glibc's `malloc_trim`), so
/// that the resident size measured next grows with what is allocated after it: a repetition
/// otherwise reuses what its predecessor freed, and measures 0.
func releaseFreedMemory() {
  #if canImport(Glibc)
  // malloc_trim is declared in malloc.h, which the Glibc module does not import.
  typealias MallocTrim = @convention(c) (Int) -> Int32
  guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
  _ = unsafeBitCast(symbol, to: MallocTrim.self)(0)
  #endif
}

/// The peak resident set size of the process, in bytes.
func peakResidentBytes() -> Int { processMemory("VmHWM") }
