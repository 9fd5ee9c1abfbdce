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
  /// The runtime of the owner, once made; set once.
  @usableFromInline var runtime: AnyObject?
  /// `runtime`, not retained, for the owner's sends: reading `runtime` retains and releases it.
  /// The storage keeps it.
  @usableFromInline var unretainedRuntime: Unmanaged<AnyObject>?
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

  /// Calls `body` with the runtime of `owner`, made at its first use, not retained: the caller
  /// keeps `owner` alive, which keeps this storage, which keeps the runtime. For the owner's
  /// sends, which would otherwise retain and release the runtime every time.
  @inlinable
  func withRuntime<Shape: ReactorShape, Result>(
    _: Shape.Type, for owner: Shape.Owner, _ body: (ReactorRuntime<Shape>) -> Result
  ) -> Result {
    if let unretainedRuntime, self.owner == ObjectIdentifier(owner),
      withUnretained(unretainedRuntime, { type(of: $0) == ReactorRuntime<Shape>.self })
    {
      return withUnretained(unretainedRuntime) {
        body(unsafeDowncast($0, to: ReactorRuntime<Shape>.self))
      }
    }
    return body(otherRuntime(Shape.self, for: owner))
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
      unretainedRuntime = .passUnretained(made)
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
