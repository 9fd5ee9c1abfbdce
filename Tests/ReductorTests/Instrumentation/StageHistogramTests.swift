import Testing

@testable import Reductor

@Suite struct StageHistogramTests {
  @Test func aMillionSamplesKeepTheMemoryFixedAndThePercentilesWithinTheirBound() throws {
    var histogram = StageHistogram()
    // 1 µs to 1 s, evenly.
    for microseconds in Int64(1)...1_000_000 { histogram.record(nanoseconds: microseconds * 1_000) }
    #expect(histogram.counts.count == StageHistogram.bucketCount)
    #expect(StageHistogram.bucketCount == 2_240)
    #expect(histogram.count == 1_000_000)
    for (fraction, exact) in [(0.5, 500_000_000.0), (0.9, 900_000_000.0), (0.99, 990_000_000.0)] {
      let percentile = try #require(histogram.percentile(fraction))
      #expect(abs(Double(percentile) - exact) / exact <= 1.0 / 128)
    }
    #expect(histogram.percentile(1) == 1_000_000_000)
    #expect(histogram.maximum == 1_000_000_000)
    #expect(histogram.minimum == 1_000)
  }

  @Test func percentilesAreTheNearestRankClampedToTheSamples() {
    var histogram = StageHistogram()
    for nanoseconds: Int64 in [800_000, 12_000_000, 137_400_000] {
      histogram.record(nanoseconds: nanoseconds)
    }
    // Rank ⌈0.5 × 3⌉ = 2: the 12 ms sample's bucket, 11.99 ms; rank 3: the maximum.
    #expect(histogram.percentile(0.5) == 11_993_088)
    #expect(histogram.percentile(0.9) == 137_400_000)
    #expect(histogram.percentile(0.1) == 800_000)
    #expect(StageHistogram().percentile(0.5) == nil)
  }

  @Test(
    arguments: [0, 1, 63, 64, 65, 127, 128, 1_000, 12_000_000, 1 << 39, (1 << 40) - 1] as [Int64])
  func everyValueIsWithinItsBucketsBound(value: Int64) {
    let bucket = StageHistogram.bucket(of: value)
    #expect(bucket < StageHistogram.bucketCount)
    let midpoint = StageHistogram.midpoint(ofBucket: bucket)
    #expect(abs(Double(midpoint - value)) <= Double(value) / 128)
  }

  @Test func longerSamplesShareTheLastBucket() {
    #expect(StageHistogram.bucket(of: 1 << 40) == StageHistogram.bucketCount - 1)
    #expect(StageHistogram.bucket(of: .max) == StageHistogram.bucketCount - 1)
  }

  @Test(arguments: [
    (Duration.zero, "0.0ms"), (.microseconds(800), "0.8ms"), (.microseconds(49), "0.0ms"),
    (.microseconds(50), "0.1ms"), (.milliseconds(12), "12.0ms"),
    (.microseconds(137_400), "137.4ms"),
    (.seconds(2), "2000.0ms"),
  ])
  func durationsPrintAsMillisecondsWithOneDecimal(duration: Duration, text: String) {
    #expect(Milliseconds(duration).description == text)
  }
}

@Suite struct StageStatisticsTests {
  private func statistics(
    _ samples: [(String, Instrumentation.Stage, String, Duration)]
  )
    -> StageStatistics
  {
    let statistics = StageStatistics()
    for (store, stage, name, duration) in samples {
      statistics.record(duration, in: .init(store: store, stage: stage, name: name))
    }
    return statistics
  }

  @Test func theReportAlignsItsColumnsAndPutsTheSlowestRowFirst() {
    let statistics = statistics(
      [("MyReactable", .reduce, "setLocation", .microseconds(100))]
        + [.microseconds(800), .milliseconds(12), .microseconds(137_400)].map {
          ("MyReactable", .queue, "updateLocation", $0)
        })
    #expect(
      statistics.report(threshold: .milliseconds(50)) == """
        Reductor instrumentation report (threshold 50.0ms)
        STORE        STAGE   CASE            COUNT     P50      P90      MAX
        MyReactable  queue   updateLocation      3  12.0ms  137.4ms  137.4ms
        MyReactable  reduce  setLocation         1   0.1ms    0.1ms    0.1ms
        """)
  }

  @Test func aReportWithoutSamplesSaysSoInOneLine() {
    #expect(
      StageStatistics().report(threshold: .zero) == "Reductor instrumentation report: no samples")
  }

  @Test func resetForgetsEverySample() {
    let statistics = statistics([("A", .reduce, "a", .milliseconds(1))])
    statistics.reset()
    #expect(statistics.histogram(of: .init(store: "A", stage: .reduce, name: "a")) == nil)
  }
}
