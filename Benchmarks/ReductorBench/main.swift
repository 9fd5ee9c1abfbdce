#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// reductor-bench: times the store against baselines measured in the same run.
//   swift run -c release reductor-bench [--filter SUBSTRING]... [--json] [--quick]
// With filters, a benchmark runs when its name contains any of them.
//   swift run -c release reductor-bench --after-every-feature [...]
// uses every feature of the library once before it measures: Benchmarks/process-history.sh
// compares what the rows cost then with what they cost in a fresh process.
//   swift run -c release reductor-bench --round-trips N
// sends `.ping` and waits for the `.pong` its `.run` delivers, N times, and measures nothing: for
// Benchmarks/trace-path.sh, which counts the code such a round trip runs through.

var filters: [String] = []
var json = false
var quick = false
var afterEveryFeature = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--filter": arguments.popFirst().map { filters.append($0) }
  case "--json": json = true
  case "--quick": quick = true
  case "--after-every-feature": afterEveryFeature = true
  case "--round-trips":
    let count = arguments.popFirst().flatMap { Int($0) } ?? 1
    // Ends the process at once: valgrind fails in the dispatch library's exit otherwise.
    _exit(await roundTrips(count) ? 0 : 1)
  default:
    print(
      "usage: reductor-bench [--filter SUBSTRING]... [--json] [--quick] [--after-every-feature]"
        + " | --round-trips N")
    exit(2)
  }
}

// A process that has not started a thread yet locks glibc's mutexes without atomic instructions
// (`__libc_single_threaded`), Observation's and the library's alike; every program that uses the
// library has threads. One task on the global executor starts one before any row runs, so that a
// row measured alone is measured as in a full run, where earlier rows have started threads.
await Task.detached {}.value
if afterEveryFeature { try await useEveryFeature() }

let repetitions = quick ? 5 : 11
let selected =
  (allBenchmarks + actorBenchmarks + reactorBenchmarks + instrumentationBenchmarks
  + dependencyBenchmarks + sharingBenchmarks + collectionBenchmarks + recordingBenchmarks).filter {
    benchmark in
    filters.isEmpty || filters.contains { benchmark.name.contains($0) }
  }
var failed = false

@MainActor
func operations(of benchmark: Benchmark) -> Int {
  quick ? benchmark.operations.quick : benchmark.operations.full
}

// Every benchmark is warmed up first; the timed repetitions then go round-robin, one of each
// benchmark per round, so that a slow or fast spell of the machine touches every benchmark
// alike and the ratios between benchmarks of one run stay steady.
var samples: [String: [Double]] = [:]
var active: [Benchmark] = []
for benchmark in selected {
  do {
    _ = try await benchmark.run(operations(of: benchmark))
    active.append(benchmark)
  } catch {
    failed = true
    printToStandardError("\(benchmark.name): check failed: \(error)")
  }
}
for _ in 0..<repetitions {
  var broken: Set<String> = []
  for benchmark in active {
    do {
      let total = try await benchmark.run(operations(of: benchmark))
      samples[benchmark.name, default: []].append(total / Double(operations(of: benchmark)))
    } catch {
      failed = true
      broken.insert(benchmark.name)
      printToStandardError("\(benchmark.name): check failed: \(error)")
    }
  }
  active.removeAll { broken.contains($0.name) }
}
let results = active.map { benchmark in
  Measurement(
    name: benchmark.name, unit: benchmark.unit, samples: samples[benchmark.name] ?? [],
    operations: operations(of: benchmark))
}

if !json {
  print("benchmark".padding(30) + "median".padding(12) + "min".padding(12) + "max".padding(12))
  for result in results {
    print(
      result.name.padding(30) + format(result.median).padding(12)
        + format(result.min).padding(12) + format(result.max).padding(12) + result.unit)
  }
}

if json {
  let entries = results.map { result in
    """
    {"name": "\(result.name)", "unit": "\(result.unit)", "median": \(result.median), \
    "min": \(result.min), "max": \(result.max), "repetitions": \(result.samples.count), \
    "operations": \(result.operations)}
    """
  }
  print(
    "{\"benchmarks\": [\(entries.joined(separator: ", "))], \"peakRSSBytes\": \(peakResidentBytes())}"
  )
} else {
  print("peak RSS: \(peakResidentBytes() / 1_048_576) MiB")
}
if failed { exit(1) }

func format(_ value: Double) -> String {
  let rounded = (value * 100).rounded() / 100
  return "\(rounded)"
}

extension String {
  func padding(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
