#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many times each stress test runs: a test whose outcome could depend on how real threads
/// or the main actor's queue interleave runs this many times, so that a broken mechanism shows
/// as a failure and not as a rare flake. 100 in a test run, or as many as the environment
/// variable `REDUCTOR_STRESS_RUNS` says (`.ci/stress` asks for 1,000). Every test target shares
/// it.
public let stressRuns: Range<Int> = {
  guard let value = getenv("REDUCTOR_STRESS_RUNS"), let runs = Int(String(cString: value)),
    runs > 0
  else { return 0..<100 }
  return 0..<runs
}()
