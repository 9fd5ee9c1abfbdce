import Observation
import Reductor
import Testing

// MARK: - Fixtures

private struct Jukebox: Equatable {
  var volume = 5
  var track = "Intro"
}

private enum JukeboxAction: Sendable, Equatable {
  case volume(VolumeAction)
  case play(String)
  case nothing
  case fetchTrack
}

private enum VolumeAction: Sendable, Equatable {
  case up
  case upTwice
}

private func jukeboxReduce<State>(
  volume: WritableKeyPath<State, Int>, track: WritableKeyPath<State, String>
) -> Reduce<State, JukeboxAction> {
  Reduce { state, action in
    switch action {
    case .volume(.up):
      state[keyPath: volume] += 1
      return .none
    case .volume(.upTwice):
      state[keyPath: volume] += 1
      return .send(.volume(.up))
    case .play(let title):
      state[keyPath: track] = title
      return .none
    case .nothing:
      return .none
    case .fetchTrack:
      return .run { .play("Fetched") }
    }
  }
}

@MainActor
private func makeJukeboxStore() -> ReducerStore<Jukebox, JukeboxAction> {
  ReducerStore(
    initialState: Jukebox(), reducer: jukeboxReduce(volume: \.volume, track: \.track))
}

@Observable
private final class JukeboxModel {
  var volume = 5
  var track = "Intro"
}

/// A state past the default limits: 1,000 elements, 100 of them shown.
private struct Inventory: Equatable {
  var items = Array(0..<1_000)
}

private enum RadioFeature {
  struct State {
    var station = "FM"
  }
}

private let initialJukebox = """
  [Jukebox][State] Jukebox
    - volume: 5
    - track: "Intro"
  """

private func jukeboxState(volume: Int = 5, track: String = "Intro") -> String {
  """
  [Jukebox][State] Jukebox
    - volume: \(volume)
    - track: "\(track)"
  """
}

/// Whether this build has debug logging: Reductor logs only when it is compiled with `DEBUG`,
/// and the package's tests are compiled in the same configuration as Reductor.
private let loggingIsCompiledIn: Bool = {
  #if DEBUG
  true
  #else
  false
  #endif
}()

// MARK: - Tests

@MainActor
@Suite(.enabled(if: loggingIsCompiledIn, "logging is compiled in debug builds only"))
struct StoreLoggingTests {
  let log = LogRecorder()

