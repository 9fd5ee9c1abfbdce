/// What a store scoped from this one needs to know about the root: which object to keep alive,
/// and how to tell whether the root's state changed since a projection was made.
@usableFromInline
@MainActor
protocol ScopeSource: AnyObject {
  /// The root store, kept alive by every store scoped from it.
  var scopeRoot: AnyObject { get }
  /// Whether projections may be kept until the root reduces another action (value states).
  var isScopeCacheable: Bool { get }
  /// Registers an observation access on the root's state and returns its reduced-action count.
  var scopeVersion: () -> UInt64 { get }
}
