/// An effect that had not finished when ``ReducerStore/finishEffects(timeout:fileID:line:)``
/// stopped waiting: one running, or one waiting for its debounce, its throttle window or its queue
/// to start it.
public struct InFlightEffect: Sendable, Hashable, CustomStringConvertible {
  /// Where the effect stands.
  public enum Stage: Sendable, Hashable {
    /// Its task runs.
    case running
    /// It waits for its key to go quiet; see ``Effect/debounced(for:key:)``.
    case debouncing
    /// It waits, as the trailing effect of a `latest: true` throttle, for its window to end.
    case throttling
    /// It waits in its queue (``EffectLifetime/queued(_:_:)``): for a place, or for its turn
    /// to start after the queue's delay.
    case queued
  }

  /// Where the effect stands.
  public let stage: Stage
  /// The lifetime it runs with. A debounced or throttled effect that has not started waits under
  /// its key, shown as ``EffectLifetime/replaceable(_:)`` of that key.
  public let lifetime: EffectLifetime
  /// The action whose send began the work the effect belongs to, as `String(describing:)`
  /// shows it; for an effect started by an action an effect delivered, the action first sent.
  public let startedBy: String
  /// Where the running or queued effect was made, as `fileID:line` (`Feature/Search.swift:42`):
  /// the place of its `.run` or `.stream`. Nil for an effect made of others (a concatenation, a
  /// merge) and for a debounced or throttled one that waits under a key.
  public let location: String?

  /// Creates the description of an effect in flight, for comparing with what a store returned.
  ///
  /// - Parameters:
  ///   - stage: Where the effect stands.
  ///   - lifetime: The lifetime it runs with, or waits under.
  ///   - startedBy: The action whose send began its work, as `String(describing:)` shows it.
  ///   - location: Where the running effect was made, as `fileID:line`; nil when not one place.
  public init(
    stage: Stage, lifetime: EffectLifetime, startedBy: String, location: String? = nil
  ) {
    self.stage = stage
    self.lifetime = lifetime
    self.startedBy = startedBy
    self.location = location
  }

  /// For example `Feature/Counter.swift:42: replaceable("save"), running, started by send(save)`.
  public var description: String {
    let effect = "\(lifetime), \(stage), started by send(\(startedBy))"
    return location.map { "\($0): \(effect)" } ?? effect
  }
}

extension [InFlightEffect] {
  /// The effects as the store's diagnostics list them: `2 effects in flight:`, then a line for
  /// each, for a report of your own.
  ///
  /// ```swift
  /// let stillRunning = await store.finishEffects(timeout: .seconds(5))
  /// if !stillRunning.isEmpty { logger.warning(stillRunning.summary) }
  /// ```
  public var summary: String {
    let effects = count == 1 ? "1 effect" : "\(count) effects"
    return "\(effects) in flight:" + map { "\n  • \($0)" }.joined()
  }
}
