// Observing a store on an actor: the same observers as a main-actor store's (`Store+Observing`),
// called on the store's actor right after each action its root reduces, in the order they
// subscribed. A store on an actor has no outside changes: its state changes only when it reduces.

extension ActorStore {
  /// Calls `onChange` with the value at `keyPath` now, and then right after each reduced action
  /// that changed it, on the store's actor, until the returned token is cancelled or released.
  ///
  /// ```swift
  /// observation = store.observe(\.occupancy) { occupancy in log(occupancy) }
  /// ```
  ///
  /// It behaves as ``Store/observe(_:_:)``: the callback runs inside the reduction, an action it
  /// sends is reduced after the current one, and observers are called in the order they were
  /// made.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - onChange: Called with the current value, and with each new one.
  /// - Returns: The token that keeps the observation going; it keeps the store alive.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping (Value) -> Void
  ) -> ObservationToken {
    let observer = ChangeObserver(keyPath, in: state, onChange: onChange)
    onChange(observer.last)
    let subscription = ReductionSubscription()
    subscribe(subscription) { observer.receive($0) }
    return ObservationToken(subscription: subscription, keeping: self)
  }

  /// The value at `keyPath` now, then each value different from the previous one, read after
  /// each reduced action, as a stream any task can iterate; see ``Store/values(of:buffering:)``.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - buffering: How many values not taken yet the stream keeps, and which; all by default.
  /// - Returns: The stream of values.
  @inlinable
  public func values<Value: Equatable & Sendable>(
    of keyPath: KeyPath<State, Value>,
    buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> StateStream<Value> {
    stream(buffering: buffering) { $0.feedingChanges(of: keyPath, from: state) }
  }

  /// A stream fed by the function `start` returns, called on the store's actor with this store's
  /// state after each action the root reduces. What a job of the actor adds reaches the consumer
  /// when the job is over.
  @inlinable
  func stream<Element: Sendable>(
    buffering: AsyncStream<Element>.Continuation.BufferingPolicy,
    start: (StreamBuffer<Element>) -> (UnsafePointer<State>) -> Void
  ) -> StateStream<Element> {
    // Releasing a root ends its streams; a scoped store's keep it.
    StateStream(
      buffering: buffering, runtime: runtime, followsOutsideChanges: false,
      keeping: kernel == nil ? self : nil, subscribe: { subscribe($0, call: $1) }, start: start)
  }
}

extension ActorStore where State: Sendable {
  /// The current state, then the state after every reduced action, in order, none dropped, as a
  /// stream any task can iterate; see ``Store/states``.
  ///
  /// ```swift
  /// for await state in await room.states {
  ///   print(state.messages.count)
  /// }
  /// ```
  ///
  /// A consumer on another task is woken once per job of the store's actor, and then takes what
  /// the job's actions yielded. The stream of a root store ends when the store is released; the
  /// stream of a scoped store keeps it alive until the iteration ends.
  @inlinable
  public var states: StateStream<State> {
    states(buffering: .unbounded)
  }

  /// ``states``, with the stream's buffering policy; see ``Store/states(buffering:)``.
  ///
  /// - Parameter buffering: How many states not taken yet the stream keeps, and which.
  /// - Returns: The stream of states.
  @inlinable
  public func states(
    buffering: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> StateStream<State> {
    stream(buffering: buffering) { $0.feedingStates(from: state) }
  }
}
