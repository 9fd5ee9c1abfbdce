#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The runs of each test that uses real threads: 100 in a test run, or as many as the
/// environment variable `REDUCTOR_STRESS_RUNS` says, as `ReductorTests`' `stressRuns` (a test
/// target cannot share it).
let stressRuns: Range<Int> = {
  guard let value = getenv("REDUCTOR_STRESS_RUNS"), let runs = Int(String(cString: value)),
    runs > 0
  else { return 0..<100 }
  return 0..<runs
}()
