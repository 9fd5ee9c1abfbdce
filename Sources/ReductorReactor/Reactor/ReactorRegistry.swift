/// Where the runtime of each live reactor, reactable and async reactor is kept, since their
/// protocols add no stored property to the adopting class.
///
/// Runtimes are keyed by the object's identifier and the runtime's type. They hold the object
/// weakly, and its memory too (see ``ReactorReducer``), so no other object can have the address
/// of a runtime's object: an object that asks for its runtime by address gets its own. The
/// runtime of an object that was deinitialized is released when its work next reduces something,
/// or by the next sweep: making a runtime sweeps once the number of runtimes has doubled since the
/// last sweep's survivors, so the runtimes of released objects never outnumber the live ones for
/// long, and making one costs O(1) amortized. Main actor only, like the protocols.
@MainActor
@usableFromInline
enum ReactorRegistry {
  @usableFromInline
  struct Key: Hashable, Sendable {
    @usableFromInline let object: ObjectIdentifier
    @usableFromInline let type: ObjectIdentifier

    @inlinable
    init<Runtime: ReactorRuntimeProtocol>(_ owner: Runtime.Owner, _: Runtime.Type) {
      object = ObjectIdentifier(owner)
      type = ObjectIdentifier(Runtime.self)
    }
  }

  static var runtimes: [Key: any ReactorRuntimeProtocol] = [:]
  /// How many runtimes there may be before making one sweeps.
  static var sweepThreshold = 16
  /// The runtime found last, and its key: a reactor sends and reads many times in a row.
  @exclusivity(unchecked) @usableFromInline static var lastKey: Key?
  @exclusivity(unchecked) @usableFromInline static var lastRuntime: AnyObject?

  /// The runtime of `reactor`, made at its first use.
  @inlinable
  static func runtime<R: Reactor>(for reactor: R) -> ReactorRuntime<R> {
    runtime(ReactorRuntime<R>.self, for: reactor)
  }

  /// The runtime of `owner`, of type `Runtime`, made at its first use.
  @inlinable
  static func runtime<Runtime: ReactorRuntimeProtocol>(
    _: Runtime.Type, for owner: Runtime.Owner
  ) -> Runtime {
    // The key's type is `Runtime`, so the runtime is one.
    if let lastRuntime, lastKey == Key(owner, Runtime.self) {
      return unsafeDowncast(lastRuntime, to: Runtime.self)
    }
    return lookUpRuntime(Runtime.self, for: owner)
  }

  /// The runtime of `owner` when it is not the last one found; makes it if needed. Inlinable so
  /// that the store's reducer is specialized for the owner's type, but never inlined.
  @inlinable
  @inline(never)
  static func lookUpRuntime<Runtime: ReactorRuntimeProtocol>(
    _: Runtime.Type, for owner: Runtime.Owner
  ) -> Runtime {
    let key = Key(owner, Runtime.self)
    if let found = existingRuntime(for: key) {
      let runtime = unsafeDowncast(found as AnyObject, to: Runtime.self)
      remember(runtime, for: key)
      return runtime
    }
    sweepIfDue()
    let runtime = Runtime(owner: owner, key: key)
    add(runtime, for: key)
    return runtime
  }

  @usableFromInline
  static func existingRuntime(for key: Key) -> (any ReactorRuntimeProtocol)? {
    runtimes[key]
  }

  @usableFromInline
  static func remember(_ runtime: AnyObject, for key: Key) {
    lastKey = key
    lastRuntime = runtime
  }

  @usableFromInline
  static func add(_ runtime: some ReactorRuntimeProtocol, for key: Key) {
    runtimes[key] = runtime
    remember(runtime, for: key)
  }

  /// Sweeps if the number of runtimes has reached the threshold.
  @usableFromInline
  static func sweepIfDue() {
    if runtimes.count >= sweepThreshold { releaseRuntimesOfDeinitializedOwners() }
  }

  /// Releases the runtimes whose owner is gone, and with them their stores and their work.
  static func releaseRuntimesOfDeinitializedOwners() {
    runtimes = runtimes.filter { $0.value.isOwnerAlive }
    sweepThreshold = max(16, 2 * runtimes.count)
    if let lastKey, runtimes[lastKey] == nil { forgetLastRuntime() }
  }

  /// Releases the runtime of the object `key` names, if that object is gone.
  @usableFromInline
  static func releaseRuntime(of key: Key) {
    guard let runtime = runtimes[key], !runtime.isOwnerAlive else { return }
    runtimes[key] = nil
    if lastKey == key { forgetLastRuntime() }
  }

  private static func forgetLastRuntime() {
    lastKey = nil
    lastRuntime = nil
  }

  /// The number of runtimes kept; for tests.
  static var count: Int {
    runtimes.count
  }
}

/// What the registry asks of every runtime, whatever its owner's type.
@MainActor
@usableFromInline
protocol ReactorRuntimeProtocol: AnyObject {
  /// The reactor, reactable or async reactor whose runtime this is.
  associatedtype Owner: AnyObject

  /// Makes the runtime of `owner`, kept under `key`.
  init(owner: Owner, key: ReactorRegistry.Key)

  /// Whether the owner has not been deinitialized.
  var isOwnerAlive: Bool { get }
}

extension ReactorRuntime: ReactorRuntimeProtocol {
  @usableFromInline
  var isOwnerAlive: Bool {
    reducer.reactor != nil
  }
}
