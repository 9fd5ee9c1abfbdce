#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// reductor-bench: times the store against baselines measured in the same run.
//   swift run -c release reductor-bench [--filter SUBSTRING] [--json] [--quick]

var filter: String?
var json = false
var quick = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
  switch argument {
  case "--filter": filter = arguments.popFirst()
  case "--json": json = true
  case "--quick": quick = true
  default:
    print("usage: reductor-bench [--filter SUBSTRING] [--json] [--quick]")
    exit(2)
  }
}

let repetitions = quick ? 5 : 7
let selected = allBenchmarks.filter { filter.map($0.name.contains) ?? true }
var results: [Measurement] = []
var failed = false

if !json {
  print("benchmark".padding(30) + "median".padding(12) + "min".padding(12) + "max".padding(12))
}
for benchmark in selected {
  let operations = quick ? benchmark.operations.quick : benchmark.operations.full
  do {
    _ = try await benchmark.run(operations)  // warm-up
    var samples: [Double] = []
    for _ in 0..<repetitions {
      samples.append(try await benchmark.run(operations) / Double(operations))
    }
    let measurement = Measurement(
      name: benchmark.name, unit: benchmark.unit, samples: samples, operations: operations)
    results.append(measurement)
    if !json {
      print(
        benchmark.name.padding(30) + format(measurement.median).padding(12)
          + format(measurement.min).padding(12) + format(measurement.max).padding(12)
          + benchmark.unit)
    }
  } catch {
    failed = true
    printToStandardError("\(benchmark.name): check failed: \(error)")
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
