import Testing

@testable import Reductor

@MainActor
@Suite struct CompositionTests {
  /// With another lifetime than the default, the whole concatenation is work of that lifetime,
  /// in a task: its leading sends too.
  @Test func aKeyedConcatDeliversItsLeadingSendsInItsTask() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("steps")
        : Effect.concat {
          Effect.send(.done("a"))
          sleepThenDone("b", after: .milliseconds(100))
        }.withLifetime(.replaceable("steps"))
    }
    store.send(.fire("go"))
    #expect(store.state == [])
    await clock.advance(by: .zero)
    #expect(store.state == stamped(("a", 0)))
    await clock.advance(by: .milliseconds(100))
    #expect(store.state == stamped(("a", 0), ("b", 100)))
  }

  @Test func theInstanceConcatAppendsInOrder() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      sleepThenDone("a", after: .milliseconds(50))
        .concat(sleepThenDone("b", after: .milliseconds(10)))
        .concat(.send(.done("c")))
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("a", 50), ("b", 60), ("c", 60)))
  }

  @Test func aConcatenationOrMergeOfSendsIsReducedBeforeSendReturns() {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "concat"
        ? .concat([.send(.done("a")), .none, .send(.done("b"))])
        : .merge { Effect.send(.done("c")).concat(.send(.done("d"))) }
    }
    let concat = store.send(.fire("concat"))
    #expect(store.state == stamped(("a", 0), ("b", 0)))
    #expect(concat.isFinished)
    store.send(.fire("merge"))
    #expect(store.state == stamped(("a", 0), ("b", 0), ("c", 0), ("d", 0)))
    #expect(store.runningEffectCount == 0)
  }

  @Test func aConcatenationOfSendsWithALifetimeRunsAsATask() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      Effect.concat([.send(.done("a")), .send(.done("b"))]).withLifetime(.replaceable("k"))
    }
    store.send(.fire("go"))
    #expect(store.state == [])
    await clock.advance(by: .zero)
    #expect(store.state == stamped(("a", 0), ("b", 0)))
  }

  @Test func aDeferredEffectIsBuiltAfterItsReductionAndMayReadTheState() async {
    let clock = ManualClock()
    var store: ReducerStore<[Stamped<String>], TimelineAction>?
    store = makeTimelineStore(clock: clock) { name in
      .deferred { [weak store] in
        // The reduction that returned this effect is over: the state may be read.
        .send(.done("\(name) after \(store?.state.count ?? -1)"))
      }
    }
    store?.send(.fire("first"))
    #expect(store?.state == stamped(("first after 0", 0)))
  }

  @Test func aDeferredEffectFollowedByAnActionDeliversItAfterItsWork() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      .deferred { sleepThenDone("work", after: .seconds(1)).followed(by: .done("end")) }
    }
    let task = store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("work", 1000), ("end", 1000)))
    #expect(task.isFinished)
  }

  @Test func anEffectFollowedByAnActionDeliversNothingMoreOnceCancelled() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("k")
        : sleepThenDone("work", after: .seconds(1)).withLifetime(.replaceable("k"))
          .followed(by: .done("end"))
    }
    store.send(.fire("go"))
    await clock.advance(by: .milliseconds(500))
    store.send(.stop)
    await clock.advance(by: .seconds(1))
    #expect(store.state == [])
  }

  /// What `followed(by:)`'s documentation contrasts it with: a concatenation goes on to its next
  /// effect when the first one is cancelled.
  @Test func aConcatenationSendsItsNextActionWhenItsFirstEffectIsCancelled() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      name == "stop"
        ? .cancel("k")
        : sleepThenDone("work", after: .seconds(1)).withLifetime(.replaceable("k"))
          .concat(.send(.done("end")))
    }
    store.send(.fire("go"))
    await clock.advance(by: .milliseconds(500))
    store.send(.stop)
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("end", 500)))
  }

  /// The action a debounced effect is followed by comes after the effect, once it ran: a
  /// debounce that a newer one replaced delivers neither.
  @Test func aDebouncedEffectFollowedByAnActionDeliversItOnlyIfItRan() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      Effect<TimelineAction>.send(.done(name)).debounced(for: .milliseconds(300), key: "k")
        .followed(by: .done("end \(name)"))
    }
    store.send(.fire("a"))
    await clock.advance(by: .milliseconds(100))
    store.send(.fire("b"))
    await clock.advance(by: .milliseconds(300))
    #expect(store.state == stamped(("b", 400), ("end b", 400)))
  }

  @Test func theInstanceMergeRunsBothConcurrently() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      sleepThenDone("slow", after: .milliseconds(20)).merge(
        sleepThenDone("fast", after: .milliseconds(10)))
    }
    store.send(.fire("go"))
    await clock.advance(by: .milliseconds(20))
    #expect(store.state == stamped(("fast", 10), ("slow", 20)))
  }

  @Test func emptyCompositionsAreNone() {
    let concat = Effect<TimelineAction>.concat {}
    let merge = Effect<TimelineAction>.merge([])
    #expect(concat.isNone)
    #expect(merge.isNone)
  }

  @Test func aReplaceableChildInsideAConcatIsReachableByItsKey() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { name in
      if name == "stop" { return .cancel("slow") }
      return Effect.concat {
        Effect.run(lifetime: .replaceable("slow")) {
          try await EffectContext.clock.sleep(for: .seconds(10))
          return .done("slow")
        }
        sleepThenDone("next", after: .milliseconds(100))
      }
    }
    store.send(.fire("go"))
    await clock.advance(by: .seconds(1))
    store.send(.stop)
    await clock.advance(by: .seconds(1))
    #expect(store.state == stamped(("next", 1100)))
  }

  @Test func aTimerOnTheEffectClockTicksOncePerSecond() async {
    let clock = ManualClock()
    let store = makeTimelineStore(clock: clock) { _ in
      everySecond(.done("tick"))
    }
    store.send(.fire("timer"))
    await clock.advance(by: .seconds(10))
    #expect(store.state.count == 10)
    #expect(store.state.map(\.at) == (1...10).map { Duration.seconds($0) })
  }
}
