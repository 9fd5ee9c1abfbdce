/// A type-erased, sendable effect key, compared the way `AnyHashable` compares (so `1` and
/// `UInt8(1)` are the same key).
///
/// The `AnyHashable` and its hash are made once, when the key is made, and kept in one object:
/// the runtime copies and compares a key several times per keyed effect, and a copy of an
/// `AnyHashable` copies its box through the boxed type's witnesses, while a comparison casts the
/// other box's value, a run-time metadata lookup. A copy of the key is a retain, and the copies
/// of one key compare equal by identity, without looking into the values; keys made apart
/// compare their hashes, then their values.
@usableFromInline
struct EffectKey: Hashable, Sendable, CustomStringConvertible {
  private final class Storage: Sendable {
    /// Wraps a `Sendable` value (see `init`), so sharing it across threads is safe.
    nonisolated(unsafe) let value: AnyHashable
    let hash: Int

    init(_ value: AnyHashable) {
      self.value = value
      self.hash = value.hashValue
    }
  }

  private let storage: Storage

  init(_ base: some Hashable & Sendable) {
    storage = Storage(AnyHashable(base))
  }

  private var value: AnyHashable {
    storage.value
  }

  @usableFromInline
  static func == (lhs: EffectKey, rhs: EffectKey) -> Bool {
    lhs.storage === rhs.storage
      || (lhs.storage.hash == rhs.storage.hash && lhs.storage.value == rhs.storage.value)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(storage.hash)
  }

  /// The key as a key in a child's namespace, if it is one.
  var scopedKey: ScopedEffectKey? {
    value.base as? ScopedEffectKey
  }

  /// The value the key was made from.
  var base: Any {
    value.base
  }

  @usableFromInline
  var description: String {
    if let string = value.base as? String { return "\"\(string)\"" }
    return String(describing: value.base)
  }
}
