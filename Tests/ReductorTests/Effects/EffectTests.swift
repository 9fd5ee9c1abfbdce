import Reductor
import Testing

struct LoadFailed: Error, Equatable {}

enum FetchAction: Sendable, Equatable {
  case fetch
  case fetchCaught
  case fetchCancelled
  case fetched(Int)
  case failed(String)
  case whichClock
  case clockWasTheStores(Bool)
  case escapeSend
  case fetchSendingFromTheHandler
  case fetchCancelledWithAHandler
}

@MainActor
@Suite struct EffectTests {
  /// The `Send` that `escapeSend`'s operation keeps after it returns.
  private let escaped = Locked<Send<FetchAction>?>(nil)

  private func makeStore(
    clock: ManualClock = ManualClock()
  ) -> (ReducerStore<[FetchAction], FetchAction>, Locked<[StoreDiagnostic]>) {
    let escaped = escaped
    let store = ReducerStore(
      initialState: [FetchAction](),
      reducer: Reduce<[FetchAction], FetchAction> { state, action in
        switch action {
        case .fetch:
          return .run { throw LoadFailed() }
        case .fetchCaught:
          return .run {
            throw LoadFailed()
          } catch: { error in
            .failed("\(error)")
          }
        case .fetchCancelled:
          return .run {
            throw CancellationError()
          } catch: { _ in
            .failed("not expected")
          }
        case .whichClock:
          return .run { .clockWasTheStores(EffectContext.clock as? ManualClock === clock) }
        case .escapeSend:
          return .run { send in escaped.withLock { $0 = send } }
        case .fetchSendingFromTheHandler:
          return .run { send in
            send(.fetched(1))
            throw LoadFailed()
          } catch: { error, send in
            send(.failed("\(error)"))
            send(.fetched(2))
          }
        case .fetchCancelledWithAHandler:
          return .run { _ in
            throw CancellationError()
          } catch: { _, send in
            send(.failed("not expected"))
          }
        case .fetched, .failed, .clockWasTheStores:
          state.append(action)
          return .none
        }
      },
      clock: clock)
    let diagnostics = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    return (store, diagnostics)
  }

  @Test func anErrorWithoutACatchHandlerIsReportedAndDeliversNothing() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetch).finish()
    #expect(store.state == [])
    let reported = diagnostics.value
    #expect(reported.count == 1)
    #expect(reported.first?.kind == .effectFailed)
    #expect(reported.first?.error as? LoadFailed == LoadFailed())
    #expect(reported.first?.fileID == "ReductorTests/EffectTests.swift")
    #expect(reported.first?.description.contains("threw LoadFailed()") == true)
  }

  @Test func aCatchHandlerMapsTheErrorToAnAction() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCaught).finish()
    #expect(store.state == [.failed("LoadFailed()")])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func aHandlerWithTheSendDeliversSeveralActionsAfterTheOperations() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchSendingFromTheHandler).finish()
    #expect(store.state == [.fetched(1), .failed("LoadFailed()"), .fetched(2)])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func aCancellationDoesNotReachTheHandlerWithTheSend() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCancelledWithAHandler).finish()
    #expect(store.state == [])
    #expect(diagnostics.value.isEmpty)
  }

  @Test func cancellationErrorIsSilent() async {
    let (store, diagnostics) = makeStore()
    await store.send(.fetchCancelled).finish()
    #expect(store.state == [])
    #expect(diagnostics.value.isEmpty)
  }

  /// A `Send` called after its operation returned is reported, with the line of the effect, and
  /// its action dropped (TCA reports the same misuse).
  @Test func aSendAfterTheOperationReturnedIsReportedAndDropped() async throws {
    let (store, diagnostics) = makeStore()
    await store.send(.escapeSend).finish()
    let send = try #require(escaped.value)
    send(.fetched(1))
    await store.send(.whichClock).finish()
    #expect(store.state == [.clockWasTheStores(true)])
    let reported = diagnostics.value
    #expect(reported.map(\.kind) == [.sendAfterEffectFinished])
    #expect(reported.first?.fileID == "ReductorTests/EffectTests.swift")
    #expect(
      reported.first?.message == "An effect sent fetched(1) after its operation returned; the "
        + "action was dropped. Send actions before the operation returns: await the work that "
        + "sends them.")
  }

  @Test func effectsSeeTheClockOfTheirStore() async {
    let (store, _) = makeStore()
    await store.send(.whichClock).finish()
    #expect(store.state == [.clockWasTheStores(true)])
  }

  @Test func outsideAnEffectTheContextClockIsContinuous() {
    #expect(EffectContext.clock is ContinuousClock)
  }

  @Test func mapTransformsEveryActionAndMapNoneDropsThem() async {
    let effect = Effect<Int>.concat {
      Effect.send(1)
      Effect.run { 2 }
    }
    #expect(await effect.map { "\($0 * 10)" }.executeForTesting() == "20")
    #expect(await Effect<Int>.send(7).map { $0 * 10 }.executeForTesting() == 70)
    #expect(await Effect<Int>.run { 7 }.map(String.init).executeForTesting() == "7")
    let ran = Counter()
    let silent: Effect<String> = Effect<Int>.run {
      ran.increment()
      return 1
    }.mapNone()
    #expect(await silent.executeForTesting() == nil)
    #expect(ran.value == 1)
  }

  @Test func executeForTestingBypassesTimeAndReturnsTheLastAction() async {
    let effect = Effect<String>.concat {
      Effect.send("first")
      Effect.run { "second" }.debounced(for: .seconds(60), key: "k")
      Effect.run { "third" }.throttled(for: .seconds(60), key: "k")
    }
    #expect(await effect.executeForTesting() == "third")
    #expect(await Effect<String>.none.executeForTesting() == nil)
    #expect(await Effect<String>.cancel("k").executeForTesting() == nil)
  }

  @Test func lifetimesDescribeThemselves() {
    #expect(EffectLifetime.storeBound.description == "storeBound")
    #expect(EffectLifetime.detached.description == "detached")
    #expect(EffectLifetime.replaceable("load").description == #"replaceable("load")"#)
    #expect(EffectLifetime.replaceable("3") != .replaceable(3))
  }
}
