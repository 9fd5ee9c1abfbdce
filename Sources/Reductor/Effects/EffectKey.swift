/// A type-erased, sendable effect key, compared the way `AnyHashable` compares (so `1` and
/// `UInt8(1)` are the same key).
///
/// The `AnyHashable` and its hash are made once, when the key is made: the runtime looks keys up
/// several times per debounced or replaceable effect, and erasing a value to `AnyHashable`
/// costs run-time conformance lookups each time.
@usableFromInline
struct EffectKey: Hashable, Sendable, CustomStringConvertible {
  /// Wraps a `Sendable` value (see `init`), so sharing it across threads is safe.
  private nonisolated(unsafe) let value: AnyHashable
  private let hash: Int

  init(_ base: some Hashable & Sendable) {
    self.value = AnyHashable(base)
    self.hash = value.hashValue
  }

  @usableFromInline
  static func == (lhs: EffectKey, rhs: EffectKey) -> Bool {
    lhs.hash == rhs.hash && lhs.value == rhs.value
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(hash)
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
