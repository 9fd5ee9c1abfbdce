/// The open throttle windows of one store, by key: a pure data structure inside ``EffectTable``,
/// with times given as durations since the runtime started.
///
/// A window opens with the effect that leads it and lasts its interval. A throttle with
/// `latest: true` keeps the newest effect dropped while the window is open as the window's
/// *trailing* effect, and a timer task, one per window that keeps one, starts it when the window
/// ends; that start opens the next window. Windows that closed without a trailing effect are
/// forgotten at the next call, so memory follows the number of open windows.
struct ThrottleWindows {
  /// The newest effect dropped while a `latest: true` window is open.
  struct Trailing {
    /// Starts the effect.
    let start: @Sendable () -> Void
    /// The work of the send that returned it, which counts the wait.
    let tracker: EffectTracker?
  }

  /// The task that sleeps until a window with a trailing effect ends.
  struct Timer {
    let id: UInt64
    let task: Task<Void, Never>
  }

  /// What ``admit(_:at:interval:trailing:makeTimer:)`` decided for an effect.
  enum Admission {
    /// The effect leads a new window and runs now.
    case lead
    /// A window is open: the effect does not run now. `kept`: it waits as the window's trailing
    /// effect, having replaced `replaced`. `due` is a trailing effect whose window ended before
    /// its timer came to start it: the caller starts it now, and the effect falls into the
    /// window that start opened.
    case dropped(kept: Bool, replaced: Trailing?, due: Trailing?)
  }

  /// What a window's timer does when it wakes.
  enum WindowEnd {
    /// Start the trailing effect, which opened the next window, and wake again at its end.
    case start(Trailing, nextEnd: Duration)
    /// The window's end moved; sleep until then.
    case sleep(until: Duration)
    /// The window closed, or the timer was replaced: stop.
    case stop
  }

  private struct Window {
    var closesAt: Duration
    let interval: Duration
    var trailing: Trailing?
    var timer: Timer?
  }

  /// A window's closing time in the heap.
  private struct Closing: Comparable {
    let deadline: Deadline
    let key: EffectKey

    static func < (lhs: Closing, rhs: Closing) -> Bool {
      lhs.deadline < rhs.deadline
    }
  }

  private var windows: [EffectKey: Window] = [:]
  /// The windows' closing times, for forgetting the closed ones; entries of windows that were
  /// removed, or moved by a trailing start, are skipped.
  private var closings = Heap<Closing>()
  private var nextTimerID: UInt64 = 0
  private var nextClosing: UInt64 = 0

  /// The number of windows kept.
  var count: Int {
    windows.count
  }

  /// The keys of the windows kept.
  var keys: [EffectKey] {
    Array(windows.keys)
  }

  /// The trailing effects waiting for their window to end, with their keys, in key order.
  var trailing: [(key: EffectKey, trailing: Trailing)] {
    windows.compactMap { key, window in window.trailing.map { (key, $0) } }
      .sorted { "\($0.key)" < "\($1.key)" }
  }

  /// Whether an effect for `key` at `now` leads a new window of `interval` and so runs, or falls
  /// into an open window and does not. With a `trailing` (a `latest: true` throttle) it becomes
  /// the window's trailing effect, and the window's timer is made with `makeTimer` if it has
  /// none; the timer runs inside the caller's lock, so that the window knows it before it wakes.
  /// A zero or negative interval never throttles.
  mutating func admit(
    _ key: EffectKey, at now: Duration, interval: Duration, trailing: Trailing?,
    makeTimer: (_ id: UInt64, _ end: Duration) -> Task<Void, Never>
  ) -> Admission {
    forgetWindows(closedBy: now)
    guard interval > .zero else { return .lead }
    guard var window = windows[key] else {
      open(key, at: now, interval: interval, timer: nil)
      return .lead
    }
    var due: Trailing?
    if window.closesAt <= now {
      // The window ended, and its timer has not woken yet.
      guard let trailing = window.trailing else {
        open(key, at: now, interval: interval, timer: window.timer)
        return .lead
      }
      // Its trailing effect starts now and opens the next window, into which this one falls.
      due = trailing
      window.trailing = nil
      window.closesAt = now + window.interval
      pushClosing(at: window.closesAt, of: key)
    }
    var replaced: Trailing?
    if let trailing {
      replaced = window.trailing
      window.trailing = trailing
      if window.timer == nil {
        let id = nextTimerID
        nextTimerID += 1
        window.timer = Timer(id: id, task: makeTimer(id, window.closesAt))
      }
    }
    windows[key] = window
    return .dropped(kept: trailing != nil, replaced: replaced, due: due)
  }

