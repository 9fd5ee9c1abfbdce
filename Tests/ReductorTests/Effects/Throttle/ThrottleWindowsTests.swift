import Testing

@testable import Reductor

/// Throttle windows on their own, with times as plain durations and timers that do nothing.
@Suite struct ThrottleWindowsTests {
  private let save = EffectKey("save")

  /// Admits a leading-edge effect (no trailing effect, so no timer); returns whether it leads.
  private func isLeading(
    _ windows: inout ThrottleWindows, _ key: EffectKey, at milliseconds: Int,
    interval: Duration = .seconds(1)
  ) -> Bool {
    let admission = windows.admit(
      key, at: .milliseconds(milliseconds), interval: interval, trailing: nil
    ) {
      _, _ in
      Issue.record("a leading-edge throttle makes no timer")
      return Task {}
    }
    if case .lead = admission { return true }
    return false
  }

  private func trailing(_ name: String, into started: Locked<[String]>) -> ThrottleWindows.Trailing
  {
    ThrottleWindows.Trailing(start: { started.withLock { $0.append(name) } }, tracker: nil)
  }

  /// interval 1 s; effects at 0, 300, 999, 1000, 1500 ms: the ones at 0 and 1000 lead windows.
  @Test func aWindowDropsEffectsUntilItsEndInstant() {
    var windows = ThrottleWindows()
    let leads = [0, 300, 999, 1000, 1500].map { isLeading(&windows, save, at: $0) }
    #expect(leads == [true, false, false, true, false])
  }

  @Test func keysHaveWindowsOfTheirOwn() {
    var windows = ThrottleWindows()
    let saveLeads = isLeading(&windows, save, at: 0)
    let loadLeads = isLeading(&windows, EffectKey("load"), at: 10)
    #expect(saveLeads && loadLeads)
    #expect(windows.count == 2)
  }

  @Test func closedWindowsAreForgottenAtTheNextCall() {
    var windows = ThrottleWindows()
    for index in 0..<100 { _ = isLeading(&windows, EffectKey(index), at: 0) }
    #expect(windows.count == 100)
    _ = isLeading(&windows, save, at: 1000)
    #expect(windows.count == 1)
  }

  @Test func aRemovedWindowLetsTheNextEffectLead() {
    var windows = ThrottleWindows()
    _ = isLeading(&windows, save, at: 0)
    _ = windows.remove(save)
    // The stale closing of the first window, at 1000 ms, must not close the second one early.
    let leads = [1, 1000, 1001].map { isLeading(&windows, save, at: $0) }
    #expect(leads == [true, false, true])
  }

  @Test(arguments: [Duration.zero, .milliseconds(-5)])
  func aZeroOrNegativeIntervalOpensNoWindow(interval: Duration) {
    var windows = ThrottleWindows()
    let leads = (0..<2).map { _ in isLeading(&windows, save, at: 0, interval: interval) }
    #expect(leads == [true, true])
    #expect(windows.count == 0)
  }

  /// With a trailing effect: the newest one dropped replaces the older, one timer is made for
  /// the window, and when it wakes at the window's end the trailing effect starts and opens the
  /// next window, which closes when its timer finds nothing to start.
  @Test func theNewestDroppedEffectStartsWhenTheWindowEnds() {
    var windows = ThrottleWindows()
    let started = Locked<[String]>([])
    var timers: [(id: UInt64, end: Duration)] = []
    let admit = { (windows: inout ThrottleWindows, name: String, at: Int) in
      windows.admit(
        save, at: .milliseconds(at), interval: .seconds(1), trailing: trailing(name, into: started)
      ) { id, end in
        timers.append((id, end))
        return Task {}
      }
    }
    guard case .lead = admit(&windows, "a", 0) else { return #expect(Bool(false)) }
    guard case .dropped(true, nil, nil) = admit(&windows, "b", 250) else {
      return #expect(Bool(false))
    }
    guard case .dropped(true, let replaced?, nil) = admit(&windows, "c", 500) else {
      return #expect(Bool(false))
    }
    replaced.start()  // "b", handed back to be dropped
    #expect(timers.map(\.end) == [.seconds(1)])

    guard case .start(let due, let nextEnd) = windows.windowEnded(save, timer: 0, at: .seconds(1))
    else { return #expect(Bool(false)) }
    due.start()
    #expect(started.value == ["b", "c"])
    #expect(nextEnd == .seconds(2))

    // An effect at the instant of the trailing start falls into the window it opened.
    guard case .dropped(true, nil, nil) = admit(&windows, "d", 1000) else {
      return #expect(Bool(false))
    }
    guard case .start(let next, _) = windows.windowEnded(save, timer: 0, at: .seconds(2)) else {
      return #expect(Bool(false))
    }
    next.start()
    guard case .stop = windows.windowEnded(save, timer: 0, at: .seconds(3)) else {
      return #expect(Bool(false))
    }
    #expect(started.value == ["b", "c", "d"])
    #expect(windows.count == 0)
    #expect(timers.count == 1)
  }

  /// An effect that arrives at a window's end before the window's timer woke: the trailing
  /// effect is handed back to start now, and the new one falls into the window it opens.
  @Test func anEffectAtTheEndInstantBeforeTheTimerWokeStartsTheTrailingOneFirst() {
    var windows = ThrottleWindows()
    let started = Locked<[String]>([])
    for (name, at) in [("a", 0), ("b", 500), ("c", 1000)] {
      let admission = windows.admit(
        save, at: .milliseconds(at), interval: .seconds(1), trailing: trailing(name, into: started)
      ) { _, _ in Task {} }
      if case .dropped(_, _, let due?) = admission { due.start() }
    }
    #expect(started.value == ["b"])
    guard case .sleep(until: .seconds(2)) = windows.windowEnded(save, timer: 0, at: .seconds(1))
    else { return #expect(Bool(false)) }
    guard case .start(let due, _) = windows.windowEnded(save, timer: 0, at: .seconds(2)) else {
      return #expect(Bool(false))
    }
    due.start()
    #expect(started.value == ["b", "c"])
  }

  @Test func removingAWindowHandsBackItsTrailingEffectAndTimer() {
    var windows = ThrottleWindows()
    let started = Locked<[String]>([])
    let timer = Task<Void, Never> {}
    for (name, at) in [("a", 0), ("b", 10)] {
      _ = windows.admit(
        save, at: .milliseconds(at), interval: .seconds(1), trailing: trailing(name, into: started)
      ) { _, _ in timer }
    }
    let removed = windows.remove(save)
    removed.trailing?.start()
    #expect(started.value == ["b"])
    #expect(removed.timer == timer)
    #expect(windows.count == 0)
  }
}
