import Observation
import Reductor
import ReductorReactor
import Testing

/// Whether this build has debug logging: Reductor logs only when it is compiled with `DEBUG`,
/// and `swift test -c release` compiles it without.
private let loggingIsCompiledIn: Bool = {
  #if DEBUG
  return true
  #else
  return false
  #endif
}()

@MainActor
@Suite(.enabled(if: loggingIsCompiledIn, "logging is compiled in debug builds only"))
struct ReactorLoggingTests {
  @Test func eventsAreLoggedByTheirKindAndFetchesByTheirKeyPath() async {
    let lines = Locked<[String]>([])
    let clock = ManualClock()
    let model = Loader(clock: clock)
    model.logging(.action, to: LogSink { line in lines.withLock { $0.append(line) } })
    let _: StoreTask = model.send(action: .load(7))
    model.send(destination: .detail(7))
    model.start()
    await clock.advance(by: .seconds(1))
    #expect(
      lines.value == [
        "[Loader][Action] action(load(7))",
        "[Loader][Action] destination(detail(7))",
        "[Loader][Action] start",
        "[Loader][Action] fetchEnded(\\State.value: success)",
      ])
  }

  /// A key path into an `@Observable` state is to a computed property: no name, and no address.
  @Test func aFetchIntoAnObservableStateIsLoggedByItsValueType() async {
    let lines = Locked<[String]>([])
    let clock = ManualClock()
    let model = ObservableLoader(clock: clock)
    model.logging(.action, to: LogSink { line in lines.withLock { $0.append(line) } })
    let _: StoreTask = model.send(action: .load(7))
    await clock.advance(by: .seconds(1))
    #expect(
      lines.value == [
        "[ObservableLoader][Action] action(load(7))",
        "[ObservableLoader][Action] fetchEnded(\\State.<computed (DataFetchingState<Int, Never>)>: "
          + "success)",
      ])
  }

  @Test func theStateIsLoggedAfterEachEvent() {
    let lines = Locked<[String]>([])
    let model = Loader(clock: ManualClock())
    model.logging(.state, name: "L", to: LogSink { line in lines.withLock { $0.append(line) } })
    model.send(destination: .detail(1))
    #expect(lines.value == Array(repeating: "[L][State] Loader.State\n  - value: idle", count: 2))
  }
}

private final class Loader: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case load(Int) }
  enum Destination: Sendable { case detail(Int) }
  struct State { var value: DataFetchingState<Int, Never> = .idle }

  var destination: Destination?
  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load(let value)):
      fetch(event, \.value) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return value
      }
    case .mutation, .destination:
      break
    }
  }
}

private final class ObservableLoader: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case load(Int) }
  @Observable final class State { var value: DataFetchingState<Int, Never> = .idle }

  let clock: any Clock<Duration>

  init(clock: any Clock<Duration>) { self.clock = clock }

  func makeInitialState() -> State { State() }

  func reduce(state: inout State, event: Event) {
    switch event.kind {
    case .action(.load(let value)):
      fetch(event, \.value) {
        try? await EffectContext.clock.sleep(for: .seconds(1))
        return value
      }
    case .mutation, .destination:
      break
    }
  }
}
