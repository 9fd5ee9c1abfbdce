import StressRuns
import Synchronization
import Testing

@testable import Reductor

/// A timeline store whose `fire(name)` runs an effect in the queue `"q"` with `policy`: it notes
/// its start in `starts`, works `work[name]` (1 s unless told) on the store's clock, then
/// delivers `done(name)`. `stop` cancels the queue; `fire("replace")` starts a replaceable
/// effect under the queue's key, with 1 s of work.
@MainActor
private func makeQueueStore(
  clock: ManualClock, _ policy: EffectQueuePolicy, work: [String: Duration] = [:],
  starts: Locked<[Stamped<String>]> = Locked([])
) -> ReducerStore<[Stamped<String>], TimelineAction> {
  makeTimelineStore(clock: clock) { name in
    switch name {
    case "stop": .cancel("q")
    case "replace": sleepThenDone(name, after: .seconds(1)).withLifetime(.replaceable("q"))
    default: queued(name, policy, work: work[name] ?? .seconds(1), starts: starts, clock: clock)
    }
  }
}

/// An actor's store whose `fire(name)` runs an effect in an `.oldest(1, whenFull: .suspendNew)`
/// queue that sleeps one second, then delivers `done(name)`, which the state notes with its time.
private func makeQueuedRoom(clock: ManualClock) -> ReducerActor<[String], TimelineAction> {
  ReducerActor(
    initialState: [String](),
    reducer: Reduce<[String], TimelineAction> { state, action in
      switch action {
      case .fire(let name):
        return .run(lifetime: .queued("q", .oldest(1, whenFull: .suspendNew))) {
          try await EffectContext.clock.sleep(for: .seconds(1))
          return .done(name)
        }
      case .done(let name):
        state.append("\(name)@\(clock.now.offset)")
        return .none
      case .stop:
        return .none
      }
    },
    clock: clock)
}

/// An effect in the queue `"q"`: notes its start, works `work`, delivers `done(name)`.
private func queued(
  _ name: String, _ policy: EffectQueuePolicy, work: Duration,
  starts: Locked<[Stamped<String>]>, clock: ManualClock
) -> Effect<TimelineAction> {
  .run(lifetime: .queued("q", policy)) {
    starts.withLock { $0.append(Stamped(value: name, at: clock.now.offset)) }
    try await EffectContext.clock.sleep(for: work)
    return .done(name)
  }
}

/// `.newest(n)`: an effect that arrives when the queue holds n cancels the oldest of them.
@MainActor
@Suite struct QueueNewestTests {
  /// ```
  /// .newest(2), 1 s of work each
  /// time (ms)  0     100   200   300   1200  1300
  /// effects    a     b     c     d
  /// delivers                           c     d
  /// ```
  @Test func anArrivalCancelsTheOldestOnceTheQueueHoldsCount() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .newest(2), starts: starts)
    await play([("a", 0), ("b", 100), ("c", 200), ("d", 300)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("c", 1200), ("d", 1300)))
    #expect(starts.value == stamped(("a", 0), ("b", 100), ("c", 200), ("d", 300)))
    #expect(store.runningEffectCount == 0)
  }

  /// A newer effect cancels one that waits for its turn, which then never starts; the next one
  /// takes its turn, a delay after the last start.
  ///
  /// ```
  /// .newest(1, delay: 1 s), 2 s of work each
  /// time (ms)  0     100   200   1000  3000
  /// effects    a     b     c
  /// starts     a                 c
  /// delivers                           c
  /// ```
  @Test func aCancelledEffectThatWaitedForItsTurnNeverStarts() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(
      clock: clock, .newest(1, delay: .seconds(1)), work: ["a": .seconds(2), "c": .seconds(2)],
      starts: starts)
    await play([("a", 0), ("b", 100), ("c", 200)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("c", 3000)))
    #expect(starts.value == stamped(("a", 0), ("c", 1000)))
  }
}

