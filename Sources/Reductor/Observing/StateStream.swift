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
