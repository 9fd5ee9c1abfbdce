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
/// object from then on.
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
    @usableFromInline let runtime: ObjectIdentifier

    @inlinable
    init(owner: ObjectIdentifier, runtime: ObjectIdentifier) {
      self.owner = owner
      self.runtime = runtime
    }
  }

  /// The runtime of `owner`, of type `Runtime`, made at its first use.
  @inlinable
  func runtime<Runtime: ReactorRuntimeProtocol>(
    _: Runtime.Type, for owner: Runtime.Owner
  ) -> Runtime {
    if let runtime, self.owner == ObjectIdentifier(owner), type(of: runtime) == Runtime.self {
      return unsafeDowncast(runtime, to: Runtime.self)
    }
    return otherRuntime(Runtime.self, for: owner)
  }

  /// The runtime of `owner` when it is not the one kept in `runtime`: made now, or of another
  /// shape, or of another owner. Inlinable so that the store's reducer is specialized for the
  /// owner's type, but never inlined.
  @inlinable
  @inline(never)
  func otherRuntime<Runtime: ReactorRuntimeProtocol>(
    _: Runtime.Type, for owner: Runtime.Owner
  ) -> Runtime {
    if runtime == nil {
      let made = Runtime(owner: owner)
      runtime = made
      self.owner = ObjectIdentifier(owner)
      return made
    }
    let key = Key(owner: ObjectIdentifier(owner), runtime: ObjectIdentifier(Runtime.self))
    if let found = others[key] { return unsafeDowncast(found, to: Runtime.self) }
    let made = Runtime(owner: owner)
    others[key] = made
    return made
  }
}

/// What a reactor's storage asks of every runtime, whatever its owner's type.
@MainActor
@usableFromInline
protocol ReactorRuntimeProtocol: AnyObject {
  /// The reactor, reactable or async reactor whose runtime this is.
  associatedtype Owner: AnyObject

  /// Makes the runtime of `owner`.
  init(owner: Owner)
}