/// `.oldest(n, whenFull:)`: an effect that arrives when the queue holds n waits for a place, or
/// is dropped.
@MainActor
@Suite struct QueueOldestTests {
  /// ```
  /// .oldest(2, whenFull: .suspendNew); a, c, d: 1 s of work; b: 2 s
  /// time (ms)  0         1000  1500  2000  3000
  /// effects    a b c d         e
  /// starts     a b       c           d e
  /// delivers             a           b c   d e
  /// ```
  @Test func aSuspendedEffectStartsWhenAPlaceFreesInTheOrderOfArrival() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(
      clock: clock, .oldest(2, whenFull: .suspendNew), work: ["b": .seconds(2)], starts: starts)
    await play([("a", 0), ("b", 0), ("c", 0), ("d", 0), ("e", 1500)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(5))
    #expect(
      store.state == stamped(("a", 1000), ("b", 2000), ("c", 2000), ("d", 3000), ("e", 3000)))
    #expect(
      starts.value == stamped(("a", 0), ("b", 0), ("c", 1000), ("d", 2000), ("e", 2000)))
  }

  @Test func aQueueOfOneRunsItsEffectsOneAfterAnotherInOrder() async {
    let clock = ManualClock()
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew))
    for name in ["a", "b", "c"] { store.send(.fire(name)) }
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("a", 1000), ("b", 2000), ("c", 3000)))
  }

  /// A discarded effect never runs, and is not in flight: its send is finished at once.
  @Test func aFullQueueDiscardsNewEffects() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .oldest(2, whenFull: .discardNew), starts: starts)
    store.send(.fire("a"))
    store.send(.fire("b"))
    let discarded = store.send(.fire("c"))
    #expect(discarded.isFinished)
    await clock.advance(by: .seconds(1))
    store.send(.fire("d"))
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("a", 1000), ("b", 1000), ("d", 2000)))
    #expect(starts.value == stamped(("a", 0), ("b", 0), ("d", 1000)))
  }

  /// An effect holds its place until the actions it delivered are reduced: the next one starts
  /// after them. Each effect notes how many actions the store had reduced when it started.
  @Test func theNextEffectStartsOnceTheActionsOfTheOneBeforeAreReduced() async {
    let clock = ManualClock()
    let reduced = Counter()
    let seen = Locked<[String: Int]>([:])
    let store = ReducerStore(
      initialState: [String](),
      reducer: Reduce<[String], TimelineAction> { state, action in
        switch action {
        case .fire(let name):
          return .run(lifetime: .queued("q", .oldest(1, whenFull: .suspendNew))) { send in
            seen.withLock { $0[name] = reduced.value }
            send(.done("\(name)1"))
            send(.done("\(name)2"))
          }
        case .done(let name):
          reduced.increment()
          state.append(name)
          return .none
        case .stop:
          return .none
        }
      },
      clock: clock)
    for name in ["a", "b", "c"] { store.send(.fire(name)) }
    await clock.advance(by: .zero)
    #expect(store.state == ["a1", "a2", "b1", "b2", "c1", "c2"])
    #expect(seen.value == ["a": 0, "b": 2, "c": 4])
    #expect(store.runningEffectCount == 0)
  }
}

