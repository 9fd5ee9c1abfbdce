import Observation
import Reductor
import Testing

/// Three levels of nested state and actions: app → settings → audio → volume.
struct AppState: Equatable {
  var settings = SettingsState()
  var title = "app"
}

struct SettingsState: Equatable {
  var audio = AudioState()
  var theme = "light"
}

struct AudioState: Equatable {
  var volume = 5
}

enum AppAction: Sendable, Equatable {
  case settings(SettingsAction)
  case rename(String)
}

enum SettingsAction: Sendable, Equatable {
  case audio(AudioAction)
  case theme(String)
}

enum AudioAction: Sendable, Equatable {
  case louder
  case mute
}

@MainActor
func makeAppStore() -> ReducerStore<AppState, AppAction> {
  ReducerStore(
    initialState: AppState(),
    reducer: Reduce<AppState, AppAction> { state, action in
      switch action {
      case .settings(.audio(.louder)): state.settings.audio.volume += 1
      case .settings(.audio(.mute)): state.settings.audio.volume = 0
      case .settings(.theme(let theme)): state.settings.theme = theme
      case .rename(let title): state.title = title
      }
      return .none
    })
}

@MainActor
@Suite struct ScopeTests {
  @Test func aStoreScopedThreeLevelsDeepReadsAndWritesItsSlice() {
    let root = makeAppStore()
    let settings = root.scope(state: \.settings, action: AppAction.settings)
    let audio = settings.scope(state: \.audio, action: SettingsAction.audio)
    let volume = audio.scope(state: \.volume, action: { (action: AudioAction) in action })
    #expect(volume.state == 5)
    volume.send(.louder)
    #expect(volume.state == 6)
    #expect(audio.state == AudioState(volume: 6))
    #expect(root.state.settings.audio.volume == 6)
    settings.send(.theme("dark"))
    #expect(settings.state.theme == "dark")
    #expect(volume.state == 6)
  }

  @Test func aScopedStoreAlwaysReadsTheRootsCurrentState() {
    let root = makeAppStore()
    let audio = root.scope(state: { $0.settings.audio }, action: { .settings(.audio($0)) })
    root.send(.settings(.audio(.mute)))
    #expect(audio.state.volume == 0)
  }

  @Test func observingAScopedStoreIsTriggeredByRootChanges() {
    let root = makeAppStore()
    let audio = root.scope(state: \.settings.audio, action: { .settings(.audio($0)) })
    let changes = Counter()
    withObservationTracking {
      _ = audio.state
    } onChange: {
      changes.increment()
    }
    root.send(.settings(.audio(.louder)))
    #expect(changes.value == 1)
  }

  @Test func aScopedStoreKeepsItsRootAlive() {
    var root: ReducerStore<AppState, AppAction>? = makeAppStore()
    weak let weakRoot = root
    let audio = root!.scope(state: \.settings.audio, action: { .settings(.audio($0)) })
    root = nil
    #expect(weakRoot != nil)
    audio.send(.louder)
    #expect(audio.state.volume == 6)
  }

  @Test func aScopedStoreIsHeldAsAnyStoreLikeTheRoot() {
    let stores: [any Store<AppState, AppAction>] = [
      makeAppStore(),
      makeAppStore().scope(state: { $0 }, action: { $0 }),
    ]
    for store in stores {
      store.send(.rename("renamed"))
      #expect(store.state.title == "renamed")
    }
  }

  @Test func aScopedStoreOfAClassStateObservesOnlyWhatChanged() {
    let root = makeCountingStore(CountingModel())
    let model = root.scope(state: { $0 }, action: { $0 })
    let titleChanges = Counter()
    let countChanges = Counter()
    withObservationTracking {
      _ = model.state.title
    } onChange: {
      titleChanges.increment()
    }
    withObservationTracking {
      _ = model.state.count
    } onChange: {
      countChanges.increment()
    }
    model.send(.increment)
    #expect(countChanges.value == 1)
    #expect(titleChanges.value == 0)
    #expect(model.state.count == 1)
  }

  @Test func readsBetweenSendsThroughManyLevelsSeeEveryChange() {
    let root = makeCountingStore(CountingValue())
    var store: any Store<CountingValue, CountingAction> = root
    for _ in 0..<10 { store = store.scope(state: { $0 }, action: { $0 }) }
    let count = store.scope(state: \.count, action: { $0 })
    for expected in 1...5 {
      #expect(count.state == expected - 1)
      root.send(.increment)
      #expect(count.state == expected)
      #expect(store.state.count == expected)
    }
  }

  /// TCA's `testScopeCallCount_OneLevel_NoSubscription`: a scoped store projects its state only
  /// when it is read.
  @Test func testScopeCallCount_OneLevel_NoSubscription() {
    var numCalls1 = 0
    let store = ReducerStore(initialState: 0, reducer: Reduce<Int, Void> { _, _ in .none })
      .scope(
        state: { (count: Int) -> Int in
          numCalls1 += 1
          return count
        },
        action: { $0 }
      )

    #expect(numCalls1 == 0)
    store.send(())
    #expect(numCalls1 == 0)
  }

  /// A read projects once, and again only after the root reduced another action.
  @Test func aScopedStoreProjectsOnceForEveryReductionItIsReadAfter() {
    var projections = 0
    let root = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Int> {
        $0 += $1; return .none
      })
    let store = root.scope(
      state: { (count: Int) -> Int in
        projections += 1
        return count
      },
      action: { $0 })
    #expect(store.state == 0)
    #expect(store.state == 0)
    #expect(projections == 1)
    store.send(2)
    store.send(3)
    #expect(projections == 1)
    #expect(store.state == 5)
    #expect(store.state == 5)
    #expect(projections == 2)
  }

  @Test func aStoreOfYourOwnGetsScopeFromTheProtocol() {
    let custom = RecordingStore()
    let child = custom.scope(state: { $0 * 10 }, action: { (step: Int) in "step \(step)" })
    child.send(3)
    #expect(custom.sent == ["step 3"])
    #expect(child.state == 10)
    custom.value = 2
    #expect(child.state == 20)
    child.enqueue(4)
    #expect(custom.enqueued.withLock { $0 } == ["step 4"])
  }
}

/// A store written by hand: an `Int` state it never reduces, and the actions it was sent.
@MainActor
private final class RecordingStore: Store {
  var value = 1
  var sent: [String] = []
  nonisolated let enqueued = Locked<[String]>([])

  var state: Int { value }

  func send(_ action: String) -> StoreTask {
    sent.append(action)
    return StoreTask.finished
  }

  nonisolated func enqueue(_ action: String) {
    enqueued.withLock { $0.append(action) }
  }
}
