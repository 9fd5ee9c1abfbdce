/// How long an effect may run, relative to its store and to other effects.
///
/// | lifetime | meaning |
/// |---|---|
/// | ``storeBound`` (default) | cancelled when the store is deinitialized |
/// | ``replaceable(_:)`` | starting it cancels the in-flight effect with the same key in the same store; also cancelled when the store is deinitialized |
/// | ``cancellable(_:)`` | runs beside the other effects with the same key; cancelled with them by ``Effect/cancel(_:)`` of the key, by a replaceable effect with the key, and when the store is deinitialized |
/// | ``detached`` | keeps running after the store is gone; the actions it produces after that are dropped quietly |
public struct EffectLifetime: Hashable, Sendable, CustomStringConvertible {
  @usableFromInline
  enum Kind: Hashable, Sendable {
    case storeBound
    case replaceable(EffectKey)
    case cancellable(EffectKey)
    case detached
  }

  @usableFromInline let kind: Kind

  @usableFromInline
  init(kind: Kind) {
    self.kind = kind
  }

  /// Cancelled when the store that runs the effect is deinitialized. The default.
  @inlinable
  public static var storeBound: EffectLifetime {
    EffectLifetime(kind: .storeBound)
  }

  /// Not cancelled when the store is deinitialized; actions produced after that are dropped.
  @inlinable
  public static var detached: EffectLifetime {
    EffectLifetime(kind: .detached)
  }

  /// Cancels the effect already in flight under `key` in the same store when this one starts.
  ///
  /// Keys are scoped to one root store: two stores never cancel each other's effects. Replaceable
  /// effects and debounces share the store's keys, so a debounce and a replaceable effect with the
  /// same key replace each other.
  ///
  /// ```swift
  /// return .run(lifetime: .replaceable("search")) { .results(try await api.search(query)) }
  /// ```
  ///
  /// - Parameter key: Any hashable, sendable value; strings and enum cases work well.
  /// - Returns: The lifetime.
  public static func replaceable(_ key: some Hashable & Sendable) -> EffectLifetime {
    EffectLifetime(kind: .replaceable(EffectKey(key)))
  }

  /// Registers the effect under `key` without cancelling what runs there: a second one runs
  /// beside the first, and ``Effect/cancel(_:)`` of the key cancels them all (TCA's
  /// `cancellable(id:cancelInFlight: false)`).
  ///
  /// A ``replaceable(_:)`` effect or a debounce with the same key cancels them too, as it takes
  /// the key over. Keys are scoped to one root store, as replaceable ones are.
  ///
  /// ```swift
  /// return .run(lifetime: .cancellable("delay")) {
  ///   try await EffectContext.clock.sleep(for: .seconds(1))
  ///   return .delayedIncrement
  /// }
  /// ```
  ///
  /// - Parameter key: Any hashable, sendable value; strings and enum cases work well.
  /// - Returns: The lifetime.
  public static func cancellable(_ key: some Hashable & Sendable) -> EffectLifetime {
    EffectLifetime(kind: .cancellable(EffectKey(key)))
  }

  /// A readable description, such as `replaceable("search")`.
  public var description: String {
    switch kind {
    case .storeBound: "storeBound"
    case .detached: "detached"
    case .replaceable(let key): "replaceable(\(key))"
    case .cancellable(let key): "cancellable(\(key))"
    }
  }
}