/// With a delay, a queue's effects start in the order they got their place, each at least the
/// delay after the previous start.
@MainActor
@Suite struct QueueDelayTests {
  /// The article's timeline.
  ///
  /// ```
  /// .oldest(2, whenFull: .suspendNew, delay: 1 s), each effect 1.5 s of work
  /// time (ms)  0       1000    1500    2000    2500    3000    3500    4500
  /// effects    a b c d
  /// starts     a       b               c               d
  /// delivers                   a               b               c       d
  /// ```
  @Test func startsAreSpacedByTheDelayAndSuspendedEffectsWaitForAPlace() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let work = Dictionary(
      uniqueKeysWithValues: ["a", "b", "c", "d"].map { ($0, Duration.milliseconds(1500)) })
    let store = makeQueueStore(
      clock: clock, .oldest(2, whenFull: .suspendNew, delay: .seconds(1)), work: work,
      starts: starts)
    for name in ["a", "b", "c", "d"] { store.send(.fire(name)) }
    await clock.advance(by: .seconds(5))
    #expect(starts.value == stamped(("a", 0), ("b", 1000), ("c", 2000), ("d", 3000)))
    #expect(store.state == stamped(("a", 1500), ("b", 2500), ("c", 3500), ("d", 4500)))
  }

  /// The delay is between starts that happen: an effect cancelled before its turn leaves no
  /// gap, and the one after it starts a delay after the last start.
  @Test func aCancelledEffectLeavesNoGap() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(
      clock: clock, .oldest(3, whenFull: .suspendNew, delay: .seconds(1)),
      work: ["a": .milliseconds(100), "c": .milliseconds(100)], starts: starts)
    store.send(.fire("a"))
    let b = store.send(.fire("b"))
    store.send(.fire("c"))
    await clock.advance(by: .milliseconds(500))
    b.cancel()
    await clock.advance(by: .seconds(3))
    #expect(starts.value == stamped(("a", 0), ("c", 1000)))
    #expect(store.state == stamped(("a", 100), ("c", 1100)))
    #expect(b.isFinished)
  }

  /// The delay counts from the last start, even once the queue is empty; an effect that arrives
  /// later than that starts at once.
  @Test func theDelayCountsFromTheLastStartWhenTheQueueIsEmpty() async {
    let clock = ManualClock()
    let store = makeQueueStore(
      clock: clock, .newest(5, delay: .seconds(1)),
      work: ["a": .milliseconds(100), "b": .milliseconds(100), "c": .milliseconds(100)])
    await play([("a", 0), ("b", 400), ("c", 3000)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 100), ("b", 1100), ("c", 3100)))
  }
}

/// Actomaton's `EffectQueueDelayTests`, on the manual clock: four effects sent at 0, each
/// working `work`, in a queue with a delay. Actomaton checks which have finished at some ticks;
/// here each start and each result is at its exact instant.
@MainActor
@Suite struct QueueActomatonDelayTests {
  /// Sends `1` to `4` at 0 to a queue with `policy`, advances 20 s; returns when each effect
  /// started and when its result was reduced.
  private func run(
    _ policy: EffectQueuePolicy, work: Duration
  ) async -> (starts: [Stamped<String>], results: [Stamped<String>]) {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let names = ["1", "2", "3", "4"]
    let store = makeQueueStore(
      clock: clock, policy, work: Dictionary(uniqueKeysWithValues: names.map { ($0, work) }),
      starts: starts)
    for name in names { store.send(.fire(name)) }
    await clock.advance(by: .seconds(20))
    return (starts.value, store.state)
  }

  /// `test_DelayedEffectQueue`: `.runNewest(maxCount: .max)`, a delay of 3 s, 2 s of work.
  @Test func aDelayedQueueStartsEveryEffectTheDelayApart() async {
    let (starts, results) = await run(.newest(.max, delay: .seconds(3)), work: .seconds(2))
    #expect(starts == stamped(("1", 0), ("2", 3000), ("3", 6000), ("4", 9000)))
    #expect(results == stamped(("1", 2000), ("2", 5000), ("3", 8000), ("4", 11000)))
  }

  /// `test_DelayedNewest2EffectQueue`: `.runNewest(maxCount: 2)`, 2 s, 1 s of work: 3 and 4
  /// cancel 1 and 2, and only 3 and 4 deliver. Actomaton spaces the effects by the places they
  /// were given on arrival, so 3 starts at 4 s and 4 at 6 s; here the delay is between the
  /// starts that happen: 1 started at 0, so 3 starts at 2 s and 4 at 4 s. (1 started at its
  /// arrival and was cancelled there, before its sleep; 2 was cancelled before its turn.)
  @Test func aDelayedNewestQueueRunsTheNewestTheDelayAfterTheLastStart() async {
    let (starts, results) = await run(.newest(2, delay: .seconds(2)), work: .seconds(1))
    #expect(starts == stamped(("1", 0), ("3", 2000), ("4", 4000)))
    #expect(results == stamped(("3", 3000), ("4", 5000)))
  }

