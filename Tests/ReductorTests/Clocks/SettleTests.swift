import StressRuns
import Testing

@testable import Reductor

/// The determinism contract of a store on a manual clock: effects run, and the actions they
/// deliver are reduced, only inside settle points; a settle point returns at quiescence; an
/// advance wakes sleepers one at a time, sleepers registered meanwhile included. Each scenario
/// runs 100 times (`stressRuns`; `.ci/stress` runs 1,000), since a broken mechanism shows as a
/// race.
@MainActor
@Suite struct SettleTests {
  enum Action: Sendable, Equatable {
    case unit(Int, last: Int)
    case done(Int)
    case a, b, c
    case start, stop, tick
    case script([Step])
  }

  /// An action the script effect delivers after sleeping until `at` milliseconds.
  struct Step: Sendable, Equatable {
    let action: Action
    let at: Int
  }

  /// A unit sleeps one second on the store's clock, then starts the next unit, until the last.
  private static func unit(_ n: Int, last: Int) -> Effect<Action> {
    .run {
      try await EffectContext.clock.sleep(for: .seconds(1))
      return n < last ? .unit(n + 1, last: last) : .done(n)
    }
  }

  private func makeChainStore(clock: ManualClock) -> ReducerStore<[Stamped<Int>], Action> {
    ReducerStore(
      initialState: [],
      reducer: Reduce<[Stamped<Int>], Action> { state, action in
        switch action {
        case .unit(let n, let last):
          return Self.unit(n, last: last)
        case .done(let n):
          state.append(Stamped(value: n, at: clock.now.offset))
          return .none
        default:
          return .none
        }
      },
      clock: clock)
  }

