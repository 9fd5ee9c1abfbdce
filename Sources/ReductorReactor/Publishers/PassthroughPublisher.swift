/// Sends each value to the subscribers iterating it at that moment, in the order values are
/// sent: events for other features, where Combine's subjects are not available.
///
/// ```swift
/// let updates = PassthroughPublisher<Item.ID>()
/// // In a reactor's transform():
/// subscribe(to: { updates }, map: { .itemChanged($0) })
/// // Elsewhere:
/// updates.send(item.id)
/// ```
///
/// Each iteration (each `for await`, each reactor subscription) is one subscriber, buffered
/// without a limit; a value sent while nobody iterates is dropped. When the publisher finishes
/// (``finish()``) or is deinitialized, every iteration ends.
public final class PassthroughPublisher<Element: Sendable>: AsyncSequence, Sendable {
  /// Never: a publisher does not fail.
  public typealias Failure = Never

  private let subscribers = Subscribers<Element>(replaysLatest: false, latest: nil)

  /// Creates a publisher with no subscribers.
  public init() {}

  /// Sends `value` to every current subscriber.
  ///
  /// - Parameter value: The value.
  public func send(_ value: Element) {
    subscribers.send(value)
  }

  /// Ends the publisher: every iteration ends once it has taken the values sent before, a
  /// reactor's subscription to it ends, later sends do nothing, and an iteration that begins
  /// later ends at once.
  public func finish() {
    subscribers.finish()
  }

  /// Subscribes: the iterator receives every value sent from now on.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
    subscribers.subscribe().makeAsyncIterator()
  }

  /// The number of iterations that receive what is sent now; for tests.
  var subscriberCount: Int {
    subscribers.count
  }
}

/// A ``PassthroughPublisher`` that also gives each new subscriber the latest value sent, first.
///
/// For values that are a current state rather than an event, such as the signed-in user.
///
/// ```swift
/// let session = ReplayPublisher<String?>(latest: nil)
/// session.send("ada")
/// // A subscription that begins now receives "ada" first.
/// ```
public final class ReplayPublisher<Element: Sendable>: AsyncSequence, Sendable {
  /// Never: a publisher does not fail.
  public typealias Failure = Never

  private let subscribers: Subscribers<Element>

  /// Creates a publisher whose first subscribers receive `latest`, if it is not `nil`.
  ///
  /// - Parameter latest: The value to replay until one is sent.
  public init(latest: Element? = nil) {
    subscribers = Subscribers(replaysLatest: true, latest: latest)
  }

  /// The latest value sent, or the initial one.
  public var latest: Element? {
    subscribers.latest
  }

  /// Sends `value` to every current subscriber and keeps it for the next ones.
  ///
  /// - Parameter value: The value.
  public func send(_ value: Element) {
    subscribers.send(value)
  }

  /// Ends the publisher: every iteration ends once it has taken the values sent before, a
  /// reactor's subscription to it ends, later sends do nothing, and an iteration that begins
  /// later ends at once.
  public func finish() {
    subscribers.finish()
  }

  /// Subscribes: the iterator receives the latest value, then every value sent from now on.
  ///
  /// - Returns: The iterator.
  public func makeAsyncIterator() -> AsyncStream<Element>.Iterator {
    subscribers.subscribe().makeAsyncIterator()
  }
}
