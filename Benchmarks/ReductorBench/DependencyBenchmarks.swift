import Reductor

/// The dependency of `dependency.read`.
struct BenchNumberKey: DependencyKey {
  static var liveValue: Int { 1 }
}

/// Reads `BenchNumberKey` through `@Dependency`, as a reducer does.
struct NumberReader: Sendable {
  @Dependency(BenchNumberKey.self) var number
}

@MainActor
let dependencyBenchmarks: [Benchmark] = [
  Benchmark("dependency.read", operations: (1_000_000, 10_000)) { n in
    let reader = NumberReader()
    var sum = 0
    let elapsed = time {
      for _ in 0..<n { sum &+= reader.number }
    }
    try check(sum == n, "sum \(sum) != \(n)")
    return elapsed
  }
]
