// The code of the article "Stores on actors" of the Reductor documentation.
import Distributed
import Reductor
import ReductorTesting
import Testing

struct Chat: Reducer {
  struct State: Equatable, Sendable, Codable {
    var messages: [String] = []
    var pending = 0
  }

  enum Action: Sendable, Codable, Equatable {
    case post(String)
    case postLater(String, after: Duration)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .post(let text):
      state.messages.append(text)
      return .none
    case .postLater(let text, let delay):
      state.pending += 1
      return .run {
        try await EffectContext.clock.sleep(for: delay)
        return .post(text)
      }
    }
  }
}

actor Room {
  private let store = ActorStore(initialState: Chat.State(), reducer: Chat())
  private var members: Set<String> = []

  func join(_ name: String) {
    members.insert(name)
    store.send(.post("\(name) joined"))
  }

  var transcript: [String] { store.state.messages }
}

struct Lobby: Reducer {
  struct State: Sendable {
    var chat = Chat.State()
    var isOpen = true
  }

  enum Action: Sendable {
    case chat(Chat.Action)
    case close
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .chat(let action):
      return Chat().reduce(into: &state.chat, action: action).map(Action.chat)
    case .close:
      state.isOpen = false
      return .none
    }
  }
}

actor LobbyHost {
  private let store = ActorStore(initialState: Lobby.State(), reducer: Lobby())
  private let chat: ActorStore<Chat.State, Chat.Action>
  private var observation: ObservationToken?

  init() {
    chat = store.scope(state: \.chat, action: Lobby.Action.chat)
  }

  func welcome(_ name: String) {
    chat.send(.post("Welcome, \(name)"))  // reduced by the lobby's store
  }

  func reportMessageCounts(to report: @escaping @Sendable (Int) -> Void) {
    observation = chat.observe(\.messages.count) { count in report(count) }
  }

  var messageCounts: StateStream<Int> { chat.values(of: \.messages.count) }
}

// Debug builds only, as the root package's distributed tests: Swift 6.3.1's optimizer crashes
// on some distributed actor code in release.
#if DEBUG
distributed actor ChatNode<ActorSystem: DistributedActorSystem<any Codable>> {
  private let store = ActorStore(initialState: Chat.State(), reducer: Chat())

  init(actorSystem: ActorSystem) {
    self.actorSystem = actorSystem
  }

  distributed func send(_ action: Chat.Action) -> Chat.State {
    store.send(action)
    return store.state
  }

  distributed var state: Chat.State { store.state }
}
#endif

func shutDown(_ rooms: [ReducerActor<Chat.State, Chat.Action>]) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for room in rooms {
      group.addTask { await room.finishEffects(timeout: .seconds(5)).count }
    }
    return await group.reduce(0, +)
  }
}

@Suite struct StoresOnActorsArticleTests {
  @Test func anAwaitedSendIsReducedWhenItReturns() async {
    let room = ReducerActor(initialState: Chat.State(), reducer: Chat())
    await room.send(.post("Hello"))
    let count = await room.state.messages.count  // 1
    #expect(count == 1)
  }

  @Test func aSendInsideTheActorIsReducedBeforeItReturns() async {
    let room = Room()
    await room.join("Ada")
    await room.join("Grace")
    #expect(await room.transcript == ["Ada joined", "Grace joined"])
  }

  @Test func aDelayedPostArrivesAfterItsDelay() async {
    let clock = ManualClock()
    let room = ReducerActor(initialState: Chat.State(), reducer: Chat(), clock: clock)
    await room.send(.postLater("Hi", after: .seconds(2)))
    await clock.advance(by: .seconds(1))
    #expect(await room.state.messages == [])
    await clock.advance(by: .seconds(1))
    #expect(await room.state.messages == ["Hi"])
  }

  @MainActor @Test func aDelayedPostIsReducedOnTheRoomsActor() async {
    let store = TestStore(initialState: Chat.State(), reducer: Chat(), owner: Room())
    await store.send(.postLater("Hi", after: .seconds(1))) { $0.pending = 1 }
    await store.clock.advance(by: .seconds(1))
    await store.receive(.post("Hi")) { $0.messages = ["Hi"] }
    await store.finish()
  }

  @Test func aShutdownWaitsForEveryRoomsEffects() async {
    let rooms = (0..<3).map { _ in ReducerActor(initialState: Chat.State(), reducer: Chat()) }
    for (index, room) in rooms.enumerated() {
      await room.send(.postLater("room \(index)", after: .milliseconds(1)))
    }
    #expect(await shutDown(rooms) == 0)
    for (index, room) in rooms.enumerated() {
      #expect(await room.state.messages == ["room \(index)"])
    }
  }

  @Test func aScopedStoreSendsToTheLobbyAndItsObserversSeeEachMessage() async {
    let lobby = LobbyHost()
    let reported = Locked<[Int]>([])
    await lobby.reportMessageCounts { count in reported.withLock { $0.append(count) } }
    let counts = await lobby.messageCounts
    await lobby.welcome("Ada")
    await lobby.welcome("Grace")
    #expect(reported.withLock { $0 } == [0, 1, 2])
    var streamed: [Int] = []
    for await count in counts {
      streamed.append(count)
      if streamed.count == 3 { break }
    }
    #expect(streamed == [0, 1, 2])
  }

  #if DEBUG
  @Test func aDistributedActorOwnsAStoreOnTheLocalTestingSystem() async throws {
    let system = LocalTestingDistributedActorSystem()
    let node = ChatNode(actorSystem: system)
    let state = try await node.send(.post("Hello"))  // messages: ["Hello"]
    #expect(state.messages == ["Hello"])
    #expect(try await node.state.messages == ["Hello"])
  }
  #endif
}
