/// The states of a store, or the values or pulses of one of its fields, as an asynchronous
/// sequence: what ``Store/states``, ``Store/values(of:buffering:)`` and
/// ``Store/pulses(of:buffering:)`` return.
///
/// It yields in the order the root store reduced, none dropped but by its buffering policy
/// (`AsyncStream`'s: unbounded, the newest n or the oldest n not taken yet). What one job of the
/// main actor adds reaches a consumer on another task when that job is over, all at once, so a
/// burst of actions wakes the consumer once, not once per state. One task iterates it at a time,
/// as an `AsyncStream`; its iteration ends when the root store is released (after what is left
/// is taken) or the iterating task is cancelled, and releasing the stream ends the subscription.
public struct StateStream<Element: Sendable>: AsyncSequence, Sendable {
  /// A stream of a store never fails.
  public typealias Failure = Never

  @usableFromInline let consumer: StreamConsumer<Element>

  @usableFromInline
  init(consumer: StreamConsumer<Element>) {
    self.consumer = consumer
  }

  /// Makes the iterator: one task iterates the stream at a time.
  public func makeAsyncIterator() -> Iterator {
    Iterator(consumer: consumer)
  }

  /// Takes the elements of a ``StateStream``, on the actor of the task that iterates.
  public struct Iterator: AsyncIteratorProtocol {
    let consumer: StreamConsumer<Element>

    /// The next element, or nil when the stream ended.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
      await consumer.next(isolation: actor)
    }

    /// The next element, or nil when the stream ended.
    public mutating func next() async -> Element? {
      await consumer.next(isolation: nil)
    }
  }
}

/// Like `AsyncStream`'s, the iterator belongs to the one task that iterates.
@available(*, unavailable)
extension StateStream.Iterator: Sendable {}

extension StateStream {
  /// A stream fed by the function `start` returns, which `subscribe` adds to the root store's
  /// observers; `start` runs at once (to add what the stream starts with). What a job of the
  /// store's owner adds reaches the consumer when the job is over (`StreamBuffer`).
  ///
  /// - Parameters:
  ///   - buffering: The buffering policy.
  ///   - runtime: The runtime of the root store, on whose owner elements are added; nil for the
  ///     main actor.
  ///   - followsOutsideChanges: Whether the stream hears of outside changes too.
  ///   - keptAlive: The store the stream keeps alive until it is released: a scoped one.
  ///   - subscribe: Adds the subscription, with its function, to the root's observers.
  ///   - start: Adds what the stream starts with, and makes the function the root calls.
  @inlinable
  init<State>(
    buffering: AsyncStream<Element>.Continuation.BufferingPolicy,
    runtime: EffectRuntime?,
    followsOutsideChanges: Bool,
    keeping keptAlive: AnyObject?,
    subscribe: (ReductionSubscription, @escaping (UnsafePointer<State>) -> Void) -> Void,
    start: (StreamBuffer<Element>) -> (UnsafePointer<State>) -> Void
  ) {
    let buffer = StreamBuffer<Element>(buffering: buffering, runtime: runtime)
    let subscription = ReductionSubscription(followsOutsideChanges: followsOutsideChanges) {
      buffer.finish()
    }
    subscribe(subscription, start(buffer))
    self.init(
      consumer: StreamConsumer(buffer: buffer, subscription: subscription, keeping: keptAlive))
  }
}
