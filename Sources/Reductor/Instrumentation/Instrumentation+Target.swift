extension Instrumentation {
  /// Chosen stages of chosen actions, emitted as ``TargetEvent``s to
  /// ``Instrumentation/onTargetEvent`` in the build configurations it names: a release-safe
  /// hook for metrics.
  ///
  /// ```swift
  /// let target = Instrumentation.Target<SearchAction>(
  ///   .init(rawValue: "search.query"), observing: [.effect], emittingIn: .all
  /// ) { action in
  ///   guard case .queryChanged = action else { return false }
  ///   return true
  /// }
  /// ```
  ///
  /// The stages of one action share one ``TargetEvent/cycle``. The predicate is called on the
  /// thread that sends or enqueues the action, and only while a handler is installed.
  public struct Target<Action>: Sendable {
    /// The name a target's events carry.
    public typealias ID = TargetID

    /// The name its events carry.
    public let id: ID
    /// The stages it observes.
    public let stages: Set<Stage>
    /// The build configurations in which it emits.
    public let emission: Emission
    /// Whether an action is one it observes.
    public let matches: @Sendable (Action) -> Bool

    /// Creates a target.
    ///
    /// - Parameters:
    ///   - id: The name its events carry.
    ///   - stages: The stages it observes; all of them by default.
    ///   - emission: The build configurations in which it emits; all by default.
    ///   - matches: Whether an action is one it observes; every action by default.
    public init(
      _ id: ID,
      observing stages: Set<Stage> = Set(Stage.allCases),
      emittingIn emission: Emission = .all,
      where matches: @escaping @Sendable (Action) -> Bool = { _ in true }
    ) {
      self.id = id
      self.stages = stages
      self.emission = emission
      self.matches = matches
    }

    /// Whether it emits in this build of Reductor.
    var emitsInThisBuild: Bool {
      #if DEBUG
      emission != .releaseOnly
      #else
      emission != .debugOnly
      #endif
    }
  }

  /// The name of a ``Target``, carried by its events.
  public struct TargetID: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The name.
    public let rawValue: String

    /// Creates a name.
    ///
    /// - Parameter rawValue: The name, such as `"search.query"`.
    public init(rawValue: String) {
      self.rawValue = rawValue
    }

    /// The name.
    public var description: String {
      rawValue
    }
  }

  /// The build configurations in which a ``Target`` emits: those of Reductor, `DEBUG` or not.
  public enum Emission: Sendable, Hashable {
    /// Only when Reductor is compiled with `DEBUG`.
    case debugOnly
    /// Only when Reductor is compiled without `DEBUG`.
    case releaseOnly
    /// In every build.
    case all
  }

  /// A stage of a targeted action starting or ending, for ``Instrumentation/onTargetEvent``.
  public struct TargetEvent: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the stage.
    public enum Kind: Sendable, Hashable {
      /// The stage started.
      case started
      /// The stage ended after the duration given.
      case finished(Duration)
      /// The stage was cancelled after the duration given: only an ``Stage/effect`` is, when any
      /// of its work was cancelled (by its key, its `StoreTask`, or the store's end).
      case cancelled(Duration)
    }

    /// The target whose stage this is.
    public let target: TargetID
    /// The action's cycle: the same for every stage of one action.
    public let cycle: UInt64
    /// The stage.
    public let stage: Stage
    /// The store's label.
    public let store: String
    /// What happened.
    public let kind: Kind

    /// The event in one line: `search.query #12 effect finished 3.2ms (search)`.
    public var description: String {
      let what: String
      switch kind {
      case .started: what = "started"
      case .finished(let duration): what = "finished \(Milliseconds(duration))"
      case .cancelled(let duration): what = "cancelled \(Milliseconds(duration))"
      }
      return "\(target) #\(cycle) \(stage) \(what) (\(store))"
    }
  }
}
