/// The open throttle windows of one store, by key: a pure state machine driven under the
/// runtime's lock, with times given as durations since the runtime started.
///
/// Windows that have closed are forgotten at the next call, so memory follows the number of
/// open windows.
struct ThrottleWindows {
  private struct Closing: Comparable {
    let time: Duration
    let key: EffectKey

    static func < (lhs: Closing, rhs: Closing) -> Bool {
      lhs.time < rhs.time
    }

    static func == (lhs: Closing, rhs: Closing) -> Bool {
      lhs.time == rhs.time && lhs.key == rhs.key
    }
  }

  /// When each open window closes.
  private var closesAt: [EffectKey: Duration] = [:]
  /// The same windows ordered by closing time; entries of removed windows are skipped.
  private var closings = Heap<Closing>()

  var count: Int {
    closesAt.count
  }

  /// Whether an effect for `key` at `now` leads a new window (and so runs). A leading effect
  /// opens a window of `interval`; a zero or negative interval never throttles.
  mutating func opensWindow(for key: EffectKey, at now: Duration, interval: Duration) -> Bool {
    forgetWindows(closedBy: now)
    guard interval > .zero else { return true }
    if closesAt[key] != nil { return false }
    closesAt[key] = now + interval
    closings.push(Closing(time: now + interval, key: key))
    return true
  }

  mutating func remove(_ key: EffectKey) {
    closesAt.removeValue(forKey: key)
  }

  private mutating func forgetWindows(closedBy now: Duration) {
    while let first = closings.min, first.time <= now {
      closings.popMin()
      if closesAt[first.key] == first.time { closesAt.removeValue(forKey: first.key) }
    }
  }
}
