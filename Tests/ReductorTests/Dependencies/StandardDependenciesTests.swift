import Reductor
import Testing

/// The standard dependencies of the core: the clocks and the random number generator.
@Suite struct StandardDependenciesTests {
  @Test func theTestGeneratorIsSeededSoEveryRunDrawsTheSameNumbers() {
    let draws = withDependencies {
      $0.context = .test
    } operation: {
      let generate = DependencyValues.current.withRandomNumberGenerator
      return (0..<3).map { _ in generate { $0.next() } }
    }
    // SplitMix64 from seed 0.
    #expect(draws == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
  }

  @Test func aGeneratorOfOnesOwnIsDrawnFromInTurn() {
    struct Counting: RandomNumberGenerator, Sendable {
      var count = UInt64(0)
      mutating func next() -> UInt64 {
        defer { count += 1 }
        return count
      }
    }
    let generate = WithRandomNumberGenerator(Counting())
    #expect(generate { $0.next() } == 0)
    #expect(generate { $0.next() } == 1)
  }

  @Test func theLiveClocksAreTheStandardOnes() {
    let values = DependencyValues()
    #expect(values.continuousClock is ContinuousClock)
    #expect(values.suspendingClock is SuspendingClock)
  }

  @Test func aClockWithoutATestValueIsReportedWhenReadInATest() {
    let reported = Locked<[StoreDiagnostic]>([])
    let clock = withDependencies {
      $0.context = .test
      $0.report = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    } operation: {
      DependencyValues.current.suspendingClock
    }
    #expect(clock is SuspendingClock)
    #expect(reported.value.map(\.kind) == [.missingTestDependency])
    #expect(
      reported.value.first?.message.hasPrefix("SuspendingClockDependency has no test value")
        == true)
  }
}
