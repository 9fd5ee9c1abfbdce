import Observation

// Observing a store without SwiftUI: every function here subscribes to the root store's
// reductions, in the order subscriptions were made, and reads this store's state (a scoped
// store's projection) right after each reduced action.

extension Store {
  /// Calls `onChange` with the value at `keyPath` now, and then right after each reduced action
  /// that changed it, on the main actor, until the returned token is cancelled or released.
  ///
  /// ```swift
  /// observation = counter.observe(\.line) { line in print(line) }
  /// ```
  ///
  /// The value is compared with the one read after the previous action, so it works for class
  /// (`@Observable`) states too. The callback runs inside the reduction: an action it sends is
  /// buffered and reduced after the current one, so observers see "enter A, exit A, enter B,
  /// exit B". Observers are called in the order they were made. A callback that sends an action
  /// each time it is called keeps the store reducing, one action after another; the buffer is a
  /// FIFO, so nothing recurses, but nothing ends either.
  ///
  /// - Parameters:
  ///   - keyPath: The value to observe.
  ///   - onChange: Called with the current value, and with each new one.
  /// - Returns: The token that keeps the observation going; it keeps the store alive.
  @inlinable
  public func observe<Value: Equatable>(
    _ keyPath: KeyPath<State, Value>,
    _ onChange: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let observer = ChangeObserver(keyPath, in: state, onChange: onChange)
    onChange(observer.last)
    return observeReductions { observer.receive($0) }
  }

  /// Calls `onPulse` with the value of the pulse at `keyPath` right after each reduced action
  /// that assigned it, the same value included, on the main actor, until the returned token is
  /// cancelled or released. It is not called for the value the pulse holds now.
  ///
  /// ```swift
  /// observation = store.observe(pulse: \.$message) { message in show(message) }
  /// ```
  ///
  /// - Parameters:
  ///   - keyPath: The pulse to observe, as its projected value: `\.$message`.
  ///   - onPulse: Called with the value of each reduced action that assigned the pulse.
  /// - Returns: The token that keeps the observation going; it keeps the store alive.
  @inlinable
  public func observe<Value>(
    pulse keyPath: KeyPath<State, Pulse<Value>>,
    _ onPulse: @escaping @MainActor (Value) -> Void
  ) -> ObservationToken {
    let reader = StateReader(keyPath)
    let lastCount = LastRead(reader.read(state).valueUpdatedCount)
    return observeReductions { state in
      let pulse = reader.read(state)
      guard pulse.valueUpdatedCount != lastCount.value else { return }
      lastCount.value = pulse.valueUpdatedCount
      onPulse(pulse.wrappedValue)
    }
  }

  /// Calls `call` with this store's state after each action the root reduces, until the token
  /// ends.
  @inlinable
  func observeReductions(_ call: @escaping (UnsafePointer<State>) -> Void) -> ObservationToken {
    let subscription = ReductionSubscription()
    subscribe(subscription, call: call)
    return ObservationToken(subscription: subscription, keeping: self)
  }

  /// Adds `call`, with (a pointer to) this store's state, to the root's subscriptions until
  /// `subscription` ends; a store of your own is watched through Observation instead.
  @inlinable
  func subscribe(
    _ subscription: ReductionSubscription, call: @escaping (UnsafePointer<State>) -> Void
  ) {
    if let root = self as? ReducerStore<State, Action> {
      // The root hands its state to its own subscriptions, without an Observation access.
      root.subscribe(subscription, call: call)
    } else if let observing = (self as? any ScopeSource<Action>)?.scopeParent.observing {
      // The root keeps the subscription; the token or the stream keeps this store alive.
      observing.subscribe(subscription) { [weak self] in
        if let self { withUnsafePointer(to: self.state, call) }
      }
    } else {
      ObservationFallback(store: self, subscription: subscription) { [weak self] in
        if let self { withUnsafePointer(to: self.state, call) }
      }.watch()
    }
  }
}

extension Store where State: Sendable {
  /// The current state, then the state after every reduced action, in order, none dropped.
  ///
  /// Each read makes an independent subscription, which starts at once; ending the iteration, or
  /// cancelling its task, ends it. A scoped store yields its projection, and the stream keeps the
  /// root store alive until its iteration ends; a root store's stream ends when the store is
  /// released.
  ///
  /// ```swift
  /// for await state in store.states {
  ///   render(state)
  /// }
  /// ```
  ///
  /// It yields after every action, also those that changed nothing (``Store/values(of:buffering:)``
  /// yields only changes), but the ones the root store declared effect-only
  /// (``ReducerStore/effectOnlyActions(_:)``); a class state yields the same instance each time.
  /// Elements wait in the stream's buffer until the consumer takes them, so a consumer slower
  /// than the store costs one state per action it has not taken yet; ``Store/states(buffering:)``
  /// with `.bufferingNewest(1)` keeps only the newest, which is what a rendering loop wants. A
  /// consumer on another thread is woken once per job of the main actor, and then takes what the
  /// job's actions yielded (see ``StateStream``).
  @inlinable
  public var states: StateStream<State> {
    states(buffering: .unbounded)
  }

