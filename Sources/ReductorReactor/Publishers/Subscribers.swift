internal import Reductor

/// The subscribers of a publisher, each an `AsyncStream` fed in the order values are sent.
///
/// Values are yielded under the lock, so every subscriber sees them in one order even when
/// several threads send; subscribers get each value in the order they subscribed. An ending
/// subscription leaves a hole that later ones do not move into, so ending one costs constant
/// time however many there are (10,000 reactors released at once end their 10,000 subscriptions
/// in linear time); the holes are closed up once they are half of the list.
final class Subscribers<Element: Sendable>: Sendable {
  private struct State {
    var nextID = 0
    /// The subscribers in the order they subscribed; nil where one ended.
    var entries: [(id: Int, continuation: AsyncStream<Element>.Continuation)?] = []
    /// Where each subscriber is in `entries`.
    var positions: [Int: Int] = [:]
    var latest: Element?
    /// Whether the publisher finished: it takes no more values or subscribers.
    var isFinished = false

    var continuations: [AsyncStream<Element>.Continuation] {
      entries.compactMap { $0?.continuation }
    }

    mutating func add(_ continuation: AsyncStream<Element>.Continuation) -> Int {
      let id = nextID
      nextID += 1
      positions[id] = entries.count
      entries.append((id, continuation))
      return id
    }

    mutating func remove(_ id: Int) {
      guard let position = positions.removeValue(forKey: id) else { return }
      entries[position] = nil
      let holes = entries.count - positions.count
      guard holes >= 16, holes * 2 >= entries.count else { return }
      entries.removeAll { $0 == nil }
      for (position, entry) in entries.enumerated() { positions[entry!.id] = position }
    }
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
    for continuation in state.withLock({ $0.continuations }) { continuation.finish() }
  }

  func send(_ value: Element) {
    state.withLock { state in
      guard !state.isFinished else { return }
      if replaysLatest { state.latest = value }
      for entry in state.entries { entry?.continuation.yield(value) }
    }
  }

  var latest: Element? {
    state.withLock { $0.latest }
  }

  /// The number of subscribers.
  var count: Int {
    state.withLock { $0.positions.count }
  }

  /// Ends every subscriber's iteration, once it has taken the values sent before; later sends
  /// do nothing, and later subscribers' iterations end at once.
  func finish() {
    // Finished outside the lock: a continuation's termination handler takes it.
    let continuations = state.withLock { state in
      state.isFinished = true
      return state.continuations
    }
    for continuation in continuations { continuation.finish() }
  }

  /// A new subscriber's stream; it stops receiving when its iteration ends.
  func subscribe() -> AsyncStream<Element> {
    let (stream, continuation) = AsyncStream.makeStream(of: Element.self)
    let id = state.withLock { state -> Int? in
      guard !state.isFinished else { return nil }
      if replaysLatest, let latest = state.latest { continuation.yield(latest) }
      return state.add(continuation)
    }
    guard let id else {
      continuation.finish()
      return stream
    }
    continuation.onTermination = { [weak self] _ in
      self?.state.withLock { $0.remove(id) }
    }
    return stream
  }
}
