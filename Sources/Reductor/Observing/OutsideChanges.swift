import Observation
public import Synchronization

/// A field of a state whose value is held by reference, so that it can change outside the
/// store's reductions: a shared value of `ReductorSharing`. Logs and diffs label it `name`, not
/// `_name`, and stores follow the changes of the value behind it.
///
/// Such a value is the same for every copy of every state that holds it, so a store's state
/// already shows a new value; what the store misses is telling its observers. A store that
/// follows outside changes (``OutsideChangeFollower``) finds the fields its state holds and
/// registers with each value's ``followers``; a change of the value schedules, on the main actor
/// soon, a refresh of the stores registered with it, and of no other: Observation is told that
/// their state changed, and the subscriptions that compare what they read (`observe`,
/// `values(of:)`, `pulses(of:)`) are called again. A `states` stream is not: it yields reduced
/// states, and there was no reduction. The changes of one turn of the main actor make one
/// refresh.
///
/// A test store asserts such values as it asserts the rest of the state: the state it kept from
/// before an action already shows the value after it, so it keeps each value's ``currentValue``
/// after each reduction, compares them, and runs its assertion closure inside
/// ``asserting(_:_:)``, where the field reads and changes an expected value instead.
package protocol HeldByReference {
  /// The stores that follow the value behind the field; the same for every field that holds
  /// that value, so its identity is the value's.
  var followers: OutsideChangeFollowers { get }
  /// The value's name in a test's failures, such as its key.
  var name: String { get }
  /// The value now.
  var currentValue: any Sendable { get }
  /// Whether two values of the field are equal; values that cannot be compared are equal.
  func isEqual(_ lhs: any Sendable, _ rhs: any Sendable) -> Bool
  /// Runs `body` as a test's assertion: in this task, reading a field whose value has an entry
  /// in `expected` (by the identity of its ``followers``) gives that entry, and changing the
  /// field changes the entry only.
  func asserting<Result>(
    _ expected: Locked<[ObjectIdentifier: any Sendable]>, _ body: () -> Result
  ) -> Result
}

/// The stores that follow one value held by reference, kept by the value: a change costs the
/// writer two atomic loads while a refresh is scheduled (and an exchange when it schedules one),
/// and schedules one refresh of these stores per turn of the main actor, however many changes
/// it makes.
@usableFromInline
package final class OutsideChangeFollowers: Sendable {
  /// A store, held weakly, and how it refreshes.
  private struct Follower: Sendable {
    weak var store: (any AnyObject & Sendable)?
    let refresh: @MainActor @Sendable () -> Void
  }

  /// Moves whenever a value held by reference is made or looked up: a state may hold a value it
  /// did not hold before, and following stores look again.
  @usableFromInline static let epoch = Atomic<UInt64>(0)

  private let followers = Locked<[ObjectIdentifier: Follower]>([:])
  @usableFromInline let isFollowed = Atomic(false)
  @usableFromInline let isScheduled = Atomic(false)

  package init() {}

  /// Notes that a value held by reference was made or looked up: a state may hold it now.
  package static func noteValueHeld() {
    epoch.wrappingAdd(1, ordering: .relaxed)
  }

  /// Whether the process has made a value held by reference: from then on, stores follow.
  @inlinable
  static var isInUse: Bool {
    epoch.load(ordering: .relaxed) != 0
  }

  /// Whether `value` holds a value by reference: looked for again only when the process made or
  /// looked up such a value since `epoch`, which it then moves on; otherwise `holds` is the
  /// answer of the last look.
  ///
  /// - Parameters:
  ///   - value: The value, a state.
  ///   - epoch: When `holds` was last looked for.
  ///   - holds: The last answer, updated when it is looked for again.
  @inlinable
  package static func lookForValuesHeldByReference(
    in value: @autoclosure () -> Any, since epoch: inout UInt64, holds: inout Bool
  ) {
    let now = self.epoch.load(ordering: .relaxed)
    guard now != epoch else { return }
    epoch = now
    holds = holdsValuesByReference(value())
  }

  /// Whether `value` holds a value by reference.
  @usableFromInline
  static func holdsValuesByReference(_ value: Any) -> Bool {
    !valuesHeldByReference(in: value).isEmpty
  }

  /// The epoch now: it moves whenever a value held by reference is made or looked up.
  @inlinable
  static var currentEpoch: UInt64 {
    epoch.load(ordering: .relaxed)
  }

  /// The values `value` holds by reference, by identity (that of their followers): its own
  /// fields, and those of the values in them, but no object other than `value` itself (another
  /// object's fields may be another thread's to change) and no `_$` field (an Observation
  /// registrar). Empty at once while the process has made no such value.
  package static func valuesHeldByReference(
    in value: Any
  ) -> [ObjectIdentifier: any HeldByReference] {
    var found: [ObjectIdentifier: any HeldByReference] = [:]
    if isInUse { collect(in: value, into: &found, depth: 0) }
    return found
  }

  private static func collect(
    in value: Any, into found: inout [ObjectIdentifier: any HeldByReference], depth: Int
  ) {
    if let field = value as? any HeldByReference {
      found[ObjectIdentifier(field.followers)] = field
      return
    }
    let mirror = Mirror(reflecting: value)
    guard depth < 32, mirror.displayStyle != .class || depth == 0 else { return }
    for child in mirror.children where child.label?.hasPrefix("_$") != true {
      collect(in: child.value, into: &found, depth: depth + 1)
    }
  }

  /// Tells the followers, on the main actor soon, that the value changed; callable from any
  /// thread.
  @inlinable
  package func didChange() {
    // Loaded before it is exchanged: while a refresh is scheduled, a run of changes then makes
    // no locked write each.
    guard isFollowed.load(ordering: .acquiring),
      !isScheduled.load(ordering: .acquiring),
      !isScheduled.exchange(true, ordering: .acquiringAndReleasing)
    else { return }
    scheduleRefresh()
  }

  @usableFromInline
  func scheduleRefresh() {
    Task { @MainActor in
      isScheduled.store(false, ordering: .releasing)
      let followers = followers.withLock { Array($0.values) }
      for follower in followers where follower.store != nil { follower.refresh() }
    }
  }

  /// Registers `store`, which refreshes with `refresh`.
  func add(_ store: any AnyObject & Sendable, refresh: @escaping @MainActor @Sendable () -> Void) {
    followers.withLock { followers in
      followers[ObjectIdentifier(store)] = Follower(store: store, refresh: refresh)
      isFollowed.store(true, ordering: .releasing)
    }
  }

  /// Unregisters `store`.
  func remove(_ store: AnyObject) {
    followers.withLock { followers in
      followers[ObjectIdentifier(store)] = nil
      isFollowed.store(!followers.isEmpty, ordering: .releasing)
    }
  }

  /// The stores registered; for tests.
  var stores: Set<ObjectIdentifier> {
    followers.withLock { Set($0.keys) }
  }
}

