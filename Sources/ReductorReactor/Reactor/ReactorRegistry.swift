/// Where each live reactor's runtime is kept, since the protocol adds no stored property to the
/// reactor's class.
///
/// Runtimes are keyed by the reactor's object identifier and type. They hold the reactor weakly,
/// and its memory too (see ``ReactorReducer``), so no other object can have the address of a
/// runtime's reactor: a reactor that asks for its runtime by address gets its own. The runtime of
/// a reactor that was deinitialized is released when its work next reduces something, or by the
/// next sweep: making a runtime sweeps once the number of runtimes has doubled since the last
/// sweep's survivors, so the runtimes of released reactors never outnumber the live ones for
/// long, and making one costs O(1) amortized. Main actor only, like the reactors.
@MainActor
@usableFromInline
enum ReactorRegistry {
  @usableFromInline
  struct Key: Hashable, Sendable {
    @usableFromInline let object: ObjectIdentifier
    @usableFromInline let type: ObjectIdentifier

    @inlinable
    init<R: Reactor>(_ reactor: R) {
      object = ObjectIdentifier(reactor)
      type = ObjectIdentifier(R.self)
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
    // The key's type is `R`, so the runtime is a `ReactorRuntime<R>`.
    if let lastRuntime, lastKey == Key(reactor) {
      return unsafeDowncast(lastRuntime, to: ReactorRuntime<R>.self)
    }
    return lookUpRuntime(for: reactor)
  }

  /// The runtime of `reactor` when it is not the last one found; makes it if needed. Inlinable
  /// so that the store's reducer is specialized for the reactor's type, but never inlined.
  @inlinable
  @inline(never)
  static func lookUpRuntime<R: Reactor>(for reactor: R) -> ReactorRuntime<R> {
    let key = Key(reactor)
    if let found = existingRuntime(for: key) {
      let runtime = unsafeDowncast(found as AnyObject, to: ReactorRuntime<R>.self)
      remember(runtime, for: key)
      return runtime
    }
    sweepIfDue()
    let runtime = ReactorRuntime(reactor: reactor, key: key)
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
    if runtimes.count >= sweepThreshold { releaseRuntimesOfDeinitializedReactors() }
  }

  /// Releases the runtimes whose reactor is gone, and with them their stores and their work.
  static func releaseRuntimesOfDeinitializedReactors() {
    runtimes = runtimes.filter { $0.value.isReactorAlive }
    sweepThreshold = max(16, 2 * runtimes.count)
    if let lastKey, runtimes[lastKey] == nil { forgetLastRuntime() }
  }

  /// Releases the runtime of the reactor `key` names, if that reactor is gone.
  @usableFromInline
  static func releaseRuntime(of key: Key) {
    guard let runtime = runtimes[key], !runtime.isReactorAlive else { return }
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

/// What the registry asks of every runtime, whatever its reactor's type.
@MainActor
@usableFromInline
protocol ReactorRuntimeProtocol: AnyObject {
  /// Whether the reactor has not been deinitialized.
  var isReactorAlive: Bool { get }
}

extension ReactorRuntime: ReactorRuntimeProtocol {
  @usableFromInline
  var isReactorAlive: Bool {
    reducer.reactor != nil
  }
}
