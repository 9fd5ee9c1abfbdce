import Testing

@testable import Reductor

/// Throttle windows on their own, with times as plain durations.
@Suite struct ThrottleWindowsTests {
  private let save = EffectKey("save")

  /// interval 1 s; effects at 0, 300, 999, 1000, 1500 ms: the ones at 0 and 1000 lead windows.
  @Test func aWindowDropsEffectsUntilItsEndInstant() {
    var windows = ThrottleWindows()
    let leads = [0, 300, 999, 1000, 1500].map {
      windows.opensWindow(for: save, at: .ms($0), interval: .seconds(1))
    }
    #expect(leads == [true, false, false, true, false])
  }

  @Test func keysHaveWindowsOfTheirOwn() {
    var windows = ThrottleWindows()
    let saveLeads = windows.opensWindow(for: save, at: .zero, interval: .seconds(1))
    let loadLeads = windows.opensWindow(for: EffectKey("load"), at: .ms(10), interval: .seconds(1))
    #expect(saveLeads && loadLeads)
    #expect(windows.count == 2)
  }

  @Test func closedWindowsAreForgottenAtTheNextCall() {
    var windows = ThrottleWindows()
    for index in 0..<100 {
      _ = windows.opensWindow(for: EffectKey(index), at: .zero, interval: .seconds(1))
    }
    #expect(windows.count == 100)
    _ = windows.opensWindow(for: save, at: .seconds(1), interval: .seconds(1))
    #expect(windows.count == 1)
  }

  @Test func aRemovedWindowLetsTheNextEffectLead() {
    var windows = ThrottleWindows()
    _ = windows.opensWindow(for: save, at: .zero, interval: .seconds(1))
    windows.remove(save)
    // The stale closing of the first window, at 1000 ms, must not close the second one early.
    let leads = [1, 1000, 1001].map {
      windows.opensWindow(for: save, at: .ms($0), interval: .seconds(1))
    }
    #expect(leads == [true, false, true])
  }

  @Test(arguments: [Duration.zero, .ms(-5)])
  func aZeroOrNegativeIntervalOpensNoWindow(interval: Duration) {
    var windows = ThrottleWindows()
    let leads = (0..<2).map { _ in windows.opensWindow(for: save, at: .zero, interval: interval) }
    #expect(leads == [true, true])
    #expect(windows.count == 0)
  }
}