  @Test func theStateIsLoggedOnConfigurationThenEachActionBeforeAndTheStateAfterIt() {
    let store = makeJukeboxStore()
    store.logging(to: log.sink)
    #expect(log.take() == [initialJukebox])
    store.send(.play("Outro"))
    #expect(
      log.take() == [
        #"[Jukebox][Action] play("Outro")"#,
        jukeboxState(track: "Outro"),
      ])
  }

  @Test func theStateIsLoggedAfterEveryActionEvenWhenItDidNotChange() {
    let store = makeJukeboxStore().logging(to: log.sink)
    store.send(.nothing)
    #expect(log.entries == [initialJukebox, "[Jukebox][Action] nothing", initialJukebox])
  }

  @Test func actionsFromSynchronousEffectsAreLoggedInTheOrderTheyAreReduced() {
    let store = makeJukeboxStore().logging(to: log.sink)
    _ = log.take()
    store.send(.volume(.upTwice))
    #expect(
      log.take() == [
        "[Jukebox][Action] volume(upTwice)",
        jukeboxState(volume: 6),
        "[Jukebox][Action] volume(up)",
        jukeboxState(volume: 7),
      ])
  }

  @Test func actionsFromAsynchronousEffectsAreLogged() async {
    let store = makeJukeboxStore().logging(.action, to: log.sink)
    await store.send(.fetchTrack).finish()
    #expect(log.entries == ["[Jukebox][Action] fetchTrack", #"[Jukebox][Action] play("Fetched")"#])
  }

  @Test func actionsSentToScopedStoresAreLoggedAsTheRootActionTheyMapTo() {
    let store = makeJukeboxStore().logging(.action, to: log.sink)
    let volume = store.scope(state: \.volume, action: JukeboxAction.volume)
    volume.send(.up)
    #expect(log.entries == ["[Jukebox][Action] volume(up)"])
  }

  @Test func optionsSelectWhatIsLogged() {
    let actions = LogRecorder()
    makeJukeboxStore().logging(.action, to: actions.sink).send(.nothing)
    #expect(actions.entries == ["[Jukebox][Action] nothing"])

    let states = LogRecorder()
    makeJukeboxStore().logging(.state, to: states.sink).send(.nothing)
    #expect(states.entries == [initialJukebox, initialJukebox])
  }

  @Test func theNameLabelsEveryEntryAndDefaultsToTheStateTypeName() {
    let store = makeJukeboxStore().logging(name: "Box", to: log.sink)
    store.send(.nothing)
    #expect(
      log.entries == [
        "[Box][State] Jukebox\n  - volume: 5\n  - track: \"Intro\"",
        "[Box][Action] nothing",
        "[Box][State] Jukebox\n  - volume: 5\n  - track: \"Intro\"",
      ])

    let radio = LogRecorder()
    ReducerStore(
      initialState: RadioFeature.State(),
      reducer: Reduce<RadioFeature.State, JukeboxAction> { _, _ in .none }
    )
    .logging(to: radio.sink)
    #expect(
      radio.entries == ["[RadioFeature.State][State] RadioFeature.State\n  - station: \"FM\""])
  }

  @Test func eachCallReplacesThePreviousConfigurationAndReturnsTheStore() {
    let store = makeJukeboxStore()
    let second = LogRecorder()
    let returned = store.logging(to: log.sink).logging(.action, name: "Second", to: second.sink)
    #expect(returned === store)
    store.send(.nothing)
    #expect(log.entries == [initialJukebox])
    #expect(second.entries == ["[Second][Action] nothing"])
  }

  @Test func configuringStateAgainLogsTheStateAgain() {
    let store = makeJukeboxStore().logging(.state, to: log.sink)
    store.send(.volume(.up))
    store.logging(.state, to: log.sink)
    #expect(log.entries == [initialJukebox, jukeboxState(volume: 6), jukeboxState(volume: 6)])
  }

  @Test func emptyOptionsTurnLoggingOff() {
    let store = makeJukeboxStore().logging(to: log.sink)
    store.logging([], to: log.sink)
    store.send(.volume(.up))
    #expect(log.entries == [initialJukebox])
  }

  @Test func formatStateReplacesTheAutomaticFormatForStateEntries() {
    let store = makeJukeboxStore().logging(to: log.sink) { state in "volume: \(state.volume)" }
    store.send(.volume(.up))
    #expect(
      log.take() == [
        "[Jukebox][State] volume: 5",
        "[Jukebox][Action] volume(up)",
        "[Jukebox][State] volume: 6",
      ])
    store.logging(.state, to: log.sink)
    #expect(log.take() == [jukeboxState(volume: 6)])
  }

  @Test func formatStateIsCalledOnlyWhenStatesAreLogged() {
    let calls = Counter()
    let store = makeJukeboxStore().logging([.action, .diff], to: log.sink) { _ in
      calls.increment()
      return "custom"
    }
    store.send(.volume(.up))
    store.logging([], to: log.sink) { _ in
      calls.increment()
      return "custom"
    }
    store.send(.volume(.up))
    #expect(calls.value == 0)
  }

  @Test func anObservableClassStateIsLoggedWithItsRegistrarOmitted() {
    let store = ReducerStore(
      initialState: JukeboxModel(), reducer: jukeboxReduce(volume: \.volume, track: \.track)
    )
    .logging(to: log.sink)
    store.send(.volume(.up))
    #expect(
      log.entries == [
        """
        [JukeboxModel][State] JukeboxModel
          - _volume: 5
          - _track: "Intro"
          - _$observationRegistrar: ObservationRegistrar (omitted)
        """,
        "[JukeboxModel][Action] volume(up)",
        """
        [JukeboxModel][State] JukeboxModel
          - _volume: 6
          - _track: "Intro"
          - _$observationRegistrar: ObservationRegistrar (omitted)
        """,
      ])
  }
}

