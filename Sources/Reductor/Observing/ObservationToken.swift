/// Keeps an observation made with ``Store/observe(_:_:)`` or ``Store/observe(pulse:_:)`` going:
/// the observation ends when ``cancel()`` is called or the token is released.
///
/// Keep the token for as long as you want the callback, in the object that renders:
///
/// ```swift
/// observation = counter.observe(\.line) { line in print(line) }
/// ```
///
/// It keeps the observed store alive, and so the root store of a scoped one.
public final class ObservationToken: Sendable {
  private let subscription: ReductionSubscription
  /// Held only to be released with the token, never used: safe for a store that stays on its
  /// actor too.
  private nonisolated(unsafe) let store: AnyObject

  @usableFromInline
  init(subscription: ReductionSubscription, keeping store: AnyObject) {
    self.subscription = subscription
    self.store = store
  }

  deinit {
    subscription.end()
  }

  /// Ends the observation: the callback is not called again. Calling it again does nothing.
  public func cancel() {
    subscription.end()
  }

  /// Whether ``cancel()`` was called.
  public var isCancelled: Bool {
    subscription.isEnded
  }
}
