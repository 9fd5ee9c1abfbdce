import Reductor
import ReductorReactor
import StressRuns
import Testing

/// A reactor's own methods are `@MainActor`, as GoodReactor's are: work that awaits them stays on
/// the manual clock (#29), so helpers need not be `nonisolated`. Each scenario runs `stressRuns`
/// times (100 in CI), since a broken mechanism shows as a race.
@MainActor
@Suite struct MainActorHelperTests {
  let clock = ManualClock()

  /// The helper's sleep starts inside the send's settle point: its mutation lands at 330 ms.
  @Test(arguments: stressRuns)
  func workThatAwaitsAHelperOfTheReactorMutatesAtItsVirtualTime(run: Int) async {
    let model = HelperViewModel(clock: clock)
    _ = model.send(action: .addOneViaSlowHelper) as StoreTask
    await clock.advance(by: .milliseconds(329))
    #expect(model.state.count == 0)
    await clock.advance(by: .milliseconds(1))
    #expect(model.state.count == 1)
  }

  /// GoodReactor's `await send(action:)` returns once the helper's mutation is reduced.
  @Test(arguments: stressRuns)
  func waitingForTheSendEndsOnceTheHelperMutated(run: Int) async {
    let model = HelperViewModel(clock: clock)
    await model.send(action: .addOneViaHelper)
    #expect(model.state.count == 1)
  }

  /// GoodReactor's `await send(action:)` of work that sleeps, in a test that advances only
  /// after it: nothing can advance the clock meanwhile, so the wait ends with a diagnostic
  /// instead of hanging, and the advance then applies the mutation.
  @Test func waitingForWorkThatOnlyALaterAdvanceWakesEndsWithADiagnostic() async {
    let clock = ManualClock(stalledWaitTimeout: .milliseconds(50))
    let model = HelperViewModel(clock: clock)
    let diagnostics = Locked<[StoreDiagnostic]>([])
    model.diagnosticHandler = { diagnostic in diagnostics.withLock { $0.append(diagnostic) } }
    await model.send(action: .addOneViaSlowHelper)
    let reported = diagnostics.withLock { $0 }
    #expect(reported.map(\.kind) == [.waitStalled])
    // The effect is named by the place of the reactor's `run`, not a place in the library.
    #expect(
      reported.first?.message.contains(
        "• ReductorReactorTests/MainActorHelperTests.swift:\(HelperViewModel.slowRunLine): "
          + "storeBound, running, started by send(action(addOneViaSlowHelper))") == true)
    #expect(model.state.count == 0)
    await clock.advance(by: .milliseconds(330))
    #expect(model.state.count == 1)
  }

  /// A reactable's effect that awaits one of its methods mutates at the method's virtual time.
  @Test(arguments: stressRuns)
  func aReactableEffectThatAwaitsItsOwnMethodMutatesAtItsVirtualTime(run: Int) async {
    let reactable = HelperReactable(clock: clock)
    reactable.action(.load)
    await clock.advance(by: .milliseconds(999))
    #expect(reactable.currentState.data == nil)
    await clock.advance(by: .milliseconds(1))
    #expect(reactable.currentState.data == "loaded 1")
  }
}

/// GoodReactor's `subscribe { await ExternalTimer.shared.timePublisher }`: the source is on the
/// main actor, and the subscription starts within the settle point that follows `start()`.
@MainActor
@Suite struct MainActorSourceSubscriptionTests {
  @MainActor
  final class ExternalTimer {
    private(set) var timePublisher = PassthroughPublisher<Int>()
  }

  @Test(arguments: stressRuns)
  func aSubscriptionToAMainActorSourceSeesTheValuesSentAfterTheSettlePoint(run: Int) async {
    let clock = ManualClock()
    let timer = ExternalTimer()
    let subscriber = TimerSubscriber(clock: clock, timer: timer)
    subscriber.start()
    await clock.advance(by: .zero)
    timer.timePublisher.send(1)
    timer.timePublisher.send(2)
    await clock.advance(by: .zero)
    #expect(subscriber.state.seconds == [1, 2])
  }
}

/// GoodReactor's `testReactorStartIdempontency`, whose model subscribes in `transform()` to
/// `await ManualEventPublisher.shared.eventPublisher`, a main-actor singleton's publisher: the
/// subscription takes every value sent once `start()` has returned, and starting again adds
/// none. Serialized: every model of the suite hears the one singleton.
@MainActor
@Suite(.serialized) struct ManualEventSubscriptionTests {
  @Test(arguments: stressRuns)
  func aSubscriptionToAMainActorSingletonTakesEveryValueSentAfterStart(run: Int) async {
    let clock = ManualClock()
    let model = ManualEventsModel(clock: clock)
    model.start()
    ManualEventPublisher.shared.eventPublisher.send(1)
    await clock.advance(by: .zero)
    #expect(model.state.manualEventsCount == 1)

    model.start()
    model.start()
    model.start()
    ManualEventPublisher.shared.eventPublisher.send(1)
    await clock.advance(by: .zero)
    #expect(model.state.manualEventsCount == 2)
  }

