#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How many times each stress test runs: a test whose outcome could depend on how real threads
/// or the main actor's queue interleave runs this many times, so that a broken mechanism shows
/// as a failure and not as a rare flake. Every test target shares it.
///
/// As many as the environment variable `REDUCTOR_STRESS_RUNS` says: `.ci/run` asks for 100 in
/// each of its test steps, `.ci/stress` for 1,000 under load. Without it, as in the README's
/// plain `swift test`, a few: enough to run each test's every path, quick enough that the whole
/// run stays short.
public let stressRuns: Range<Int> = {
  guard let value = getenv("REDUCTOR_STRESS_RUNS"), let runs = Int(String(cString: value)),
    runs > 0
  else { return 0..<3 }
  return 0..<runs
}()