  /// `test_DelayedOldest2SuspendNewEffectQueue`: `.runOldest(maxCount: 2, .suspendNew)`, 2 s,
  /// 3 s of work: 3 waits for 1's place (free at 3 s) and for its turn (4 s).
  @Test func aDelayedSuspendingQueueRunsEveryEffectInOrder() async {
    let (starts, results) = await run(
      .oldest(2, whenFull: .suspendNew, delay: .seconds(2)), work: .seconds(3))
    #expect(starts == stamped(("1", 0), ("2", 2000), ("3", 4000), ("4", 6000)))
    #expect(results == stamped(("1", 3000), ("2", 5000), ("3", 7000), ("4", 9000)))
  }

  /// `test_DelayedOldest2DiscardNewEffectQueue`: `.runOldest(maxCount: 2, .discardNew)`, 2 s,
  /// 3 s of work: 2 holds the second place while it waits for its turn, so 3 and 4 are dropped.
  @Test func aDelayedDiscardingQueueDropsWhatArrivesWhenItIsFull() async {
    let (starts, results) = await run(
      .oldest(2, whenFull: .discardNew, delay: .seconds(2)), work: .seconds(3))
    #expect(starts == stamped(("1", 0), ("2", 2000)))
    #expect(results == stamped(("1", 3000), ("2", 5000)))
  }
}

/// Cancellation and the end of the store reach the effects of a queue that run and the ones that
/// wait; nothing they delivered is reduced after that.
@MainActor
@Suite struct QueueCancellationTests {
  @Test func cancellingTheKeyCancelsRunningAndWaitingEffects() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew), starts: starts)
    await play([("a", 0), ("b", 0), ("stop", 500)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(3))
    #expect(store.state == [])
    #expect(starts.value == stamped(("a", 0)))
    #expect(await store.finishEffects(timeout: .zero).isEmpty)
    store.send(.fire("c"))  // the queue is empty again
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("c", 4500)))
  }

  @Test func aSuspendedEffectWhoseSendIsCancelledNeverStarts() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew), starts: starts)
    store.send(.fire("a"))
    let b = store.send(.fire("b"))
    store.send(.fire("c"))
    b.cancel()
    await clock.advance(by: .zero)
    #expect(b.isFinished)
    await clock.advance(by: .seconds(3))
    #expect(store.state == stamped(("a", 1000), ("c", 2000)))
    #expect(starts.value == stamped(("a", 0), ("c", 1000)))
  }

  /// A running effect whose send is cancelled gives its place up at once.
  @Test func cancellingARunningEffectsSendFreesItsPlace() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew), starts: starts)
    let a = store.send(.fire("a"))
    store.send(.fire("b"))
    await clock.advance(by: .milliseconds(300))
    a.cancel()
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("b", 1300)))
    #expect(starts.value == stamped(("a", 0), ("b", 300)))
  }

  @Test func aReplaceableEffectWithTheKeyCancelsTheQueue() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew), starts: starts)
    await play([("a", 0), ("b", 0), ("replace", 500)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(3))
    #expect(store.state == stamped(("replace", 1500)))
    #expect(starts.value == stamped(("a", 0)))
  }

  @Test func theStoresEndCancelsRunningAndWaitingEffects() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let cancelled = Counter()
    var store: ReducerStore<Int, TimelineAction>? = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, TimelineAction> { count, action in
        switch action {
        case .fire(let name):
          return .run(lifetime: .queued("q", .oldest(1, whenFull: .suspendNew))) {
            starts.withLock { $0.append(Stamped(value: name, at: clock.now.offset)) }
            do {
              try await EffectContext.clock.sleep(for: .seconds(1))
            } catch {
              cancelled.increment()
              throw error
            }
            return .done(name)
          }
        case .done, .stop:
          count += 1
          return .none
        }
      },
      clock: clock)
    weak let weakStore = store
    store?.send(.fire("a"))
    store?.send(.fire("b"))
    await clock.advance(by: .zero)
    store = nil
    #expect(weakStore == nil)
    await clock.advance(by: .seconds(3))
    #expect(cancelled.value == 1)
    #expect(starts.value == stamped(("a", 0)))
  }

  /// Two stores' queues with one key are two queues.
  @Test func aQueueBelongsToOneRootStore() async {
    let clock = ManualClock()
    let first = makeQueueStore(clock: clock, .newest(1))
    let second = makeQueueStore(clock: clock, .newest(1))
    first.send(.fire("a"))
    second.send(.fire("b"))
    await clock.advance(by: .seconds(1))
    #expect(first.state == stamped(("a", 1000)))
    #expect(second.state == stamped(("b", 1000)))
  }

  /// Each child has its queues in its own namespace: two children's `"q"` are two queues, and
  /// a child's end cancels its own.
  @Test func eachChildHasItsOwnQueues() async {
    let clock = ManualClock()
    let starts = Locked<[Stamped<String>]>([])
    let store = makeTimelineStore(clock: clock) { name in
      switch name {
      case "stop": return .cancelScope(1)
      default:
        let child = name.hasPrefix("1") ? 1 : 2
        return queued(name, .newest(1), work: .seconds(1), starts: starts, clock: clock)
          .scoped(in: child)
      }
    }
    await play([("1a", 0), ("2a", 0), ("2b", 100), ("1b", 200), ("stop", 300)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("2b", 1100)))
  }
}

