/// The elements of a store's stream that its consumer has not taken yet: the root adds them on
/// its owner (the main actor, or the actor of an ``ActorStore``) as it reduces, the task that
/// iterates the stream takes them.
///
/// A consumer that keeps up with the store waits for every element, and an `AsyncStream` fed
/// directly woke it for each one: a thread switch per state (`stream.states`; see
/// Benchmarks/NOTES.md). This buffer wakes its consumer once per job of the owner instead, from
/// a job that runs when that job is over, and the consumer then takes what the job added without
/// waiting. So a consumer on another thread sees the states of a job when the job is over, in
/// order, none dropped but by the buffering policy, which is applied as elements are added.
@usableFromInline
final class StreamBuffer<Element: Sendable>: Sendable {
  @usableFromInline
  struct Contents: Sendable {
    @usableFromInline var elements: [Element] = []
    /// Where the elements not taken yet start.
    @usableFromInline var head = 0
    @usableFromInline var isWakeScheduled = false
    @usableFromInline var isFinished = false

    @usableFromInline
    init() {}
  }

  /// What the consumer finds when it takes.
  @usableFromInline
  enum Taken: Sendable {
    case element(Element)
    case empty
    case finished
  }

  @usableFromInline let contents = Locked(Contents())
  /// How many elements not taken yet are kept, and which: nil for all of them.
  @usableFromInline let limit: Int?
  @usableFromInline let keepsNewest: Bool
  /// The runtime of the store, where the wakes are scheduled: on its owner. Nil for the main
  /// actor, where a store of your own also adds.
  let runtime: EffectRuntime?
  /// Tells a waiting consumer that there are elements to take, or that the buffer finished.
  let wakes: AsyncStream<Void>
  let wakeConsumer: AsyncStream<Void>.Continuation

  /// Makes a buffer whose elements are added on the owner of the store `runtime` runs the
  /// effects of, or on the main actor when it is nil.
  @usableFromInline
  init(buffering: AsyncStream<Element>.Continuation.BufferingPolicy, runtime: EffectRuntime?) {
    self.runtime = runtime
    switch buffering {
    case .bufferingNewest(let limit): (self.limit, keepsNewest) = (max(limit, 0), true)
    case .bufferingOldest(let limit): (self.limit, keepsNewest) = (max(limit, 0), false)
    default: (limit, keepsNewest) = (nil, false)
    }
    (wakes, wakeConsumer) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Adds `element`, on the store's owner; the consumer is woken when the owner's current job
  /// is over.
  @inlinable
  func append(_ element: Element) {
    let schedulesWake = contents.withLock { contents in
      contents.append(element, limit: limit, keepsNewest: keepsNewest)
      guard !contents.isWakeScheduled else { return false }
      contents.isWakeScheduled = true
      return true
    }
    if schedulesWake { scheduleWake() }
  }

  /// Wakes the consumer after the owner's current job; at once when the store has no owner yet
  /// (the elements a stream starts with, added before the store's first send).
  @usableFromInline
  func scheduleWake() {
    guard let runtime else {
      Task { @MainActor in self.wake() }
      return
    }
    if !runtime.scheduleOnOwner({ self.wake() }) { wake() }
  }

  @usableFromInline
  func wake() {
    contents.withLock { $0.isWakeScheduled = false }
    wakeConsumer.yield()
  }

  /// Ends the stream once the consumer has taken what is left.
  @usableFromInline
  func finish() {
    contents.withLock { $0.isFinished = true }
    wakeConsumer.finish()
  }
}

extension StreamBuffer {
  /// Adds `state`, and makes the function that adds each state after it: what a stream of
  /// states feeds.
  @inlinable
  func feedingStates(from state: Element) -> (UnsafePointer<Element>) -> Void {
    append(state)
    return { [self] in append($0.pointee) }
  }

  /// Adds the value at `keyPath` in `state`, and makes the function that adds each value after
  /// it that differs from the one before: what a stream of values feeds.
  @inlinable
  func feedingChanges<State>(
    of keyPath: KeyPath<State, Element>, from state: State
  ) -> (UnsafePointer<State>) -> Void where Element: Equatable {
    let observer = ChangeObserver(keyPath, in: state) { [self] in append($0) }
    append(observer.last)
    return { observer.receive($0) }
  }
}

extension StreamBuffer.Contents {
  @inlinable
  mutating func append(_ element: Element, limit: Int?, keepsNewest: Bool) {
    guard let limit, elements.count - head >= limit else {
      elements.append(element)
      return
    }
    guard keepsNewest else { return }
    elements.append(element)
    head += 1
    // The dropped elements go in one move once they are half the array.
    if head >= elements.count / 2 {
      elements.removeFirst(head)
      head = 0
    }
  }

  @usableFromInline
  mutating func take() -> StreamBuffer.Taken {
    guard head < elements.count else { return isFinished ? .finished : .empty }
    let element = elements[head]
    head += 1
    if head == elements.count {
      elements.removeAll(keepingCapacity: elements.count <= 64)
      head = 0
    }
    return .element(element)
  }
}

/// The consumer's side of a store's stream: it takes from the buffer, and it ends the
/// subscription when the stream is released (its iteration over) or its task is cancelled.
///
/// The root's subscriptions hold the subscription, weakly referenced here, so that releasing the
/// root ends it, which finishes the buffer. A scoped store is kept alive until the stream is
/// released; the root is not kept by its own streams.
@usableFromInline
final class StreamConsumer<Element: Sendable>: Sendable {
  let buffer: StreamBuffer<Element>
  weak let subscription: ReductionSubscription?
  /// Held only to be released with the consumer, never used: safe for a store that stays on its
  /// actor too.
  nonisolated(unsafe) let keptAlive: AnyObject?

  @usableFromInline
  init(
    buffer: StreamBuffer<Element>, subscription: ReductionSubscription,
    keeping keptAlive: AnyObject?
  ) {
    self.buffer = buffer
    self.subscription = subscription
    self.keptAlive = keptAlive
  }

  deinit {
    subscription?.end()
  }

  /// The next element, taken on the caller's actor; nil when the buffer finished and is empty,
  /// or the task was cancelled, which ends the subscription.
  @usableFromInline
  func next(isolation actor: isolated (any Actor)?) async -> Element? {
    while !Task.isCancelled {
      switch buffer.contents.withLock({ $0.take() }) {
      case .element(let element): return element
      case .finished: return nil
      case .empty:
        // Woken when elements were added or the buffer finished; cancelling the task ends the
        // wait at once.
        var wakes = buffer.wakes.makeAsyncIterator()
        _ = await wakes.next(isolation: actor)
      }
    }
    subscription?.end()
    return nil
  }
}
