/// The distribution of one row's samples in a fixed amount of memory: a log-linear histogram of
/// nanoseconds, as HdrHistogram keeps one.
///
/// Samples below 64 ns have a bucket each; above, each power of two up to 2⁴⁰ ns (18 minutes) is
/// split into 64 buckets of equal width, so a bucket's midpoint is within 1/128 (0.8 %) of every
/// sample in it. Longer samples share the last bucket. The count, the smallest and the largest
/// sample are kept exactly.
struct StageHistogram {
  /// Buckets per power of two, and exact buckets below the first: 2⁶.
  static let subBucketBits = 6
  static let subBucketCount = 1 << subBucketBits
  /// The power of two that the last bucket reaches.
  static let topExponent = 40
  static let bucketCount = subBucketCount * (topExponent - subBucketBits + 1)

  private(set) var counts: [UInt32] = []
  private(set) var count = 0
  private(set) var minimum = Int64.max
  private(set) var maximum = Int64.min

  /// Adds a sample, in nanoseconds; a negative one counts as zero.
  mutating func record(nanoseconds: Int64) {
    let value = max(nanoseconds, 0)
    if counts.isEmpty { counts = Array(repeating: 0, count: Self.bucketCount) }
    let index = Self.bucket(of: value)
    if counts[index] < .max { counts[index] += 1 }
    count += 1
    minimum = min(minimum, value)
    maximum = max(maximum, value)
  }

  /// The sample of rank `⌈fraction × count⌉` (nearest rank), as its bucket's midpoint clamped to
  /// the smallest and largest samples; the first and last ranks are exact. Nil without samples.
  func percentile(_ fraction: Double) -> Int64? {
    guard count > 0 else { return nil }
    let total = counts.reduce(0) { $0 + Int($1) }
    let rank = max(1, min(total, Int((fraction * Double(total)).rounded(.up))))
    if rank == 1 { return minimum }
    if rank == total { return maximum }
    var seen = 0
    for (index, bucketCount) in counts.enumerated() where bucketCount > 0 {
      seen += Int(bucketCount)
      if seen >= rank { return min(max(Self.midpoint(ofBucket: index), minimum), maximum) }
    }
    return maximum
  }

  /// The bucket that holds `value`, a non-negative number of nanoseconds.
  static func bucket(of value: Int64) -> Int {
    if value < subBucketCount { return Int(value) }
    let exponent = Int64.bitWidth - 1 - value.leadingZeroBitCount
    guard exponent < topExponent else { return bucketCount - 1 }
    let shift = exponent - subBucketBits
    return shift * subBucketCount + Int(value >> shift)
  }

  /// The middle of the values that `bucket` holds.
  static func midpoint(ofBucket bucket: Int) -> Int64 {
    if bucket < subBucketCount { return Int64(bucket) }
    let shift = bucket / subBucketCount - 1
    let lower = Int64(bucket - shift * subBucketCount) << shift
    return lower + (Int64(1) << shift) / 2
  }
}

/// A duration as milliseconds with one decimal, `12.0ms`, rounded half up; for the report, the
/// warnings and the target events.
struct Milliseconds: CustomStringConvertible {
  let nanoseconds: Int64

  init(_ duration: Duration) {
    self.nanoseconds = duration.nanoseconds
  }

  init(nanoseconds: Int64) {
    self.nanoseconds = nanoseconds
  }

  var description: String {
    let sign = nanoseconds < 0 ? "-" : ""
    let tenths = (nanoseconds.magnitude + 50_000) / 100_000
    return "\(sign)\(tenths / 10).\(tenths % 10)ms"
  }
}

extension Duration {
  /// The duration in whole nanoseconds, saturating at `Int64`'s range.
  var nanoseconds: Int64 {
    let (seconds, attoseconds) = components
    let (scaled, overflowed) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
    let (total, overflowedAgain) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
    guard !overflowed, !overflowedAgain else { return seconds < 0 ? .min : .max }
    return total
  }
}
