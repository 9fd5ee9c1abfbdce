/// Queues of effects: a key names a queue, whose policy says how many of its effects run at
/// once, what happens to the others, and how far apart they start.
extension EffectLifetime {
  /// Runs the effect in the queue `key` names, as `policy` says: the newest or the oldest few of
  /// the queue's effects run at once; the others are cancelled, wait for a place, or are
  /// dropped; with a delay, their starts are spaced on the store's clock.
  ///
  /// ```
  /// .oldest(2, whenFull: .suspendNew, delay: 1 s), each effect 1.5 s of work
  /// time (ms)  0       1000    1500    2000    2500    3000    3500    4500
  /// effects    a b c d
  /// starts     a       b               c               d
  /// delivers                   a               b               c       d
  /// ```
  ///
  /// ```swift
  /// return .run(lifetime: .queued("thumbnails", .newest(3))) {
  ///   .thumbnail(id, try await render(id))
  /// }
  /// ```
  ///
  /// An effect that waits for its place or its turn counts as in flight: its send's
  /// ``StoreTask/finish()`` waits until it has run, or was cancelled, and
  /// ``ReducerStore/finishEffects(timeout:fileID:line:)`` lists it as
  /// ``InFlightEffect/Stage/queued``. One that is dropped, or cancelled while it waits, never
  /// starts. ``Effect/cancel(_:)`` of the key cancels every effect of the queue, running or
  /// waiting, and so does a ``replaceable(_:)`` effect or a debounce that takes the key over, as
  /// it does with ``cancellable(_:)`` effects; the queue's effects leave the key's other effects
  /// alone. Keys are scoped to one root store, as the other lifetimes' are.
  ///
  /// A queue runs by one policy: the one its effects name. An effect that names the queue with
  /// another policy while the queue holds effects runs by the queue's, and is reported as a
  /// ``StoreDiagnostic/Kind/invalidEffectQueuePolicy`` diagnostic; so is a count below one, or a
  /// negative delay, which runs as a count of one, or no delay. The store goes on either way.
  ///
  /// - Parameters:
  ///   - key: Any hashable, sendable value that names the queue; strings and enum cases work
  ///     well.
  ///   - policy: How many effects of the queue run at once, which, and how far apart they start.
  /// - Returns: The lifetime.
  public static func queued(
    _ key: some Hashable & Sendable, _ policy: EffectQueuePolicy
  ) -> EffectLifetime {
    EffectLifetime(kind: .queued(EffectKey(key), policy))
  }
}