  /// On a clock other than a manual one, the subscription begins before `start()` returns too:
  /// the values sent right after it arrive, in order.
  @Test(.timeLimit(.minutes(1)), arguments: stressRuns)
  func onAnotherClockTheSubscriptionTakesEveryValueSentAfterStart(run: Int) async {
    let model = ManualEventsModel(clock: ContinuousClock())
    var counts = model.store.values(of: \.manualEventsCount).makeAsyncIterator()
    #expect(await counts.next() == 0)
    model.start()
    ManualEventPublisher.shared.eventPublisher.send(1)
    ManualEventPublisher.shared.eventPublisher.send(1)
    #expect(await counts.next() == 1)
    #expect(await counts.next() == 2)
  }

  /// A source that makes its sequence off the main actor subscribes within `start()`, which is a
  /// settle point of its manual clock.
  @Test(arguments: stressRuns)
  func aSourceOffTheMainActorSubscribesWithinStart(run: Int) async {
    let clock = ManualClock()
    let timer = OffMainTimer()
    let model = OffMainSubscriber(clock: clock, timer: timer)
    model.start()
    await timer.send(7)
    await clock.advance(by: .zero)
    #expect(model.state.seconds == [7])
  }
}

/// GoodReactor's test publisher: a main-actor singleton holding a passthrough publisher.
private final class ManualEventPublisher: Sendable {
  @MainActor static let shared = ManualEventPublisher()
  let eventPublisher = PassthroughPublisher<Int>()
}

/// The part of GoodReactor's `ObservableModel` that counts manual events.
private final class ManualEventsModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {}

  enum Mutation: Sendable {
    case didReceiveManualEvent
  }

  struct State {
    var manualEventsCount = 0
  }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func transform() {
    subscribe {
      await ManualEventPublisher.shared.eventPublisher
    } map: { _ in
      .didReceiveManualEvent
    }
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .mutation(.didReceiveManualEvent):
      state.manualEventsCount += 1
    case .action, .destination:
      break
    }
  }
}

/// A timer whose publisher an actor hands out, as GoodReactor's README has its `ExternalTimer`.
private actor OffMainTimer {
  private let publisher = PassthroughPublisher<Int>()

  var timePublisher: PassthroughPublisher<Int> { publisher }

  func send(_ value: Int) { publisher.send(value) }
}

/// Subscribes to the actor timer's publisher.
private final class OffMainSubscriber: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {}

  enum Mutation: Sendable {
    case didChangeTime(seconds: Int)
  }

  struct State {
    var seconds: [Int] = []
  }

  let clock: any Clock<Duration>
  private let timer: OffMainTimer

  init(clock: any Clock<Duration>, timer: OffMainTimer) {
    self.clock = clock
    self.timer = timer
  }

  func makeInitialState() -> State { State() }

  func transform() {
    subscribe { [timer] in
      await timer.timePublisher
    } map: {
      .didChangeTime(seconds: $0)
    }
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .mutation(.didChangeTime(let seconds)):
      state.seconds.append(seconds)
    case .action, .destination:
      break
    }
  }
}

/// A view model whose helpers are methods of its own, isolated to the main actor.
private final class HelperViewModel: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case addOneViaHelper
    case addOneViaSlowHelper
  }

  enum Mutation: Sendable {
    case addOne
  }

  struct State {
    var count = 0
  }

  /// The line the slow helper's `run` names as its place; any line would do.
  static let slowRunLine: UInt = 4_242

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.addOneViaHelper):
      run(event) { await self.addOne() }
    case .action(.addOneViaSlowHelper):
      run(event, line: Self.slowRunLine) { await self.addOneLater() }
    case .mutation(.addOne):
      state.count += 1
    case .destination:
      break
    }
  }

  private func addOne() -> Mutation { .addOne }

  private func addOneLater() async -> Mutation? {
    do {
      try await EffectContext.clock.sleep(for: .milliseconds(330))
    } catch {
      return nil
    }
    return .addOne
  }
}

/// A reactable whose effect awaits a method of its own.
@MainActor
private final class HelperReactable: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {
    case load
  }

  enum Mutation: Sendable {
    case setData(String)
  }

  struct State {
    var data: String?
  }

  let clock: any Clock<Duration>
  private var loads = 0

  init(clock: any Clock<Duration>) { self.clock = clock }

  var initialState: State { State() }

  func mutate(action: Action) -> Effect<Mutation> {
    switch action {
    case .load:
      return .run { send in send(.setData(try await self.fetch())) }
    }
  }

  func reduce(state: inout State, mutation: Mutation) {
    switch mutation {
    case .setData(let data): state.data = data
    }
  }

  private func fetch() async throws -> String {
    try await EffectContext.clock.sleep(for: .seconds(1))
    loads += 1
    return "loaded \(loads)"
  }
}

/// Subscribes to a main-actor timer's publisher, made asynchronously.
private final class TimerSubscriber: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable {}

  enum Mutation: Sendable {
    case didChangeTime(seconds: Int)
  }

  struct State {
    var seconds: [Int] = []
  }

  let clock: any Clock<Duration>
  private let timer: MainActorSourceSubscriptionTests.ExternalTimer

  init(clock: any Clock<Duration>, timer: MainActorSourceSubscriptionTests.ExternalTimer) {
    self.clock = clock
    self.timer = timer
  }

  func makeInitialState() -> State { State() }

  func transform() {
    subscribe { [timer] in
      await timer.timePublisher
    } map: {
      .didChangeTime(seconds: $0)
    }
  }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .mutation(.didChangeTime(let seconds)):
      state.seconds.append(seconds)
    case .action, .destination:
      break
    }
  }
}
