/// Composing effects: in sequence, concurrently, and rate-limited on the store's clock.
///
/// Children keep their own lifetimes inside a composition: a ``EffectLifetime/replaceable(_:)``
/// child is registered under its key while it runs (so `.cancel(key)` reaches it), and a
/// ``EffectLifetime/detached`` child is not cancelled with its parent.
extension Effect {
  /// Runs `effects` one after another, in order: each starts when the previous one finished.
  /// Cancelling the whole stops the running child and skips the rest.
  ///
  /// ```swift
  /// return .concat {
  ///   Effect.run { .saved(try await api.save(draft)) }
  ///   Effect.run { .reloaded(try await api.load()) }
  /// }
  /// ```
  ///
  /// - Parameter effects: The children, in order. An empty block is ``none``.
  /// - Returns: The composed effect.
  public static func concat(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    concat(effects())
  }

  /// Runs `effects` one after another, in order.
  ///
  /// - Parameter effects: The children, in order. An empty array is ``none``.
  /// - Returns: The composed effect.
  public static func concat(_ effects: [Effect]) -> Effect {
    combine(effects, into: Operation.concat)
  }

  /// Runs this effect, then `other` once this one has finished.
  ///
  /// - Parameter other: The effect to run next.
  /// - Returns: The composed effect.
  public func concat(_ other: Effect) -> Effect {
    if case .concat(let effects) = operation, lifetime == .storeBound {
      return .concat(effects + [other])
    }
    return .concat([self, other])
  }

  /// Runs `effects` concurrently; the whole is done when every child is done.
  ///
  /// ```swift
  /// return .merge {
  ///   Effect.run { .profileLoaded(try await api.profile()) }
  ///   Effect.run { .postsLoaded(try await api.posts()) }
  /// }
  /// ```
  ///
  /// - Parameter effects: The children. An empty block is ``none``.
  /// - Returns: The composed effect.
  public static func merge(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    merge(effects())
  }

  /// Runs `effects` concurrently.
  ///
  /// - Parameter effects: The children. An empty array is ``none``.
  /// - Returns: The composed effect.
  public static func merge(_ effects: [Effect]) -> Effect {
    combine(effects, into: Operation.merge)
  }

  /// Runs this effect and `other` concurrently.
  ///
  /// - Parameter other: The effect to run alongside.
  /// - Returns: The composed effect.
  public func merge(_ other: Effect) -> Effect {
    if case .merge(let effects) = operation, lifetime == .storeBound {
      return .merge(effects + [other])
    }
    return .merge([self, other])
  }

  /// Runs the leading effect for `key` at once and drops the others with that key until
  /// `interval`, measured on the store's clock from the leading one, has passed.
  ///
  /// ```
  /// interval 1 s     0     300    900   1000   1500  (ms)
  /// effects          a      b      c      d      e
  /// runs             a                    d
  /// ```
  ///
  /// A zero or negative interval does not throttle: every effect runs.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window. Keys are scoped to one root store.
  ///   - effects: The work; several effects run merged.
  /// - Returns: The throttled effect.
  public static func throttle(
    for interval: Duration,
    key: some Hashable & Sendable,
    @EffectBuilder<Action> _ effects: () -> [Effect]
  ) -> Effect {
    merge(effects()).throttled(for: interval, key: key)
  }

  /// This effect, throttled: see ``throttle(for:key:_:)``.
  ///
  /// - Parameters:
  ///   - interval: How long after a leading effect others with the key are dropped.
  ///   - key: Which effects share the window.
  /// - Returns: The throttled effect.
  public func throttled(for interval: Duration, key: some Hashable & Sendable) -> Effect {
    guard !isNone else { return self }
    return Effect(operation: .throttle(interval: interval, key: EffectKey(key), self))
  }

  /// Waits until `interval` has passed with no newer effect for `key`, then runs only the latest.
  ///
  /// Each new effect for the key restarts the wait and cancels the older one, whether it is still
  /// waiting or already running.
  ///
  /// ```
  /// interval 300 ms  0     100    200          500  (ms)
  /// effects          a      b      c
  /// runs                                        c
  /// ```
  ///
  /// A zero or negative interval does not wait, but a newer effect still replaces an older one
  /// that is running. `.cancel(key)` cancels a pending or running debounced effect.
  ///
  /// - Parameters:
  ///   - interval: How long the key must stay quiet.
  ///   - key: Which effects replace one another. Keys are scoped to one root store.
  ///   - effects: The work; several effects run merged.
  /// - Returns: The debounced effect.
  public static func debounce(
    for interval: Duration,
    key: some Hashable & Sendable,
    @EffectBuilder<Action> _ effects: () -> [Effect]
  ) -> Effect {
    merge(effects()).debounced(for: interval, key: key)
  }

  /// This effect, debounced: see ``debounce(for:key:_:)``.
  ///
  /// - Parameters:
  ///   - interval: How long the key must stay quiet.
  ///   - key: Which effects replace one another.
  /// - Returns: The debounced effect.
  public func debounced(for interval: Duration, key: some Hashable & Sendable) -> Effect {
    guard !isNone else { return self }
    return Effect(operation: .debounce(interval: interval, key: EffectKey(key), self))
  }

  private static func combine(
    _ effects: [Effect], into operation: ([Effect]) -> Operation
  ) -> Effect {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default: return Effect(operation: operation(effects))
    }
  }
}