/// A queued effect inside a composition, what is in flight, and misuse.
@MainActor
@Suite struct QueueLifetimeTests {
  /// A concatenation waits for its queued child to get its place and run.
  @Test func aConcatenationWaitsForItsSuspendedChild() async {
    let clock = ManualClock()
    let policy = EffectQueuePolicy.oldest(1, whenFull: .suspendNew)
    let starts = Locked<[Stamped<String>]>([])
    let store = makeTimelineStore(clock: clock) { name in
      guard name == "chain" else {
        return queued(name, policy, work: .seconds(2), starts: starts, clock: clock)
      }
      return .concat {
        queued("c", policy, work: .seconds(1), starts: starts, clock: clock)
        Effect.send(.done("after"))
      }
    }
    store.send(.fire("x"))
    store.send(.fire("chain"))
    await clock.advance(by: .seconds(5))
    #expect(store.state == stamped(("x", 2000), ("c", 3000), ("after", 3000)))
  }

  /// An effect that waits for a place is in flight, as `.queued`, and its send is not finished
  /// until it has run.
  @Test func aWaitingEffectIsInFlightAndItsSendWaitsForIt() async {
    let clock = ManualClock()
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .suspendNew))
    store.diagnosticHandler = { _ in }  // `finishEffects` reports the effects still in flight
    store.send(.fire("a"))
    let b = store.send(.fire("b"))
    await clock.advance(by: .zero)
    let inFlight = await store.finishEffects(timeout: .zero)
    #expect(inFlight.map(\.stage) == [.running, .queued])
    #expect(
      inFlight.map(\.lifetime)
        == Array(repeating: .queued("q", .oldest(1, whenFull: .suspendNew)), count: 2))
    #expect(inFlight.map(\.startedBy) == [#"fire("a")"#, #"fire("b")"#])
    #expect(
      inFlight.allSatisfy { $0.location?.hasPrefix("ReductorTests/QueueTests.swift:") == true })
    await clock.advance(by: .seconds(1))
    #expect(!b.isFinished)
    await clock.advance(by: .seconds(1))
    #expect(b.isFinished)
    #expect(store.state == stamped(("a", 1000), ("b", 2000)))
  }

  @Test func lifetimesAndPoliciesDescribeThemselves() {
    #expect("\(EffectLifetime.queued("q", .newest(3)))" == #"queued("q", newest(3))"#)
    #expect(
      "\(EffectLifetime.queued(1, .oldest(2, whenFull: .suspendNew, delay: .seconds(1))))"
        == "queued(1, oldest(2, whenFull: .suspendNew, delay: 1.0 seconds))")
    #expect(
      "\(EffectQueuePolicy.oldest(1, whenFull: .discardNew))" == "oldest(1, whenFull: .discardNew)")
    #expect(EffectLifetime.queued("q", .newest(1)) != .queued("q", .newest(2)))
  }

  /// A count below one runs as one, and is reported at each start, with the effect's place.
  @Test func aCountBelowOneIsReportedAndRunsAsOne() async {
    let clock = ManualClock()
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = makeQueueStore(clock: clock, .newest(0))
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    await play([("a", 0), ("b", 100)], on: clock) { store.send(.fire($0)) }
    await clock.advance(by: .seconds(2))
    #expect(store.state == stamped(("b", 1100)))
    let reported = diagnostics.value
    #expect(reported.map(\.kind) == [.invalidEffectQueuePolicy, .invalidEffectQueuePolicy])
    #expect(
      reported.first?.message
        == #"An effect's queue "q" has the policy newest(0): a count of 0 runs no effect; it "#
        + "runs as 1.")
    #expect(reported.first?.fileID == "ReductorTests/QueueTests.swift")
  }

  /// A queue runs by the policy of the effects it holds: an effect that names it with another
  /// runs by the queue's, and is reported; once the queue is empty, the next effect's policy is
  /// the queue's.
  @Test func anEffectThatNamesAQueueWithAnotherPolicyRunsByTheQueuesAndIsReported() async {
    let clock = ManualClock()
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = makeTimelineStore(clock: clock) { name in
      let policy: EffectQueuePolicy =
        name.hasPrefix("discard") ? .oldest(1, whenFull: .discardNew) : .newest(1)
      return .run(lifetime: .queued("q", policy)) {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .done(name)
      }
    }
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    await play([("a", 0), ("discard-b", 100), ("discard-c", 2000), ("d", 2100)], on: clock) {
      store.send(.fire($0))
    }
    await clock.advance(by: .seconds(2))
    // discard-b displaces a, as newest(1) does; discard-c, alone in the queue, makes it
    // oldest(1, whenFull: .discardNew), which drops d.
    #expect(store.state == stamped(("discard-b", 1100), ("discard-c", 3000)))
    let reported = diagnostics.value
    #expect(reported.map(\.kind) == [.invalidEffectQueuePolicy, .invalidEffectQueuePolicy])
    #expect(
      reported.map(\.message) == [
        #"An effect names its queue "q" with the policy oldest(1, whenFull: .discardNew), "#
          + "while the queue holds effects of the policy newest(1): it runs in the queue by "
          + "newest(1). Give each policy a key of its own.",
        #"An effect names its queue "q" with the policy newest(1), while the queue holds "#
          + "effects of the policy oldest(1, whenFull: .discardNew): it runs in the queue by "
          + "oldest(1, whenFull: .discardNew). Give each policy a key of its own.",
      ])
    #expect(reported.allSatisfy { $0.fileID == "ReductorTests/QueueTests.swift" })
  }

  /// A queue without a delay is forgotten once it is empty; one with a delay is kept until the
  /// delay since its latest start has passed, and forgotten at the next arrival after that.
  @Test func aStoreKeepsNoQueueItDoesNotNeed() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      let delay: Duration = name.hasPrefix("delayed") ? .seconds(1) : .zero
      return .run(lifetime: .queued(name, .newest(1, delay: delay))) { .done(name) }
    }
    for index in 0..<100 { store.send(.fire("\(index)")) }
    await clock.advance(by: .zero)
    #expect(store.queueCount == 0)
    for index in 0..<100 { store.send(.fire("delayed \(index)")) }
    await clock.advance(by: .zero)
    #expect(store.queueCount == 100)
    await clock.advance(by: .seconds(1))
    store.send(.fire("delayed again"))
    await clock.advance(by: .zero)
    #expect(store.queueCount == 1)
    #expect(store.state.count == 201)
  }

  /// A queue on a store that an actor of the program owns: its effects deliver back onto the
  /// actor, one after another.
  @Test func aQueueRunsOnAStoreOwnedByAnotherActor() async {
    let clock = ManualClock()
    let room = makeQueuedRoom(clock: clock)
    for name in ["a", "b", "c"] { await room.send(.fire(name)) }
    await clock.advance(by: .seconds(5))
    #expect(await room.state == ["a@1.0 seconds", "b@2.0 seconds", "c@3.0 seconds"])
  }

  @Test func aNegativeDelayIsReportedAndRunsAsNone() async {
    let clock = ManualClock()
    let diagnostics = Locked<[StoreDiagnostic]>([])
    let store = makeQueueStore(clock: clock, .oldest(1, whenFull: .discardNew, delay: .seconds(-1)))
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    store.send(.fire("a"))
    store.send(.fire("b"))
    await clock.advance(by: .seconds(1))
    store.send(.fire("c"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 1000), ("c", 2000)))
    #expect(
      diagnostics.value.map(\.message)
        == Array(
          repeating: #"An effect's queue "q" has the policy oldest(1, whenFull: .discardNew, "#
            + "delay: -1.0 seconds): a negative delay (-1.0 seconds) runs as none.",
          count: 3))
  }
}