  /// ``Store/states``, with the stream's buffering policy, as `AsyncStream`'s:
  /// `.bufferingNewest(n)` keeps the newest `n` states the consumer has not taken,
  /// `.bufferingOldest(n)` the oldest `n`, and `.unbounded` (as ``Store/states``) keeps them all.
  ///
  /// - Parameter buffering: How many states not taken yet the stream keeps, and which.
  /// - Returns: The stream of states.
  @inlinable
  public func states(
    buffering: AsyncStream<State>.Continuation.BufferingPolicy
  ) -> StateStream<State> {
    // Every reduced state, and only those: a change outside a reduction is not one.
    stream(buffering: buffering, followsOutsideChanges: false) { $0.feedingStates(from: state) }
  }
}

extension Store {
  /// The value at `keyPath` now, then each value different from the previous one, read after
  /// each reduced action: `[0, 1, 2, 3]` for actions that increment, increment, change nothing,
  /// increment.
  ///
  /// ```swift
  /// for await count in store.values(of: \.count) {
  ///   print(count)
  /// }
  /// ```
  ///
  /// The subscription starts at once and ends with the iteration; see ``Store/states`` for how long
  /// it keeps the store alive and what buffering costs.
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

  /// The value of the pulse at `keyPath` once for each reduced action that assigned it, the same
  /// value included, from the subscription on; the value it holds now is not yielded.
  ///
  /// ```swift
  /// for await message in store.pulses(of: \.$message) {
  ///   show(message)
  /// }
  /// ```
  ///
  /// The subscription starts at once and ends with the iteration; see ``Store/states`` for how long
  /// it keeps the store alive and what buffering costs.
  ///
  /// - Parameters:
  ///   - keyPath: The pulse to observe, as its projected value: `\.$message`.
  ///   - buffering: How many values not taken yet the stream keeps, and which; all by default.
  /// - Returns: The stream of assigned values.
  @inlinable
  public func pulses<Value: Sendable>(
    of keyPath: KeyPath<State, Pulse<Value>>,
    buffering: AsyncStream<Value>.Continuation.BufferingPolicy = .unbounded
  ) -> StateStream<Value> {
    stream(buffering: buffering) { buffer in
      let reader = StateReader(keyPath)
      let lastCount = LastRead(reader.read(state).valueUpdatedCount)
      return { state in
        let pulse = reader.read(state)
        guard pulse.valueUpdatedCount != lastCount.value else { return }
        lastCount.value = pulse.valueUpdatedCount
        buffer.append(pulse.wrappedValue)
      }
    }
  }

  /// A stream fed by the function `start` returns, called with this store's state after each
  /// action the root reduces; `start` runs at once (to add what the stream starts with). What a
  /// main-actor job adds reaches the consumer when the job is over (`StreamBuffer`).
  @inlinable
  func stream<Element: Sendable>(
    buffering: AsyncStream<Element>.Continuation.BufferingPolicy,
    followsOutsideChanges: Bool = true,
    start: (StreamBuffer<Element>) -> (UnsafePointer<State>) -> Void
  ) -> StateStream<Element> {
    // A root's own streams must not keep it alive: releasing it ends them.
    StateStream(
      buffering: buffering, runtime: nil, followsOutsideChanges: followsOutsideChanges,
      keeping: self is ReducerStore<State, Action> ? nil : self,
      subscribe: { subscribe($0, call: $1) }, start: start)
  }
}

/// Watches a store of your own, which has no root subscriptions, through Observation: `call`
/// runs on the main actor after each change of the state that Observation reports, until the
/// subscription ends. Observation reports changes just before they are made and coalesces them,
/// so such a store's observers see the state once per turn of the main actor in which it changed.
@usableFromInline
@MainActor
struct ObservationFallback<S: Store>: Sendable {
  let store: S
  let subscription: ReductionSubscription
  let call: @MainActor () -> Void

  @usableFromInline
  init(store: S, subscription: ReductionSubscription, call: @escaping () -> Void) {
    self.store = store
    self.subscription = subscription
    // Only ever called on the main actor, where the store's own observers run.
    nonisolated(unsafe) let call = call
    self.call = { call() }
  }

  @usableFromInline
  func watch() {
    withObservationTracking {
      _ = store.state
    } onChange: { [self] in
      Task { @MainActor in
        guard !subscription.isEnded else { return }
        call()
        watch()
      }
    }
  }
}
