// Debug builds only: in release (-O), Swift 6.3.1's IRGen crashes compiling a generic
// `remoteCall` of a `DistributedActorSystem` whose serialization requirement is `any Codable`
// ("Assertion failed: (isAbstract()), function getAbstract at ProtocolConformanceRef.h:141").
#if DEBUG
import Distributed
import Foundation
import Reductor

/// Nodes of a cluster in one process: a call from one node to an actor of another is encoded as
/// JSON, executed on the actor's node through `executeDistributedTarget`, and its answer encoded
/// back, as a network actor system does. What `LocalTestingDistributedActorSystem` skips: it
/// calls a local actor directly.
final class LoopbackNetwork: Sendable {
  private let nodes = Locked<[Int: LoopbackActorSystem]>([:])
  /// The calls that crossed between nodes, each its target and its encoded arguments.
  let calls = Locked<[(target: String, arguments: [String])]>([])

  /// Makes node `number` of the network.
  func node(_ number: Int) -> LoopbackActorSystem {
    let system = LoopbackActorSystem(node: number, network: self)
    nodes.withLock { $0[number] = system }
    return system
  }

  func system(of id: LoopbackActorSystem.ActorID) -> LoopbackActorSystem? {
    nodes.withLock { $0[id.node] }
  }
}

/// A node of a ``LoopbackNetwork``.
final class LoopbackActorSystem: DistributedActorSystem, Sendable {
  typealias SerializationRequirement = any Codable
  typealias InvocationEncoder = LoopbackInvocationEncoder
  typealias InvocationDecoder = LoopbackInvocationDecoder
  typealias ResultHandler = LoopbackResultHandler

  struct ActorID: Hashable, Sendable, Codable, CustomStringConvertible {
    let node: Int
    let number: Int
    var description: String { "\(node)/\(number)" }
  }

  /// A call that failed on the other node, with the description of its error.
  struct RemoteCallFailed: Error, Equatable {
    let description: String
  }

  let node: Int
  private let network: LoopbackNetwork
  private let actors = Locked<[ActorID: any DistributedActor]>([:])
  private let lastNumber = Locked(0)

  fileprivate init(node: Int, network: LoopbackNetwork) {
    self.node = node
    self.network = network
  }

  func resolve<Act: DistributedActor>(id: ActorID, as actorType: Act.Type) throws -> Act?
  where Act.ID == ActorID {
    // nil makes a proxy: the actor lives on another node, and every call to it is remote.
    guard id.node == node else { return nil }
    return actors.withLock { $0[id] } as? Act
  }

  func assignID<Act: DistributedActor>(_ actorType: Act.Type) -> ActorID where Act.ID == ActorID {
    let number = lastNumber.withLock { last in
      last += 1
      return last
    }
    return ActorID(node: node, number: number)
  }

  func actorReady<Act: DistributedActor>(_ actor: Act) where Act.ID == ActorID {
    actors.withLock { $0[actor.id] = actor }
  }

  func resignID(_ id: ActorID) {
    actors.withLock { $0[id] = nil }
  }

  func makeInvocationEncoder() -> LoopbackInvocationEncoder {
    LoopbackInvocationEncoder()
  }

  func remoteCall<Act: DistributedActor, Err: Error, Res: Codable>(
    on actor: Act, target: RemoteCallTarget, invocation: inout LoopbackInvocationEncoder,
    throwing: Err.Type, returning: Res.Type
  ) async throws -> Res where Act.ID == ActorID {
    let answer = try await deliver(invocation, to: actor.id, target: target)
    return try JSONDecoder().decode(Res.self, from: answer ?? Data())
  }

  func remoteCallVoid<Act: DistributedActor, Err: Error>(
    on actor: Act, target: RemoteCallTarget, invocation: inout LoopbackInvocationEncoder,
    throwing: Err.Type
  ) async throws where Act.ID == ActorID {
    _ = try await deliver(invocation, to: actor.id, target: target)
  }

  /// Runs the call on the actor's node and returns its encoded answer: nil for a void one.
  private func deliver(
    _ invocation: LoopbackInvocationEncoder, to id: ActorID, target: RemoteCallTarget
  ) async throws -> Data? {
    network.calls.withLock {
      $0.append(
        (target.identifier, invocation.arguments.map { String(decoding: $0, as: UTF8.self) }))
    }
    guard let system = network.system(of: id), let actor = system.actors.withLock({ $0[id] })
    else { throw RemoteCallFailed(description: "no actor \(id)") }
    var decoder = LoopbackInvocationDecoder(invocation)
    let handler = LoopbackResultHandler()
    try await system.executeDistributedTarget(
      on: actor, target: target, invocationDecoder: &decoder, handler: handler)
    return try handler.answer.withLock { $0 }.get()
  }
}

/// Records a call's arguments as JSON, and the generic arguments of its actor or method by their
/// mangled names.
struct LoopbackInvocationEncoder: DistributedTargetInvocationEncoder {
  typealias SerializationRequirement = any Codable
  var arguments: [Data] = []
  var substitutions: [String] = []

  mutating func recordGenericSubstitution<T>(_ type: T.Type) throws {
    guard let name = _mangledTypeName(type) else {
      throw LoopbackActorSystem.RemoteCallFailed(description: "\(type) has no mangled name")
    }
    substitutions.append(name)
  }

  mutating func recordArgument<Value: Codable>(_ argument: RemoteCallArgument<Value>) throws {
    arguments.append(try JSONEncoder().encode(argument.value))
  }

  mutating func recordErrorType<E: Error>(_ type: E.Type) throws {}
  mutating func recordReturnType<R: Codable>(_ type: R.Type) throws {}
  mutating func doneRecording() throws {}
}

/// Decodes a call's arguments on the actor's node.
struct LoopbackInvocationDecoder: DistributedTargetInvocationDecoder {
  typealias SerializationRequirement = any Codable
  let arguments: [Data]
  let substitutions: [String]
  var next = 0

  init(_ invocation: LoopbackInvocationEncoder) {
    arguments = invocation.arguments
    substitutions = invocation.substitutions
  }

  mutating func decodeGenericSubstitutions() throws -> [any Any.Type] {
    try substitutions.map { name in
      guard let type = _typeByName(name) else {
        throw LoopbackActorSystem.RemoteCallFailed(description: "no type named \(name)")
      }
      return type
    }
  }

  mutating func decodeNextArgument<Argument: Codable>() throws -> Argument {
    defer { next += 1 }
    return try JSONDecoder().decode(Argument.self, from: arguments[next])
  }

  mutating func decodeErrorType() throws -> (any Any.Type)? { nil }
  mutating func decodeReturnType() throws -> (any Any.Type)? { nil }
}

/// Keeps the encoded answer of a call, or its error.
final class LoopbackResultHandler: DistributedTargetInvocationResultHandler, Sendable {
  typealias SerializationRequirement = any Codable
  let answer = Locked<Result<Data?, LoopbackActorSystem.RemoteCallFailed>>(.success(nil))

  func onReturn<Success: Codable>(value: Success) async throws {
    let encoded = Result { try JSONEncoder().encode(value) }
      .mapError { LoopbackActorSystem.RemoteCallFailed(description: "\($0)") }
    answer.withLock { $0 = encoded.map { $0 } }
  }

  func onReturnVoid() async throws {}

  func onThrow<Err: Error>(error: Err) async throws {
    answer.withLock { $0 = .failure(LoopbackActorSystem.RemoteCallFailed(description: "\(error)")) }
  }
}
#endif