/// Nothing stale from a displaced effect is reduced, whatever the threads do.
@MainActor
@Suite struct QueueStaleActionTests {
  struct State: Equatable {
    var query = 0
    var results: [Int] = []
    /// Results reduced once three newer queries were: each one is a result of a displaced
    /// effect.
    var stale = 0
  }

  enum Action: Sendable, Equatable {
    case query(Int)
    case result(Int)
  }

  /// A search whose queries run in a `.newest(count)` queue; `work` is the effect's operation.
  func makeStore(
    clock: any Clock<Duration>, count: Int = 3,
    work: @escaping @Sendable (Int, Send<Action>) async throws -> Void = { query, send in
      send(.result(query))
    }
  ) -> ReducerStore<State, Action> {
    ReducerStore(
      initialState: State(),
      reducer: Reduce<State, Action> { state, action in
        switch action {
        case .query(let query):
          state.query = query
          return .run(lifetime: .queued("search", .newest(count))) { send in
            try await work(query, send)
          }
        case .result(let query):
          if query <= state.query - count { state.stale += 1 }
          state.results.append(query)
          return .none
        }
      },
      clock: clock)
  }

  /// The effect hands its `Send` to the test, which delivers through it while the effect still
  /// runs; a newer query then displaces the effect.
  @Test func aResultDeliveredBeforeItsEffectIsDisplacedIsNotReduced() async {
    let clock = ManualClock()
    let handle = Locked<Send<Action>?>(nil)
    let store = makeStore(clock: clock, count: 1) { _, send in
      handle.withLock { $0 = send }
      try await EffectContext.clock.sleep(for: .seconds(10))
    }
    store.send(.query(1))
    await clock.advance(by: .zero)
    handle.value?(.result(1))  // waits in the inbox
    store.send(.query(2))  // displaces the effect that delivered it
    await clock.advance(by: .zero)
    #expect(store.state == State(query: 2, results: [], stale: 0))
  }

