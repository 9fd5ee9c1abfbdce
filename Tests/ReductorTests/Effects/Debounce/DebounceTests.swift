import Testing

@testable import Reductor

@MainActor
@Suite struct DebounceTests {
  @Test func theInstanceFormDebouncesTheSameWay() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "search")
    }
    await play([("a", 0), ("b", 200)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .milliseconds(300))
    #expect(store.state == stamped(("b", 500)))
  }

  @Test func aNewerEffectCancelsAnOlderOneThatIsAlreadyRunning() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      sleepThenDone(name, after: .seconds(1)).debounced(for: .milliseconds(100), key: "k")
    }
    // At 500 ms "a" has passed its debounce and is running.
    await play([("a", 0), ("b", 500)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("b", 1600)))
  }

  @Test func cancelStopsAPendingDebounce() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("search")
        : Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "search")
    }
    await play([("a", 0), ("stop", 100)], on: clock) { store.send(.fire($0)) }
    #expect(clock.nextDeadline == nil)  // the debounce timer went with it
    await clock.advance(by: .seconds(1))
    #expect(store.state == [])
  }

  @Test func distinctKeysHaveIndependentWindows() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: name)
    }
    await play([("a", 0), ("b", 100)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .milliseconds(400))
    #expect(store.state == stamped(("a", 300), ("b", 400)))
  }

  @Test(arguments: [Duration.zero, .milliseconds(-50)])
  func aZeroOrNegativeIntervalDoesNotWait(interval: Duration) async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: interval, key: "k")
    }
    store.send(.fire("a"))
    await clock.advance(by: .zero)
    #expect(store.state == stamped(("a", 0)))
  }

  @Test func tenThousandKeysEachGetTheirOwnWindowAndReleaseIt() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: name)
    }
    for index in 0..<10_000 { store.send(.fire("\(index)")) }
    await clock.advance(by: .milliseconds(299))
    #expect(store.state.isEmpty)
    await clock.advance(by: .milliseconds(1))
    #expect(store.state.count == 10_000)
    #expect(Set(store.state.map(\.value)).count == 10_000)
    #expect(store.state.allSatisfy { $0.at == .milliseconds(300) })
    #expect(store.state.map(\.value) == (0..<10_000).map { "\($0)" })  // in the order sent
    #expect(store.runningEffectCount == 0)
    #expect(store.pendingDebounceCount == 0)
  }

  /// A debounce due before the one the store waits for is not held up by it.
  @Test func aShorterDebounceScheduledLaterFiresFirst() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(
        for: name == "slow" ? .milliseconds(500) : .milliseconds(100), key: name)
    }
    await play([("slow", 0), ("fast", 50)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("fast", 150), ("slow", 500)))
    #expect(store.pendingDebounceCount == 0)
  }

  @Test func finishReturnsOnceTheDebouncedEffectWasReplaced() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "k")
    }
    let first = store.send(.fire("a"))
    await clock.advance(by: .milliseconds(100))
    #expect(!first.isFinished)
    let second = store.send(.fire("b"))
    #expect(first.isFinished)
    await clock.advance(by: .milliseconds(300))
    await second.finish()
    #expect(store.state == stamped(("b", 400)))
  }

  @Test func cancellingTheStoreTaskDropsItsPendingDebounce() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: name)
    }
    let cancelled = store.send(.fire("a"))
    store.send(.fire("b"))
    cancelled.cancel()
    #expect(cancelled.isFinished)
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("b", 300)))
  }

  /// Replaceable lifetimes and debounces share the store's keys, in both directions.
  @Test func aReplaceableEffectAndADebounceUnderOneKeyReplaceEachOther() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name.hasPrefix("debounced")
        ? Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "k")
        : sleepThenDone(name, after: .milliseconds(200)).withLifetime(.replaceable("k"))
    }
    // "replaceable" drops the pending debounce; "debounced 2" cancels the running replaceable.
    await play([("debounced 1", 0), ("replaceable", 100), ("debounced 2", 200)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("debounced 2", 500)))
  }

  /// Inside a `concat`, a debounce is awaited like any other effect before the next one starts.
  @Test func aDebounceInsideConcatHoldsUpTheNextEffect() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "k").concat(
        .send(.done("after \(name)")))
    }
    store.send(.fire("a"))
    await clock.advance(by: .milliseconds(299))
    #expect(store.state == [])
    await clock.advance(by: .milliseconds(1))
    #expect(store.state == stamped(("a", 300), ("after a", 300)))
  }

  /// A debounce inside a composition waits in the same table as one a reducer returns, not in a
  /// sleeping task: a newer debounce under its key replaces it, and the composition goes on.
  @Test func aDebounceInsideConcatWaitsInTheTableWhereANewerOneReplacesIt() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      let debounced = Effect<TimelineAction>.send(.done(name)).debounced(
        for: .milliseconds(300), key: "k")
      return name == "a" ? debounced.concat(.send(.done("after a"))) : debounced
    }
    store.send(.fire("a"))
    await clock.advance(by: .milliseconds(100))
    #expect(store.pendingDebounceCount == 1)
    #expect(store.runningEffectCount == 1)  // the concatenation's task, which awaits it
    store.send(.fire("b"))
    #expect(store.pendingDebounceCount == 1)
    await clock.advance(by: .milliseconds(300))
    #expect(store.state == stamped(("after a", 100), ("b", 400)))
    #expect(store.runningEffectCount == 0)
  }

  /// Cancelling the composition that awaits a debounce drops the debounce, and its timer.
  @Test func cancellingACompositionDropsTheDebounceItAwaits() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      guard name != "stop" else { return Effect<TimelineAction>.cancel("steps") }
      return Effect<TimelineAction>.concat {
        Effect.send(.done(name)).debounced(for: .milliseconds(300), key: "k")
        Effect.send(.done("after \(name)"))
      }.withLifetime(.replaceable("steps"))
    }
    store.send(.fire("a"))
    await clock.advance(by: .milliseconds(100))
    #expect(store.pendingDebounceCount == 1)
    store.send(.fire("stop"))
    await clock.advance(by: .seconds(1))
    #expect(store.pendingDebounceCount == 0)
    #expect(clock.nextDeadline == nil)
    #expect(store.state == [])
  }

  /// The timer starts due debounces while newer ones for the same keys are being scheduled:
  /// whichever comes first for each key, the newest debounce for every key runs.
  @Test func aDebounceScheduledWhileAnOlderOneIsStartingIsNotLost() async {
    let clock = ManualClock()
    let keys = 2_000
    let store = makeTimelineStore(clock: clock) { name in
      let key = String(name.prefix { $0 != "/" })
      let interval: Duration = name.hasSuffix("/2") ? .milliseconds(300) : .milliseconds(100)
      return Effect.run { .done(name) }.debounced(for: interval, key: key)
    }
    await raceSecondGenerationAgainstTheTimer(store, clock: clock, keys: keys)
    await clock.advance(by: .milliseconds(300))
    let newest = store.state.map(\.value).filter { $0.hasSuffix("/2") }
    #expect(newest.count == keys)
    #expect(Set(newest).count == keys)
    #expect(store.pendingDebounceCount == 0)
  }

  /// The same race with a replaceable effect, or a `.cancel`, as the newer work for each key: the
  /// older debounce never runs after it, whichever side wins each race. Generation 1 debounces
  /// work that sleeps 50 ms, so a replacement or a cancel that comes once it runs still stops it.
  @Test(arguments: ["replaceable", "cancel"])
  func aDueDebounceDoesNotStartAfterNewerWorkOrACancelForItsKey(newer: String) async {
    let clock = ManualClock()
    let keys = 2_000
    let store = makeTimelineStore(clock: clock) { name in
      let key = String(name.prefix { $0 != "/" })
      if name.hasSuffix("/1") {
        return sleepThenDone(name, after: .milliseconds(50)).debounced(
          for: .milliseconds(100), key: key)
      }
      return newer == "cancel"
        ? .cancel(key)
        : sleepThenDone(name, after: .milliseconds(50)).withLifetime(.replaceable(key))
    }
    await raceSecondGenerationAgainstTheTimer(store, clock: clock, keys: keys)
    await clock.advance(by: .seconds(1))
    let ran = store.state.map(\.value)
    #expect(ran.filter { $0.hasSuffix("/1") } == [])
    #expect(ran.filter { $0.hasSuffix("/2") }.count == (newer == "cancel" ? 0 : keys))
    #expect(store.runningEffectCount == 0)
  }

  /// Sends `fire("i/1")` for every key, whose debounces are due at 100 ms; then, while a
  /// detached task advances the clock to 100 ms, sends `fire("i/2")` for every key, last key
  /// first, yielding every 50 keys. The advance settles on the main actor, so its timer fires at
  /// one of those yields: the keys sent before it replace a pending debounce, the keys after it
  /// one that is firing or running. (On a clock that is not manual the timer fires on another
  /// thread, in the middle of a send; `EffectTableTests` check that race's bookkeeping.)
  private func raceSecondGenerationAgainstTheTimer(
    _ store: ReducerStore<[Stamped<String>], TimelineAction>, clock: ManualClock, keys: Int
  ) async {
    for index in 0..<keys { store.send(.fire("\(index)/1")) }
    let advancing = Task.detached { await clock.advance(by: .milliseconds(100)) }
    for index in (0..<keys).reversed() {
      store.send(.fire("\(index)/2"))
      if index.isMultiple(of: 50) { await Task.yield() }
    }
    await advancing.value
  }

  @Test func aReleasedStoreDropsItsPendingDebounces() async {
    let clock = ManualClock()
    var store: ReducerStore? = makeTimelineStore(clock: clock) { name in
      Effect.send(.done(name)).debounced(for: .milliseconds(300), key: name)
    }
    let task = store?.send(.fire("a"))
    store = nil
    #expect(task?.isFinished == true)
    await clock.advance(by: .seconds(1))
  }
}
