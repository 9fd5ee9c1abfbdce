import Reductor
import Testing

/// Extensions of a store: the hooks they declare, in the order they were installed, with where
/// each action came from.
@MainActor
@Suite struct StoreExtensionTests {
  enum Action: Sendable, Equatable {
    case increment
    case load
    case loaded
  }

  /// Records what its hooks hear, as lines.
  final class Recorder: StoreExtension {
    typealias State = Int

    let name: String
    nonisolated let hooks: StoreHooks
    var lines: [String] = []
    /// Called after its `didReduce`, for extensions that act on the store.
    var afterDidReduce: () -> Void = {}

    init(_ name: String, hooks: StoreHooks) {
      self.name = name
      self.hooks = hooks
    }

    func willReduce(_ action: Action, origin: ActionOrigin<Action>) {
      lines.append("\(name) will \(action) \(origin.kind)")
    }

    func didReduce(
      _ action: Action, origin: ActionOrigin<Action>, from previous: Int?, to state: Int
    ) {
      lines.append("\(name) did \(action) \(previous.map(String.init) ?? "-") → \(state)")
      afterDidReduce()
    }

    func effectStarted(
      by action: Action, origin: ActionOrigin<Action>
    ) -> (@Sendable (Bool) -> Void)? {
      lines.append("\(name) effect of \(action)")
      let ended = Locked<[String]>([])
      endings.append(ended)
      return { cancelled in ended.withLock { $0.append(cancelled ? "cancelled" : "finished") } }
    }

    var endings: [Locked<[String]>] = []
  }

  func makeStore(clock: ManualClock) -> ReducerStore<Int, Action> {
    ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Action> { state, action in
        switch action {
        case .increment:
          state += 1
          return .none
        case .load:
          return .run {
            try await EffectContext.clock.sleep(for: .seconds(1))
            return .loaded
          }
        case .loaded:
          state += 10
          return .none
        }
      },
      clock: clock)
  }

  @Test func theStoreCallsTheDeclaredHooksWithWhereEachActionCameFrom() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    let recorder = Recorder("r", hooks: [.willReduce, .previousState, .effects])
    store.install(recorder)
    store.send(.increment)
    store.send(.load)
    store.enqueue(.increment)
    await clock.advance(by: .seconds(1))
    #expect(
      recorder.lines == [
        "r will increment sent", "r did increment 0 → 1",
        "r will load sent", "r did load 1 → 1", "r effect of load",
        "r will increment enqueued", "r did increment 1 → 2",
        "r will loaded effect(of: ReductorTests.StoreExtensionTests.Action.load)",
        "r did loaded 2 → 12",
      ])
    #expect(recorder.endings.map(\.value) == [["finished"]])
  }

  /// Reductions are numbered from the store's first, installed extension or not; an action an
  /// effect delivered names the reduction that returned the effect.
  @Test func reductionsAreNumberedAndADeliveredActionNamesItsCause() async {
    let clock = ManualClock()
    let store = makeStore(clock: clock)
    store.send(.increment)
    let numbers = NumberRecorder()
    store.install(numbers)
    store.send(.load)
    store.send(.increment)
    await clock.advance(by: .seconds(1))
    #expect(numbers.lines == ["2 load -", "3 increment -", "4 loaded 2"])
  }

  /// Records each reduction's number and its cause's.
  final class NumberRecorder: StoreExtension {
    typealias State = Int
    typealias Action = StoreExtensionTests.Action

    nonisolated var hooks: StoreHooks { .didReduce }
    var lines: [String] = []

    func didReduce(
      _ action: Action, origin: ActionOrigin<Action>, from previous: Int?, to state: Int
    ) {
      lines.append(
        "\(origin.reduction) \(action) \(origin.causingReduction.map(String.init) ?? "-")")
    }
  }

  @Test func onlyTheDeclaredHooksAreCalled() {
    let store = makeStore(clock: ManualClock())
    let recorder = Recorder("r", hooks: .didReduce)
    store.install(recorder)
    store.send(.increment)
    #expect(recorder.lines == ["r did increment - → 1"])
  }

  /// An extension that removes itself in its hook: the one installed after it still hears the
  /// action, and from the next action on only that one does.
  @Test func anExtensionRemovedDuringItsHookLeavesTheOthersTheirTurn() {
    let store = makeStore(clock: ManualClock())
    let first = Recorder("first", hooks: .didReduce)
    let second = Recorder("second", hooks: .didReduce)
    first.afterDidReduce = { [unowned store, unowned first] in store.remove(first) }
    store.install(first)
    store.install(second)
    store.send(.increment)
    store.send(.increment)
    #expect(first.lines == ["first did increment - → 1"])
    #expect(second.lines == ["second did increment - → 1", "second did increment - → 2"])
  }

  @Test func anExtensionInstalledTwiceIsCalledOnceAndRemovedHearsNothing() {
    let store = makeStore(clock: ManualClock())
    let recorder = Recorder("r", hooks: .didReduce)
    store.install(recorder)
    store.install(recorder)
    store.send(.increment)
    store.remove(recorder)
    store.send(.increment)
    #expect(recorder.lines == ["r did increment - → 1"])
  }
}
