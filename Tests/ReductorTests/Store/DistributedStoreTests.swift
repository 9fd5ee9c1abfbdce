// Debug builds only: in release (-O), Swift 6.3.1's IRGen crashes compiling a generic
// `remoteCall` of a `DistributedActorSystem` whose serialization requirement is `any Codable`
// ("Assertion failed: (isAbstract()), function getAbstract at ProtocolConformanceRef.h:141").
#if DEBUG
import Distributed
import Testing

@testable import Reductor

struct RoomState: Equatable, Sendable, Codable {
  var messages: [String] = []
}

enum RoomAction: Equatable, Sendable, Codable {
  case post(String)
  /// An action with a payload that cannot be encoded: what a program sends by mistake.
  case attach(Attachment)
}

/// A payload whose encoding always fails, as a file handle's or a closure's would.
struct Attachment: Equatable, Sendable, Codable {
  func encode(to encoder: any Encoder) throws {
    throw EncodingError.invalidValue(
      self, .init(codingPath: encoder.codingPath, debugDescription: "an attachment stays local"))
  }
}

struct RoomReducer: Reducer {
  func reduce(into state: inout RoomState, action: RoomAction) -> Effect<RoomAction> {
    switch action {
    case .post(let text):
      state.messages.append(text)
    case .attach:
      state.messages.append("(attachment)")
    }
    return .none
  }
}

/// A distributed actor that owns a store: callers on other nodes send it actions and read its
/// state, which cross as `Codable`. The same type runs on any actor system whose serialization
/// is `Codable`.
distributed actor RoomNode<ActorSystem: DistributedActorSystem<any Codable>> {
  private let store = ActorStore(initialState: RoomState(), reducer: RoomReducer())

  init(actorSystem: ActorSystem) {
    self.actorSystem = actorSystem
  }

  /// Reduces `action` and returns the state after it.
  distributed func send(_ action: RoomAction) -> RoomState {
    store.send(action)
    return store.state
  }

  distributed var state: RoomState {
    store.state
  }
}

/// Forwards each action it reduces to a room on another node, from an effect.
struct Relay: Reducer {
  let room: RoomNode<LoopbackActorSystem>

  func reduce(into state: inout RoomState, action: RoomAction) -> Effect<RoomAction> {
    state.messages.append("forwarded")
    return .run { [room] _ in _ = try await room.send(action) }
  }
}

@Suite struct DistributedStoreTests {
  @Test func aDistributedActorOwnsAStoreOnTheLocalTestingSystem() async throws {
    let system = LocalTestingDistributedActorSystem()
    let room = RoomNode(actorSystem: system)
    let resolved = try RoomNode.resolve(id: room.id, using: system)
    #expect(try await resolved.send(.post("hello")) == RoomState(messages: ["hello"]))
    #expect(try await room.state == RoomState(messages: ["hello"]))
  }

  @Test func aCallerOnAnotherNodeSendsActionsThatCrossEncoded() async throws {
    let network = LoopbackNetwork()
    let room = RoomNode(actorSystem: network.node(1))
    let remote = try RoomNode.resolve(id: room.id, using: network.node(2))
    #expect(__isRemoteActor(remote))
    #expect(try await remote.send(.post("hello")) == RoomState(messages: ["hello"]))
    #expect(try await remote.send(.post("again")) == RoomState(messages: ["hello", "again"]))
    #expect(try await remote.state == RoomState(messages: ["hello", "again"]))
    #expect(
      network.calls.value.map(\.arguments) == [
        [#"{"post":{"_0":"hello"}}"#], [#"{"post":{"_0":"again"}}"#], [],
      ])
  }

  @Test func anActionThatCannotBeEncodedFailsTheCallAndLeavesTheRoomAsItWas() async throws {
    let network = LoopbackNetwork()
    let room = RoomNode(actorSystem: network.node(1))
    let remote = try RoomNode.resolve(id: room.id, using: network.node(2))
    await #expect(throws: EncodingError.self) { try await remote.send(.attach(Attachment())) }
    #expect(try await remote.send(.post("next")) == RoomState(messages: ["next"]))
  }

  @Test func aStoreWhoseForwardedActionCannotBeEncodedReportsItAndGoesOn() async throws {
    let network = LoopbackNetwork()
    let room = RoomNode(actorSystem: network.node(1))
    let remote = try RoomNode.resolve(id: room.id, using: network.node(2))
    let relay = ReducerActor(initialState: RoomState(), reducer: Relay(room: remote))
    let diagnostics = Locked<[StoreDiagnostic]>([])
    await relay.setDiagnosticHandler { diagnostic in diagnostics.withLock { $0.append(diagnostic) }
    }
    await relay.send(.attach(Attachment())).finish()
    await relay.send(.post("hi")).finish()
    #expect(diagnostics.value.map(\.kind) == [.effectFailed])
    #expect(diagnostics.value.first?.message.contains("an attachment stays local") == true)
    #expect(await relay.state == RoomState(messages: ["forwarded", "forwarded"]))
    #expect(try await room.state == RoomState(messages: ["hi"]))
  }
}
#endif