  /// Five one-second units, each started by the action the previous one delivered, all within
  /// one advance of five seconds: the last is done at 5 s.
  @Test(arguments: stressRuns)
  func chainedEffectsAdvanceWithinOneAdvance(run: Int) async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    store.send(.unit(1, last: 5))
    await clock.advance(by: .seconds(5))
    #expect(store.state == [Stamped(value: 5, at: .seconds(5))])
  }

  /// The second unit's sleep starts at 1 s, inside the advance, so it ends at 2 s, not 3 s.
  @Test(arguments: stressRuns)
  func aSleepStartedDuringAnAdvanceStartsAtTheInstantOfTheWakeUp(run: Int) async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    store.send(.unit(1, last: 2))
    await clock.advance(by: .seconds(2))
    #expect(store.state == [Stamped(value: 2, at: .seconds(2))])
    #expect(clock.now.offset == .seconds(2))
  }

  /// `.a` starts an effect that sends `.b`, which starts one that sends `.c`, which starts one
  /// that records that it ran: one settle runs the whole chain.
  @Test(arguments: stressRuns)
  func oneSettleRunsEffectsStartedByEffectDeliveredActions(run: Int) async {
    let clock = ManualClock()
    let ran = Locked(false)
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { _, action in
        switch action {
        case .a: .run { send in send(.b) }
        case .b: .run { send in send(.c) }
        case .c: .run { _ in ran.withLock { $0 = true } }
        default: .none
        }
      },
      clock: clock)
    store.send(.a)
    await clock.advance()
    #expect(ran.value)
  }

  /// Between settle points nothing moves: an effect that answers at once has not run, and its
  /// answer has not been reduced, however long other threads get.
  @Test(arguments: stressRuns)
  func nothingMovesBetweenSettlePoints(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        return action == .a ? .run { .b } : .none
      },
      clock: clock)
    store.send(.a)
    await Task.detached {}.value  // other threads run; the effect must not
    store.send(.c)
    #expect(store.state == [.a, .c])
    await clock.advance()
    #expect(store.state == [.a, .c, .b])
  }

  /// ReactorKit's stopwatch (`testCancel`): start at 1 s, stop at 5 s, start at 6 s, stop at 9 s,
  /// delivered by a script effect on the clock; the timer ticks every second while started. One
  /// advance plays it all. At 5 s the stop, whose sleep began earlier, wakes before the tick due
  /// then, so that tick never comes.
  @Test(arguments: stressRuns)
  func theStopwatchTicksOnlyWhileStarted(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Stamped(value: 0, at: .zero)],
      reducer: Reduce<[Stamped<Int>], Action> { state, action in
        switch action {
        case .script(let steps):
          return .run { send in
            var elapsed = 0
            for step in steps {
              try await EffectContext.clock.sleep(for: .milliseconds(step.at - elapsed))
              elapsed = step.at
              send(step.action)
            }
          }
        case .start:
          return everySecond(Action.tick, lifetime: .replaceable("timer"))
        case .stop:
          return .cancel("timer")
        case .tick:
          state.append(Stamped(value: state.count, at: clock.now.offset))
          return .none
        default:
          return .none
        }
      },
      clock: clock)
    store.send(
      .script([
        Step(action: .start, at: 1000), Step(action: .stop, at: 5000),
        Step(action: .start, at: 6000), Step(action: .stop, at: 9000),
      ]))
    await clock.advance(by: .seconds(10))
    #expect(
      store.state
        == [0, 2, 3, 4, 7, 8].enumerated().map {
          Stamped(value: $0.offset, at: .seconds($0.element))
        })
  }

  /// Actions are reduced in the order they were delivered, breadth-first: `.b`'s follow-up
  /// `.d` waits behind `.c`, which the same effect delivered before it (TCA reduces `d` first).
  @Test(arguments: stressRuns)
  func deliveredActionsAreReducedBreadthFirst(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [String](),
      reducer: Reduce<[String], Action> { state, action in
        state.append("\(action)")
        switch action {
        case .a:
          return .run { send in
            send(.b)
            send(.c)
          }
        case .b: return .send(.done(4))
        default: return .none
        }
      },
      clock: clock)
    store.send(.a)
    await clock.advance()
    #expect(store.state == ["a", "b", "c", "done(4)"])
  }

  /// Two stores on one clock settle in the order they were made, on every run: the effects their
  /// delivered actions start run in that order.
  @Test(arguments: stressRuns)
  func storesOnOneClockSettleInTheOrderTheyWereMade(run: Int) async {
    let clock = ManualClock()
    let log = Locked<[String]>([])
    func makeStore(_ name: String) -> ReducerStore<Int, Action> {
      ReducerStore(
        initialState: 0,
        reducer: Reduce<Int, Action> { _, action in
          switch action {
          case .a: .run { .b }
          case .b: .run { _ in log.withLock { $0.append(name) } }
          default: .none
          }
        },
        clock: clock)
    }
    let first = makeStore("first")
    let second = makeStore("second")
    second.send(.a)
    first.send(.a)
    await clock.advance()
    #expect(log.value == ["first", "second"])
  }

  /// A finish() waiting for work that sleeps on the clock returns once another task advances.
  @Test func finishWaitsForAnAdvanceWhenTheTrackedWorkSleepsOnTheClock() async {
    let clock = ManualClock()
    let store = makeChainStore(clock: clock)
    let task = store.send(.unit(1, last: 2))
    let finished = Task { await task.finish() }
    await clock.advance(by: .seconds(2))
    await finished.value
    #expect(store.state == [Stamped(value: 2, at: .seconds(2))])
  }

  /// A finish() for work that leaves the clock's executor settles whenever that work comes back.
  @Test(arguments: stressRuns)
  func finishSettlesWorkThatComesBackFromAnotherExecutor(run: Int) async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        guard action == .a else { return .none }
        return .run { send in
          await Task.detached {}.value
          send(.b)
          await Task.detached {}.value
          send(.c)
        }
      },
      clock: clock)
    await store.send(.a).finish()
    #expect(store.state == [.a, .b, .c])
  }

  /// An action enqueued from another thread waits for the next settle point, like effects'.
  @Test func anEnqueuedActionIsReducedAtTheNextSettlePoint() async {
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: [Action](),
      reducer: Reduce<[Action], Action> { state, action in
        state.append(action)
        return .none
      },
      clock: clock)
    await Task.detached { store.enqueue(.b) }.value
    store.send(.a)
    #expect(store.state == [.a])
    await clock.advance()
    #expect(store.state == [.a, .b])
  }
}
