import StressRuns
import Testing

@testable import Reductor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A test's own call to an actor that its effects call too (#29, the Items case): made through
/// `ManualClock.settle(_:)`, it runs inside a settle point, so the actor is not held by another
/// thread when an effect calls it next, and the effect stays on the clock.
@MainActor
@Suite struct ActorSettleTests {
  /// A server the test and the effects both call: it answers after a latency on the effect's
  /// clock, and fails while down. It records the thread each call ran on.
  actor Catalog {
    private var isDown = false
    private(set) var threads: [pthread_t] = []

    func setDown(_ isDown: Bool) -> Bool {
      threads.append(pthread_self())
      self.isDown = isDown
      return isDown
    }

    func load() async throws -> Int {
      try await EffectContext.clock.sleep(for: .milliseconds(300))
      return isDown ? -1 : 2
    }
  }

  enum Action: Sendable, Equatable {
    case load
    case loaded(Int)
  }

  private func makeStore(
    clock: ManualClock, catalog: Catalog
  ) -> ReducerStore<[Stamped<Action>], Action> {
    ReducerStore(
      initialState: [],
      reducer: Reduce<[Stamped<Action>], Action> { state, action in
        state.append(Stamped(value: action, at: clock.now.offset))
        guard action == .load else { return .none }
        return .run { .loaded(try await catalog.load()) }
      },
      clock: clock)
  }

  /// Called through the clock, the actor runs on the thread of the settle point, the main
  /// actor's, where it is free again before the call returns. (Called from the test's task, it
  /// runs wherever the runtime puts it: a thread of the global executor, or the main actor's.)
  @Test func aCallThroughTheClockRunsWithinTheSettlePoint() async {
    let clock = ManualClock()
    let catalog = Catalog()
    let main = pthread_self()
    #expect(await clock.settle { await catalog.setDown(true) } == true)
    let threads = await catalog.threads
    #expect(threads.map { pthread_equal($0, main) != 0 } == [true])
  }

  /// The Items case: the test marks the catalog down, then a load's effect calls it. The load
  /// fails at exactly 300 ms, in the advance that reaches it.
  @Test(arguments: stressRuns)
  func anEffectThatCallsTheActorNextStaysOnTheClock(run: Int) async {
    let clock = ManualClock()
    let catalog = Catalog()
    let store = makeStore(clock: clock, catalog: catalog)
    await clock.settle { _ = await catalog.setDown(true) }
    let task = store.send(.load)
    await clock.advance(by: .milliseconds(300))
    #expect(
      store.state == [
        Stamped(value: .load, at: .zero), Stamped(value: .loaded(-1), at: .milliseconds(300)),
      ])
    #expect(task.isFinished)
  }

  /// An operation that sleeps on the clock cannot finish while the caller waits: the wait
  /// reports and returns nil, and the next advance finishes the operation.
  @Test func anOperationThatSleepsOnTheClockReportsAndReturnsNil() async {
    let clock = ManualClock(stalledWaitTimeout: .milliseconds(50))
    let catalog = Catalog()
    let reported = Locked<[StoreDiagnostic]>([])
    var dependencies = DependencyValues()
    dependencies.clock = clock
    dependencies.report = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let loaded = Locked<Int?>(nil)
    let result = await DependencyValues.$inForce.withValue(dependencies) {
      await clock.settle {
        let value = try? await catalog.load()
        loaded.withLock { $0 = value }
        return value
      }
    }
    #expect(result == nil)
    #expect(
      reported.withLock { $0.map(\.message) } == [
        "ManualClock.settle(_:) stopped waiting: nothing happened on the clock for 0.05 seconds "
          + "while its operation ran. It keeps running; the next advance goes on with it. Start "
          + "what sleeps on the clock without waiting, then advance."
      ])
    #expect(loaded.withLock { $0 } == nil)
    await clock.advance(by: .milliseconds(300))
    #expect(loaded.withLock { $0 } == 2)
  }

  /// Cancelling the waiting task cancels the operation and returns nil, with no report.
  @Test func cancellingTheWaitCancelsTheOperation() async {
    let clock = ManualClock()
    let catalog = Catalog()
    let outcome = Locked<String?>(nil)
    var dependencies = DependencyValues()
    dependencies.clock = clock
    let wait = Task { @MainActor [dependencies] in
      withUnsafeCurrentTask { $0?.cancel() }
      return await DependencyValues.$inForce.withValue(dependencies) {
        await clock.settle {
          do {
            _ = try await catalog.load()
            outcome.withLock { $0 = "loaded" }
          } catch {
            outcome.withLock { $0 = "\(type(of: error))" }
          }
          return 1
        }
      }
    }
    #expect(await wait.value == nil)
    await clock.advance(by: .zero)
    #expect(outcome.withLock { $0 } == "CancellationError")
  }
}