  /// The timer `timer` of `key`'s window woke at `now`: says what it does next.
  mutating func windowEnded(_ key: EffectKey, timer: UInt64, at now: Duration) -> WindowEnd {
    guard var window = windows[key], window.timer?.id == timer else { return .stop }
    if window.closesAt > now { return .sleep(until: window.closesAt) }
    guard let trailing = window.trailing else {
      windows.removeValue(forKey: key)
      return .stop
    }
    window.trailing = nil
    window.closesAt = now + window.interval
    windows[key] = window
    pushClosing(at: window.closesAt, of: key)
    return .start(trailing, nextEnd: window.closesAt)
  }

  /// The timer `timer` of `key`'s window stopped early (cancelled, or its clock failed): the
  /// window forgets it, and its trailing effect, which is returned.
  mutating func timerStopped(_ key: EffectKey, timer: UInt64) -> Trailing? {
    guard var window = windows[key], window.timer?.id == timer else { return nil }
    let trailing = window.trailing
    window.timer = nil
    window.trailing = nil
    windows[key] = window
    return trailing
  }

  /// Forgets `key`'s window; returns its trailing effect and its timer, to drop and cancel.
  mutating func remove(_ key: EffectKey) -> (trailing: Trailing?, timer: Task<Void, Never>?) {
    guard let window = windows.removeValue(forKey: key) else { return (nil, nil) }
    return (window.trailing, window.timer?.task)
  }

  /// Drops the trailing effects counted by `tracker`; returns them.
  mutating func removeTrailing(trackedBy tracker: EffectTracker) -> [Trailing] {
    var dropped: [Trailing] = []
    for (key, window) in windows {
      guard let trailing = window.trailing, trailing.tracker?.isCounted(in: tracker) == true else {
        continue
      }
      dropped.append(trailing)
      windows[key]?.trailing = nil
    }
    return dropped
  }

  /// Forgets every window; returns their trailing effects and timers, to drop and cancel.
  mutating func removeAll() -> (trailing: [Trailing], timers: [Task<Void, Never>]) {
    defer { self = ThrottleWindows() }
    return (windows.values.compactMap(\.trailing), windows.values.compactMap(\.timer?.task))
  }

  /// Opens a window for `key` led by an effect at `now`.
  private mutating func open(
    _ key: EffectKey, at now: Duration, interval: Duration, timer: Timer?
  ) {
    windows[key] = Window(closesAt: now + interval, interval: interval, timer: timer)
    pushClosing(at: now + interval, of: key)
  }

  private mutating func pushClosing(at time: Duration, of key: EffectKey) {
    closings.push(Closing(deadline: Deadline(time: time, id: nextClosing), key: key))
    nextClosing += 1
  }

  /// Forgets the windows that closed by `now` with no trailing effect waiting. A timer such a
  /// window had finds it gone when it wakes, and stops.
  private mutating func forgetWindows(closedBy now: Duration) {
    while let first = closings.min, first.deadline.time <= now {
      closings.popMin()
      if let window = windows[first.key], window.closesAt == first.deadline.time,
        window.trailing == nil
      {
        windows.removeValue(forKey: first.key)
      }
    }
  }
}
