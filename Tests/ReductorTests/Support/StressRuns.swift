#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The runs of each timing scenario of `SettleTests`: 100 in a test run, or as many as the
/// environment variable `REDUCTOR_STRESS_RUNS` says (`.ci/stress` asks for 1,000).
let stressRuns: Range<Int> = {
  guard let value = getenv("REDUCTOR_STRESS_RUNS"), let runs = Int(String(cString: value)),
    runs > 0
  else { return 0..<100 }
  return 0..<runs
}()
