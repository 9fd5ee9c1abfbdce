/// What the library keeps for one reactor, reactable or async reactor: its store, made at its
/// first use, and the store's reducer. The adopting class stores it, so the store lives exactly
/// as long as the object:
///
/// ```swift
/// let reactorStorage = ReactorStorage()
/// ```
///
/// Releasing the object releases the storage, and with it the store, which cancels the object's
/// work at once: runs, fetches, debounces, subscriptions and `transformAction()` streams. A store
/// that something else still holds (a scoped store, an observation) reduces nothing for the
/// object from then on: each action sent to it is reported to its diagnostic handler, as a
/// `StoreDiagnostic` of kind `actionForReleasedOwner`.
///
/// Declare it as a stored `let` of the class, one per object. A storage that two objects share
/// (a `static` one) still gives each its own store, but keeps the second one's until the storage
/// goes.
@MainActor
public final class ReactorStorage {
  /// The runtime of the owner, once made.
  @usableFromInline var runtime: AnyObject?
  /// The owner the runtime was made for.
  @usableFromInline var owner: ObjectIdentifier?
  /// Runtimes of any other shape the owner adopts, or of other owners that share this storage.
  @usableFromInline var others: [Key: AnyObject] = [:]

  /// Creates the storage; the store is made at the owner's first use.
  public nonisolated init() {}

  @usableFromInline
  struct Key: Hashable, Sendable {
    @usableFromInline let owner: ObjectIdentifier
    @usableFromInline let shape: ObjectIdentifier

    @inlinable
    init(owner: ObjectIdentifier, shape: ObjectIdentifier) {
      self.owner = owner
      self.shape = shape
    }
  }

  /// The runtime of `owner`, whose store `Shape` reduces, made at its first use.
  @inlinable
  func runtime<Shape: ReactorShape>(
    _: Shape.Type, for owner: Shape.Owner
  ) -> ReactorRuntime<Shape> {
    if let runtime, self.owner == ObjectIdentifier(owner),
      type(of: runtime) == ReactorRuntime<Shape>.self
    {
      return unsafeDowncast(runtime, to: ReactorRuntime<Shape>.self)
    }
    return otherRuntime(Shape.self, for: owner)
  }

  /// The runtime of `owner` when it is not the one kept in `runtime`: made now, or of another
  /// shape, or of another owner. Inlinable so that the store's reducer is specialized for the
  /// owner's type, but never inlined.
  @inlinable
  @inline(never)
  func otherRuntime<Shape: ReactorShape>(
    _: Shape.Type, for owner: Shape.Owner
  ) -> ReactorRuntime<Shape> {
    if runtime == nil {
      let made = ReactorRuntime<Shape>(owner: owner)
      runtime = made
      self.owner = ObjectIdentifier(owner)
      return made
    }
    let key = Key(owner: ObjectIdentifier(owner), shape: ObjectIdentifier(Shape.self))
    if let found = others[key] { return unsafeDowncast(found, to: ReactorRuntime<Shape>.self) }
    let made = ReactorRuntime<Shape>(owner: owner)
    others[key] = made
    return made
  }
}
