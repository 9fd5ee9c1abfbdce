/// The child reactable that a key path of a reactable's state holds, wherever that key path
/// points when an event comes: what `child(_:)` returns, for `observe()`.
///
/// ```swift
/// let routeDetailEvents = child(\.route).child(\.detail).observe()
/// ```
///
/// A child that is replaced is followed to the new instance; while the key path holds `nil`
/// (or a parent on the way is gone), no event is delivered.
@MainActor
public struct ReactableChild<Child: Reactable> {
  /// The child the path holds now.
  let resolve: @MainActor () -> Child?

  /// The child that `keyPath` of this child's state holds.
  ///
  /// - Parameter keyPath: Where this child's state holds the grandchild.
  /// - Returns: The grandchild.
  public func child<Grandchild: Reactable>(
    _ keyPath: KeyPath<Child.State, Grandchild>
  ) -> ReactableChild<Grandchild> {
    let resolve = resolve
    return ReactableChild<Grandchild> { resolve()?.currentState[keyPath: keyPath] }
  }

  /// The child that `keyPath` of this child's state holds, when it holds one.
  ///
  /// - Parameter keyPath: Where this child's state may hold the grandchild.
  /// - Returns: The grandchild.
  public func child<Grandchild: Reactable>(
    _ keyPath: KeyPath<Child.State, Grandchild?>
  ) -> ReactableChild<Grandchild> {
    let resolve = resolve
    return ReactableChild<Grandchild> { resolve()?.currentState[keyPath: keyPath] }
  }
}

extension ReactableChild where Child: ObservableEvent {
  /// The events of the child the path holds when each is published, from now on.
  ///
  /// - Returns: The events.
  public func observe() -> AsyncStream<ObservableEventResult<Child>> {
    let resolve = resolve
    return ObservableEventHub<Child>.hub.subscribe(accepting: { source in
      guard let child = resolve() else { return false }
      return ObjectIdentifier(child) == source
    })
  }
}

extension Reactable {
  /// The child reactable that `keyPath` of the state holds, for its events:
  /// `child(\.counter).observe()`.
  ///
  /// - Parameter keyPath: Where the state holds the child.
  /// - Returns: The child, resolved again for each event.
  public func child<Child: Reactable>(
    _ keyPath: KeyPath<State, Child>
  ) -> ReactableChild<Child> {
    let parent = parentReference()
    return ReactableChild { parent()?.currentState[keyPath: keyPath] }
  }

  /// The child reactable that `keyPath` of the state holds, when it holds one.
  ///
  /// - Parameter keyPath: Where the state may hold the child.
  /// - Returns: The child, resolved again for each event.
  public func child<Child: Reactable>(
    _ keyPath: KeyPath<State, Child?>
  ) -> ReactableChild<Child> {
    let parent = parentReference()
    return ReactableChild { parent()?.currentState[keyPath: keyPath] ?? nil }
  }

  /// This reactable while it lives.
  private func parentReference() -> @MainActor () -> Self? {
    { [weak self] in self }
  }
}
