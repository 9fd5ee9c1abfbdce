/// A reactable whose parents hear it: each action it finishes publishes an
/// ``ObservableEventResult``, which ``observe()-type.method`` (every instance's),
/// ``observe()-method`` (this one's) and `child(_:)`'s `observe()` (the child a key path holds)
/// deliver.
///
/// An action has finished when the effect its `mutate(action:)` returned has finished and its
/// mutations have been reduced; the result carries the state at that moment. An action whose
/// effect was cancelled publishes nothing.
///
/// ```swift
/// final class ParentReactable: Reactable {
///   // ...
///   func transformAction() -> Effect<Action> {
///     let childEvents = child(\.child).observe()
///     return .stream {
///       childEvents.map { Action.childFinished($0.state.count) }
///     }
///   }
/// }
/// ```
///
/// Events are kept apart by the child's type itself, not its name: two types of the same name in
/// two modules never hear each other.
public protocol ObservableEvent: Reactable where State: Sendable {}

extension ObservableEvent {
  /// The events of every instance of this type, from now on, in the order they are published.
  ///
  /// The sequence ends when its iteration is cancelled; it buffers what its iteration has not
  /// taken yet.
  ///
  /// - Returns: The events.
  public static func observe() -> AsyncStream<ObservableEventResult<Self>> {
    ObservableEventHub<Self>.hub.subscribe(accepting: nil)
  }

  /// This instance's events, from now on.
  ///
  /// - Returns: The events.
  public func observe() -> AsyncStream<ObservableEventResult<Self>> {
    let source = ObjectIdentifier(self)
    return ObservableEventHub<Self>.hub.subscribe(accepting: { $0 == source })
  }
}

/// What an ``ObservableEvent`` reactable publishes when one of its actions has finished.
public struct ObservableEventResult<R: Reactable> {
  /// The action that finished.
  public let action: R.Action
  /// The reactable's state once the action's mutations were reduced.
  public var state: R.State
  /// The identity of the reactable that published the event.
  public let sourceID: ObjectIdentifier
}

extension ObservableEventResult: Sendable where R.State: Sendable {}