  /// Query 1's effect delivers its result and finishes before queries 2 and 3 are reduced: it
  /// holds its place until the result is reduced, so query 3 displaces it and the result is
  /// dropped.
  @Test func aFinishedEffectWhoseResultWaitsIsDisplacedAndItsResultDropped() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock, count: 2)
    store.send(.query(1))
    store.enqueue(.query(2))
    store.enqueue(.query(3))
    await clock.advance(by: .zero)  // runs query 1's effect, then reduces queries 2 and 3
    #expect(store.state == State(query: 3, results: [2, 3], stale: 0))
    #expect(store.runningEffectCount == 0)
  }

  /// Queries arrive from another thread while their effects run on others: no result of a
  /// displaced effect is reduced, and the last query's result arrives. The newest three run at
  /// once, on different threads, so their results arrive in any order.
  @Test(.serialized, arguments: stressRuns)
  func stressAQueryFloodReducesNoDisplacedResult(run: Int) async {
    let store = makeStore(clock: ContinuousClock())
    let queries = 10_000
    await onThreads(1) { _ in
      for query in 1...queries { store.enqueue(.query(query)) }
    }
    await store.finishEffects(timeout: .seconds(60))
    #expect(store.state.stale == 0)
    #expect(store.state.query == queries)
    #expect(store.state.results.contains(queries))
  }

  /// Under real threads, an `.oldest(2, whenFull: .suspendNew)` queue runs every effect once,
  /// never more than two at a time. An effect keeps its place until its result is reduced, so
  /// the queue moves one turn of the store's actor per two effects: the store is on an actor of
  /// its own, which no other test holds, so that its progress does not wait for the main actor
  /// the suite's floods keep busy.
  @Test(.serialized, arguments: stressRuns)
  func stressASuspendingQueueRunsEveryEffectOnceTwoAtATime(run: Int) async {
    let queue = SuspendingQueue()
    let queries = 500
    await onThreads(1) { _ in
      for query in 1...queries { queue.enqueuer.enqueue(.query(query)) }
    }
    await queue.finishEffects()
    let results = await queue.results
    #expect(results.count == queries)
    #expect(results.sorted() == Array(1...queries))
    #expect(queue.counts.most.load(ordering: .sequentiallyConsistent) <= 2)
  }
}

