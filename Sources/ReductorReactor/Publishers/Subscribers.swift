internal import Reductor

/// The subscribers of a publisher, each an `AsyncStream` fed in the order values are sent.
///
/// Values are yielded under the lock, so every subscriber sees them in one order even when
/// several threads send.
final class Subscribers<Element: Sendable>: Sendable {
  private struct State {
    var nextID = 0
    var continuations: [(id: Int, continuation: AsyncStream<Element>.Continuation)] = []
    var latest: Element?
  }

  private let state = Locked(State())
  /// Whether a new subscriber first receives the latest value sent.
  private let replaysLatest: Bool

  init(replaysLatest: Bool, latest: Element?) {
    self.replaysLatest = replaysLatest
    state.withLock { $0.latest = latest }
  }

  deinit {
    // The publisher is gone: its subscribers' iterations end.
    for subscriber in state.withLock({ $0.continuations }) { subscriber.continuation.finish() }
  }

  func send(_ value: Element) {
    state.withLock { state in
      if replaysLatest { state.latest = value }
      for subscriber in state.continuations { subscriber.continuation.yield(value) }
    }
  }

  var latest: Element? {
    state.withLock { $0.latest }
  }

  /// A new subscriber's stream; it stops receiving when its iteration ends.
  func subscribe() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state in
      let id = state.nextID
      state.nextID += 1
      if replaysLatest, let latest = state.latest { continuation.yield(latest) }
      state.continuations.append((id, continuation))
      return id
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { $0.continuations.removeAll { $0.id == id } }
    }
    return stream
  }
}
