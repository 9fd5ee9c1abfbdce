internal import Reductor
import Synchronization

/// The subscribers to the events of one reactable type. Main actor only: events are published
/// while the reactable's store reduces, and a subscriber's filter reads its parent's state.
@MainActor
final class ObservableEventHub<R: Reactable> {
  private struct Subscriber {
    let continuation: AsyncStream<ObservableEventResult<R>>.Continuation
    /// Which sources it hears; all when nil.
    let accepts: (@MainActor (ObjectIdentifier) -> Bool)?
    /// Set when its iteration ends.
    let ended: SubscriptionEnd
  }

  private var subscribers: [Subscriber] = []

  /// The hub of `R`; keyed by the type itself.
  static var hub: ObservableEventHub {
    let type = ObjectIdentifier(R.self)
    if let hub = ObservableEventHubs.hubs[type] {
      return unsafeDowncast(hub, to: ObservableEventHub.self)
    }
    let hub = ObservableEventHub()
    ObservableEventHubs.hubs[type] = hub
    return hub
  }

  /// A new subscriber's events, from the sources `accepts` approves.
  func subscribe(
    accepting accepts: (@MainActor (ObjectIdentifier) -> Bool)?
  ) -> AsyncStream<ObservableEventResult<R>> {
    subscribers.removeAll { $0.ended.isSet }
    let (stream, continuation) = AsyncStream.makeStream(of: ObservableEventResult<R>.self)
    let ended = SubscriptionEnd()
    continuation.onTermination = { _ in ended.set() }
    subscribers.append(Subscriber(continuation: continuation, accepts: accepts, ended: ended))
    return stream
  }

  /// Delivers `event` to the subscribers that hear its source.
  func publish(_ event: ObservableEventResult<R>) {
    guard !subscribers.isEmpty else { return }
    subscribers.removeAll { $0.ended.isSet }
    // Events are published only by reactables that adopt `ObservableEvent`, whose states are
    // `Sendable`, as actions always are: the event may go to other isolation domains.
    nonisolated(unsafe) let event = event
    for subscriber in subscribers where subscriber.accepts?(event.sourceID) ?? true {
      subscriber.continuation.yield(event)
    }
  }
}

/// The hubs of every reactable type that has subscribers or published.
@MainActor
enum ObservableEventHubs {
  static var hubs: [ObjectIdentifier: AnyObject] = [:]
}

/// Whether a subscription's iteration has ended; set from the thread that ended it.
final class SubscriptionEnd: Sendable {
  private let flag = Atomic(false)

  var isSet: Bool {
    flag.load(ordering: .acquiring)
  }

  func set() {
    flag.store(true, ordering: .releasing)
  }
}
