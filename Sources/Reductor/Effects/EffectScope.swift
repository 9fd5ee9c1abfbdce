/// The effects of one child — an optional child state, or one element of a collection — so
/// that they can be cancelled together when the child goes, and only those.
///
/// ``Effect/scoped(in:)`` namespaces every key inside a child's effect under the child's key
/// (two rows' `.replaceable(Key.tick)` are two keys), and gives each of its store-bound
/// effects a key of its own in the child's namespace, so that ``Effect/cancelScope(_:)`` finds
/// them: it cancels what runs or waits under every key of the namespace, nested children
/// included. A `.detached` effect of a child is left alone: it outlives its child as it
/// outlives its store.
extension Effect {
  /// This effect as the effect of the child `scope`: its keys in the child's namespace, and its
  /// store-bound work under keys of its own there.
  ///
  /// - Parameter scope: The child's key, unique among its siblings.
  /// - Returns: The scoped effect.
  @usableFromInline
  package func scoped(in scope: some Hashable & Sendable) -> Effect {
    scoped(in: EffectKey(scope), isTopLevel: true)
  }

  /// An effect that cancels every effect of the child `scope`, and of its children.
  ///
  /// - Parameter scope: The child's key.
  /// - Returns: The cancelling effect.
  @usableFromInline
  package static func cancelScope(_ scope: some Hashable & Sendable) -> Effect {
    let scope = EffectKey(scope)
    return Effect(operation: .cancelScopes { $0.scopedKey?.scope == scope })
  }

  /// `isTopLevel`: whether the store starts the effect as a task of its own (a store-bound one
  /// then gets a key); the effects inside a task run in it, and are cancelled with it.
  private func scoped(in scope: EffectKey, isTopLevel: Bool) -> Effect {
    let scopedLifetime = lifetime.scoped(in: scope, isTopLevel: isTopLevel)
    switch operation {
    case .none, .send:
      return self
    case .cancel(let key):
      return Effect(lifetime: lifetime, operation: .cancel(key.scoped(in: scope)))
    case .cancelScopes(let picks):
      // The keys it picks, among those of this child: a grandchild's, say.
      return Effect(
        lifetime: lifetime,
        operation: .cancelScopes { key in
          guard let scoped = key.scopedKey, scoped.scope == scope else { return false }
          return picks(scoped.key)
        })
    case .run:
      return Effect(lifetime: scopedLifetime, operation: operation)
    case .concat(let effects):
      return Effect(
        lifetime: scopedLifetime,
        operation: .concat(effects.map { $0.scoped(in: scope, isTopLevel: false) }))
    case .merge(let effects):
      return Effect(
        lifetime: scopedLifetime,
        operation: .merge(effects.map { $0.scoped(in: scope, isTopLevel: false) }))
    case .throttle(let interval, let key, let latest, let child):
      // The admitted child starts as the store starts the throttle: at the top, or in a task.
      return Effect(
        lifetime: lifetime,
        operation: .throttle(
          interval: interval, key: key.scoped(in: scope), latest: latest,
          child.scoped(in: scope, isTopLevel: isTopLevel)))
    case .debounce(let interval, let key, let child):
      // Registered under its key, and its child runs in its task.
      return Effect(
        lifetime: lifetime,
        operation: .debounce(
          interval: interval, key: key.scoped(in: scope),
          child.scoped(in: scope, isTopLevel: false)))
    case .deferred(let build):
      return Effect(
        lifetime: lifetime,
        operation: .deferred { build().scoped(in: scope, isTopLevel: isTopLevel) })
    }
  }
}

extension EffectLifetime {
  /// The lifetime of a child's effect: a key in the child's namespace for a replaceable one,
  /// and for a store-bound one started as a task of its own.
  fileprivate func scoped(in scope: EffectKey, isTopLevel: Bool) -> EffectLifetime {
    switch kind {
    case .storeBound where isTopLevel:
      EffectLifetime(kind: .replaceable(EffectKey(ChildTask()).scoped(in: scope)))
    case .replaceable(let key): EffectLifetime(kind: .replaceable(key.scoped(in: scope)))
    case .storeBound, .detached: self
    }
  }
}

/// A key in a child's namespace: the child's key, then the key the child's effect used.
struct ScopedEffectKey: Hashable, Sendable, CustomStringConvertible {
  let scope: EffectKey
  let key: EffectKey

  var description: String {
    "\(scope) › \(key)"
  }
}

/// The key of one store-bound task of a child: equal only to itself.
final class ChildTask: Hashable, Sendable, CustomStringConvertible {
  static func == (lhs: ChildTask, rhs: ChildTask) -> Bool {
    lhs === rhs
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(ObjectIdentifier(self))
  }

  var description: String {
    "task"
  }
}

extension EffectKey {
  /// This key in the namespace of the child `scope`.
  func scoped(in scope: EffectKey) -> EffectKey {
    EffectKey(ScopedEffectKey(scope: scope, key: self))
  }
}
