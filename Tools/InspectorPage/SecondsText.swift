/// A time or a duration in nanoseconds as seconds with milliseconds, rounded to the nearest
/// millisecond: `1.250 s` for 1,250,000,000.
package func secondsText(_ nanoseconds: Int) -> String {
  let milliseconds = (nanoseconds.magnitude + 500_000) / 1_000_000
  let fraction = String(milliseconds % 1000)
  let sign = nanoseconds < 0 && milliseconds > 0 ? "-" : ""
  return "\(sign)\(milliseconds / 1000)."
    + String(repeating: "0", count: 3 - fraction.count) + fraction + " s"
}
