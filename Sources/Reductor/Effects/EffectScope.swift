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
  func scoped(in scope: some Hashable & Sendable) -> Effect {
    let scope = EffectKey(scope)
    return run(by: { $0.scoped(in: scope) }, delivering: { $0 })
  }

  /// An effect that cancels every effect of the child `scope`, and of its children.
  ///
  /// - Parameter scope: The child's key.
  /// - Returns: The cancelling effect.
  @usableFromInline
  static func cancelScope(_ scope: some Hashable & Sendable) -> Effect {
    let scope = EffectKey(scope)
    return cancelScopes { $0.scopedKey?.scope == scope }
  }

  /// An effect that cancels what runs or waits under the keys `picks` picks: the effects of
  /// children.
  static func cancelScopes(where picks: @escaping @Sendable (EffectKey) -> Bool) -> Effect {
    doing { runner in runner.cancelScopes(where: picks) }
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
