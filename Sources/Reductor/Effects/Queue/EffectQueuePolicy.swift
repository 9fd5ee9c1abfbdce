/// How a queue of effects runs the effects that name it: how many at once, which ones when more
/// arrive, and how far apart they start. Given to ``EffectLifetime/queued(_:_:)``.
///
/// ```swift
/// return .run(lifetime: .queued("uploads", .oldest(2, whenFull: .suspendNew))) {
///   .uploaded(try await upload(photo))
/// }
/// ```
///
/// | policy | the queue holds `count` effects; one more arrives |
/// |---|---|
/// | ``newest(_:delay:)`` | the oldest it holds is cancelled, and the new one runs |
/// | ``oldest(_:whenFull:delay:)`` with ``Overflow/suspendNew`` | the new one waits, and starts when a place frees, in the order of arrival |
/// | ``oldest(_:whenFull:delay:)`` with ``Overflow/discardNew`` | the new one is dropped: it never runs |
///
/// With a `delay`, the effects of the queue start in the order they got their place, each at
/// least `delay` after the previous start, on the store's clock. Actomaton users know these as
/// `EffectQueuePolicy.runNewest(maxCount:)`, `.runOldest(maxCount:_:)` and
/// `EffectQueueDelay.constant(_:)`.
public struct EffectQueuePolicy: Hashable, Sendable, CustomStringConvertible {
  /// What an ``EffectQueuePolicy/oldest(_:whenFull:delay:)`` queue does with an effect that
  /// arrives when the queue is full.
  public enum Overflow: Hashable, Sendable {
    /// The effect waits for a place: it starts when an effect of the queue finishes or is
    /// cancelled, after the effects that waited before it. It counts as in flight while it
    /// waits.
    case suspendNew
    /// The effect is dropped: it never runs, and is not in flight.
    case discardNew
  }

  /// Which effects a full queue keeps.
  enum Keeps: Hashable, Sendable {
    case newest
    case oldest(Overflow)
  }

  let keeps: Keeps
  /// How many effects run at once, as given: a count below one is reported where the effect
  /// starts, and runs as one (see ``checked``).
  let count: Int
  /// The least time between two starts, as given: a negative one is reported, and runs as zero.
  let delay: Duration

  /// Runs the newest `count` effects of the queue: one that arrives when the queue holds
  /// `count` cancels the oldest of them, whether it runs or waits for its turn.
  ///
  /// `.newest(1)` is ``EffectLifetime/replaceable(_:)``'s behaviour, with a queue of its own.
  ///
  /// - Parameters:
  ///   - count: How many effects run at once; at least one.
  ///   - delay: The least time between the starts of two effects of the queue, on the store's
  ///     clock; none by default.
  /// - Returns: The policy.
  public static func newest(_ count: Int, delay: Duration = .zero) -> EffectQueuePolicy {
    EffectQueuePolicy(keeps: .newest, count: count, delay: delay)
  }

  /// Runs the oldest `count` effects of the queue: one that arrives when the queue holds `count`
  /// waits for a place (``Overflow/suspendNew``) or is dropped (``Overflow/discardNew``).
  ///
  /// - Parameters:
  ///   - count: How many effects run at once; at least one.
  ///   - overflow: What happens to an effect that arrives when the queue is full.
  ///   - delay: The least time between the starts of two effects of the queue, on the store's
  ///     clock; none by default.
  /// - Returns: The policy.
  public static func oldest(
    _ count: Int, whenFull overflow: Overflow, delay: Duration = .zero
  ) -> EffectQueuePolicy {
    EffectQueuePolicy(keeps: .oldest(overflow), count: count, delay: delay)
  }

  /// The policy as it is written, such as `oldest(2, whenFull: .suspendNew)`.
  public var description: String {
    let delay = delay == .zero ? "" : ", delay: \(delay)"
    switch keeps {
    case .newest: return "newest(\(count)\(delay))"
    case .oldest(.suspendNew): return "oldest(\(count), whenFull: .suspendNew\(delay))"
    case .oldest(.discardNew): return "oldest(\(count), whenFull: .discardNew\(delay))"
    }
  }

  /// The policy a queue runs: a count below one raised to one, a negative delay raised to zero;
  /// with what was wrong, to report, or nil when nothing was.
  var checked: (policy: EffectQueuePolicy, problem: String?) {
    var problems: [String] = []
    if count < 1 { problems.append("a count of \(count) runs no effect; it runs as 1") }
    if delay < .zero { problems.append("a negative delay (\(delay)) runs as none") }
    guard !problems.isEmpty else { return (self, nil) }
    let policy = EffectQueuePolicy(keeps: keeps, count: max(count, 1), delay: max(delay, .zero))
    return (policy, problems.joined(separator: "; "))
  }
}
