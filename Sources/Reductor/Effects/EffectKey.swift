/// A type-erased, sendable effect key. `AnyHashable` is not `Sendable`, so keys keep their
/// sendable base and compare through `AnyHashable` only when needed.
@usableFromInline
struct EffectKey: Hashable, Sendable, CustomStringConvertible {
  let base: any Hashable & Sendable

  init(_ base: some Hashable & Sendable) {
    self.base = base
  }

  @usableFromInline
  static func == (lhs: EffectKey, rhs: EffectKey) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(AnyHashable(base))
  }

  @usableFromInline
  var description: String {
    if let string = base as? String { return "\"\(string)\"" }
    return String(describing: base)
  }
}
