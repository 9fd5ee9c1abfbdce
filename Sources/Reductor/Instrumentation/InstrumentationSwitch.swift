#if DEBUG
/// The stores that follow the global switch (``Instrumentation/enabledByDefault`` and
/// ``Instrumentation/filter``): those without options of their own. A store follows from when it
/// is made; when the switch moves, each is instrumented or not again in the main actor's next
/// turn. Nothing on a store's send path looks at the switch.
///
/// Debug builds only: in release builds, the default instrumentation a store would get from the
/// switch measures nothing and has no target, so no store follows.
enum InstrumentationSwitch {
  /// A store that follows, held weakly, with how it applies the switch.
  private struct Follower {
    weak var store: AnyObject?
    let typeName: String
    let apply: @MainActor (_ isOn: Bool) -> Void
  }

  private struct Followers: @unchecked Sendable {
    // Unchecked: the followers' `apply` functions are main-actor functions, only called there.
    var byStore: [ObjectIdentifier: Follower] = [:]
    /// The count at which the followers of released stores are looked for and forgotten.
    var pruneAt = 64
  }

  private static let followers = Locked(Followers())

  /// Makes `store`, of type name `typeName`, follow the switch with `apply`, and applies it now.
  @MainActor
  static func follow(
    _ store: AnyObject, typeName: String, apply: @escaping @MainActor (_ isOn: Bool) -> Void
  ) {
    followers.withLock { followers in
      followers.byStore[ObjectIdentifier(store)] = Follower(
        store: store, typeName: typeName, apply: apply)
      guard followers.byStore.count >= followers.pruneAt else { return }
      followers.byStore = followers.byStore.filter { $0.value.store != nil }
      followers.pruneAt = max(64, followers.byStore.count * 2)
    }
    apply(Instrumentation.isSwitchedOn(forType: typeName))
  }

  /// Makes `store` stop following the switch: it has options of its own.
  static func stopFollowing(_ store: AnyObject) {
    _ = followers.withLock { $0.byStore.removeValue(forKey: ObjectIdentifier(store)) }
  }

  /// The switch moved: applies it to every store that follows, in the main actor's next turn.
  static func moved() {
    let application = Task { @MainActor in applyToFollowers() }
    lastApplication.withLock { $0 = application }
  }

  /// The application of the last move of the switch.
  private static let lastApplication = Locked<Task<Void, Never>?>(nil)

  /// Returns once the last move of the switch reached the stores; for tests.
  static func applied() async {
    await lastApplication.value?.value
  }

  @MainActor
  private static func applyToFollowers() {
    let current = followers.withLock { followers in
      followers.byStore = followers.byStore.filter { $0.value.store != nil }
      return Array(followers.byStore.values)
    }
    for follower in current where follower.store != nil {
      follower.apply(Instrumentation.isSwitchedOn(forType: follower.typeName))
    }
  }
}
#endif
