internal import Reductor

/// A property whose every new value is sent to the property's subscribers: GoodReactor's
/// `@Broadcast`. The projected value, `$name`, is the property's publisher, an `AsyncSequence` a
/// reactor subscribes to.
///
/// ```swift
/// @MainActor final class Session {
///   @Broadcast(replayLastValue: true) var user: String? = nil
/// }
/// // In a reactor's transform():
/// subscribe(to: { session.$user }, map: { .userChanged($0) })
/// ```
///
/// Assigning the property sends the value to the subscribers iterating `$name` then; with
/// `replayLastValue: true`, a new subscriber first gets the current value. The property's
/// storage is a class shared by copies of the wrapper, safe to read and assign from any thread.
@propertyWrapper
public struct Broadcast<Value: Sendable>: Sendable {
  private let storage: Storage

  /// A broadcast property starting at `wrappedValue`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The first value.
  ///   - replayLastValue: Whether a new subscriber first gets the current value.
  public init(wrappedValue: Value, replayLastValue: Bool = false) {
    storage = Storage(value: wrappedValue, replaysLatest: replayLastValue)
  }

  /// The current value; assigning it sends the new value to the subscribers.
  public var wrappedValue: Value {
    get { storage.value.value }
    nonmutating set {
      storage.value.withLock { $0 = newValue }
      storage.subscribers.send(newValue)
    }
  }

  /// The property's publisher: iterate it, or subscribe a reactor to it.
  public var projectedValue: Broadcast<Value> {
    self
  }

  /// The value and its subscribers, shared by copies of the wrapper.
  private final class Storage: Sendable {
    let value: Locked<Value>
    let subscribers: Subscribers<Value>

    init(value: Value, replaysLatest: Bool) {
      self.value = Locked(value)
      subscribers = Subscribers(replaysLatest: replaysLatest, latest: value)
    }
  }
}

extension Broadcast: AsyncSequence {
  /// The broadcast never fails.
  public typealias Failure = Never

  /// A subscription: the values assigned from now on (with `replayLastValue`, the current one
  /// first).
  ///
  /// - Returns: The subscription's iterator.
  public func makeAsyncIterator() -> AsyncStream<Value>.Iterator {
    storage.subscribers.subscribe().makeAsyncIterator()
  }
}