/// An actor's store whose `query(n)` runs an effect in an `.oldest(2, whenFull: .suspendNew)`
/// queue, on another thread, which delivers `result(n)`; `counts` says how many ran at once.
private actor SuspendingQueue {
  /// How many effects run now, and the most that ran at once.
  final class Counts: Sendable {
    let running = Atomic(0)
    let most = Atomic(0)
  }

  private let store: ActorStore<[Int], QueueStressAction>
  /// Adds actions to the store from any thread.
  nonisolated let enqueuer: ActionEnqueuer<QueueStressAction>
  nonisolated let counts = Counts()

  init() {
    let counts = counts
    store = ActorStore(
      initialState: [Int](),
      reducer: Reduce<[Int], QueueStressAction> { results, action in
        switch action {
        case .query(let query):
          return .run(lifetime: .queued("work", .oldest(2, whenFull: .suspendNew))) {
            let now = counts.running.wrappingAdd(1, ordering: .sequentiallyConsistent).newValue
            counts.most.max(now, ordering: .sequentiallyConsistent)
            await Task.yield()
            counts.running.wrappingSubtract(1, ordering: .sequentiallyConsistent)
            return .result(query)
          }
        case .result(let query):
          results.append(query)
          return .none
        }
      })
    enqueuer = store.enqueuer
  }

  /// The results reduced, in order.
  var results: [Int] { store.state }

  /// Waits for every effect to end, for at most a minute.
  func finishEffects() async {
    await store.finishEffects(timeout: .seconds(60))
  }
}

/// A query, and the result of its effect.
private enum QueueStressAction: Sendable {
  case query(Int)
  case result(Int)
}