@MainActor
@Suite(.enabled(if: loggingIsCompiledIn, "logging is compiled in debug builds only"))
struct StoreLoggingDiffTests {
  let log = LogRecorder()

  @Test func diffLogsTheStateOnceThenOnlyTheFieldsEachActionChanged() {
    let store = makeJukeboxStore().logging([.action, .diff], to: log.sink)
    store.send(.volume(.up))
    store.send(.nothing)
    store.send(.play("Outro"))
    #expect(
      log.entries == [
        initialJukebox,
        "[Jukebox][Action] volume(up)",
        """
        [Jukebox][Diff]
          volume
            - 5
            + 6
        """,
        "[Jukebox][Action] nothing",
        "[Jukebox][Diff] no changes",
        #"[Jukebox][Action] play("Outro")"#,
        """
        [Jukebox][Diff]
          track
            - "Intro"
            + "Outro"
        """,
      ])
  }

  @Test func diffWithStateLogsTheStateThenTheDiffAfterEachAction() {
    let store = makeJukeboxStore().logging([.state, .diff], to: log.sink)
    store.send(.volume(.up))
    #expect(
      log.entries == [
        initialJukebox,
        jukeboxState(volume: 6),
        """
        [Jukebox][Diff]
          volume
            - 5
            + 6
        """,
      ])
  }

  @Test func diffLogsAChangePastTheDisplayLimitsByItsPath() {
    let store = ReducerStore(
      initialState: Inventory(),
      reducer: Reduce<Inventory, Int> { state, index in
        state.items[index] = -1
        return .none
      }
    )
    .logging(.diff, to: log.sink)
    #expect(
      log.take().first?.split(separator: "\n").last
        == "    - ... 900 more children cut (limit: 100 children per value)")
    store.send(500)
    store.send(500)
    #expect(
      log.take() == [
        """
        [Inventory][Diff]
          items[500]
            - 500
            + -1
        """,
        "[Inventory][Diff] no changes",
      ])
  }

  @Test func diffComparesWithASnapshotSoAClassStateMutatedInPlaceShowsItsOldValues() {
    let store = ReducerStore(
      initialState: JukeboxModel(), reducer: jukeboxReduce(volume: \.volume, track: \.track)
    )
    .logging(.diff, to: log.sink)
    store.send(.volume(.up))
    store.send(.volume(.up))
    #expect(
      log.entries.dropFirst() == [
        """
        [JukeboxModel][Diff]
          _volume
            - 5
            + 6
        """,
        """
        [JukeboxModel][Diff]
          _volume
            - 6
            + 7
        """,
      ])
  }
}

@Test func diffIsNotPartOfAll() {
  #expect(!LogOptions.all.contains(.diff))
  #expect(LogOptions.all == [.action, .state])
}

@MainActor
@Suite(.disabled(if: loggingIsCompiledIn, "a debug build logs"))
struct StoreLoggingReleaseTests {
  @Test func aReleaseBuildLogsNothingAndNeverFormatsTheState() {
    let log = LogRecorder()
    let formatted = Locked(0)
    let store = makeJukeboxStore().logging([.action, .state, .diff], to: log.sink) { _ in
      formatted.withLock { $0 += 1 }
      return "state"
    }
    store.send(.volume(.upTwice))
    store.send(.play("Outro"))
    #expect(store.state == Jukebox(volume: 7, track: "Outro"))
    #expect(log.entries == [])
    #expect(formatted.value == 0)
  }
}