/// Follows the outside changes of the values a root store's state holds by reference, as the
/// store's extension: it registers the store with their ``OutsideChangeFollowers`` and, after a
/// reduction, when the process made or looked up such a value since it last looked (the state
/// may hold a new one), finds them in the state again.
///
/// A store installs it when its state holds such values: when it is made, if the state holds
/// some then, or when its observers (``StateObservers``) find that it has come to hold some. A
/// store whose state holds none pays nothing for the values the rest of the process holds.
/// Finding the values walks the state with `Mirror`.
@MainActor
final class OutsideChangeFollower<State, Action: Sendable>: @MainActor StoreExtension {
  private weak var store: ReducerStore<State, Action>?
  /// The values the state held at the last look, by identity.
  private var followed: [ObjectIdentifier: OutsideChangeFollowers] = [:]
  private var seenEpoch: UInt64

  init(store: ReducerStore<State, Action>, epoch: UInt64) {
    self.store = store
    self.seenEpoch = epoch
  }

  isolated deinit {
    for followers in followed.values { followers.remove(self) }
  }

  nonisolated var hooks: StoreHooks { .didReduce }

  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    let epoch = OutsideChangeFollowers.currentEpoch
    guard epoch != seenEpoch else { return }
    seenEpoch = epoch
    follow(Self.followersOfValuesHeldByReference(in: state))
  }

  /// Follows `found`, the values the state holds now, instead of those it held before.
  func follow(_ found: [ObjectIdentifier: OutsideChangeFollowers]) {
    for (id, followers) in followed where found[id] == nil { followers.remove(self) }
    for (id, followers) in found where followed[id] == nil {
      followers.add(self) { [weak self] in self?.store?.didChangeOutside() }
    }
    followed = found
  }

  /// The followers of the values `state` holds by reference, by identity.
  static func followersOfValuesHeldByReference(
    in state: State
  ) -> [ObjectIdentifier: OutsideChangeFollowers] {
    OutsideChangeFollowers.valuesHeldByReference(in: state).mapValues(\.followers)
  }
}

extension ReducerStore {
  /// Follows the outside changes of the values the state holds by reference, if the process
  /// has such values, the state holds some, and the store does not follow them yet.
  @usableFromInline
  func followOutsideChangesIfSharing() {
    guard OutsideChangeFollowers.isInUse,
      installedExtension(ofType: OutsideChangeFollower<State, Action>.self) == nil
    else { return }
    let epoch = OutsideChangeFollowers.currentEpoch
    let found = OutsideChangeFollower<State, Action>.followersOfValuesHeldByReference(
      in: currentState)
    guard !found.isEmpty else { return }
    let follower = OutsideChangeFollower(store: self, epoch: epoch)
    install(follower)
    follower.follow(found)
  }

  /// Tells Observation and the observers that follow outside changes that a value the state
  /// holds by reference changed.
  func didChangeOutside() {
    kernel.registrar.willSet(kernel, keyPath: kernel.stateKeyPath)
    kernel.registrar.didSet(kernel, keyPath: kernel.stateKeyPath)
    installedExtension(ofType: StateObservers<State, Action>.self)?
      .notify(currentState, outsideChange: true)
  }
}
