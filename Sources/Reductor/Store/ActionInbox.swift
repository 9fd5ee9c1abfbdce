public import Synchronization

/// The thread-safe entrance to a store's action buffer.
///
/// Effects and other threads append here without blocking. An append when no drain is scheduled
/// calls the store's wake-up, which schedules one drain on the store's owner (or, on a manual
/// clock, tells the clock that actions arrived); appends meanwhile schedule nothing more, however
/// many arrive, until that drain starts. A drain takes every pending action at once, oldest
/// first; the store reduces them in batches, and schedules the next drain itself if it leaves
/// some behind. Per producer, order is kept because appends happen under one lock.
@usableFromInline
final class ActionInbox<Action: Sendable>: Sendable {
  // `append` is inlinable, like the store's send path, so producers append without run-time
  // metadata lookups; what it touches is therefore `@usableFromInline`.

  @usableFromInline typealias Entry = ActionQueue<Action>.Entry

  @usableFromInline
  struct State: Sendable {
    @usableFromInline var entries: [Entry] = []
    /// Whether a drain was scheduled (the wake-up called) and has not started yet.
    @usableFromInline var isDrainScheduled = false
    @usableFromInline var isClosed = false
    @usableFromInline var wake: (@Sendable () -> Void)?
    /// The marking extensions' marker, which marks an action as it arrives, and what they do
    /// with the marks of an action dropped.
    @usableFromInline var marker: (@Sendable (Action) -> (any AnyObject & Sendable)?)?
    var dropped: (@Sendable (any AnyObject & Sendable) -> Void)?

    @usableFromInline
    init() {}
  }

  @usableFromInline let state = Locked(State())
  /// Mirrors `!entries.isEmpty` so the owner can check for pending entries without the lock.
  @usableFromInline let hasEntriesFlag = Atomic(false)
  /// Mirrors whether `marker` is set, so that an append checks it without the lock.
  @usableFromInline let marks = Atomic(false)

  @usableFromInline
  init() {}

  /// Sets the function called when an action arrives in an empty inbox.
  @usableFromInline
  func setWake(_ wake: @escaping @Sendable () -> Void) {
    state.withLock { $0.wake = wake }
  }

  /// Sets the functions that mark arriving actions and hear of dropped ones, or removes them.
  @usableFromInline
  func setMarker(
    _ marker: (@Sendable (Action) -> (any AnyObject & Sendable)?)?,
    dropped: (@Sendable (any AnyObject & Sendable) -> Void)?
  ) {
    state.withLock { state in
      state.marker = marker
      state.dropped = dropped
      marks.store(marker != nil, ordering: .releasing)
    }
  }

  @usableFromInline
  var hasEntries: Bool {
    hasEntriesFlag.load(ordering: .acquiring)
  }

  /// Appends an action, behind `gate` if an effect task delivers it; returns `false` (and drops
  /// it) when the store is gone.
  @inlinable
  @discardableResult
  func append(_ action: Action, tracker: EffectTracker?, gate: EffectGate? = nil) -> Bool {
    let mark = marks.load(ordering: .acquiring) ? self.mark(action) : nil
    let (accepted, wake) = state.withLock {
      state -> (Bool, (@Sendable () -> Void)?) in
      guard !state.isClosed else { return (false, nil) }
      tracker?.begin()
      gate?.countDelivery()
      // Written when it changes only: producers that append while entries wait touch no more
      // than the lock.
      if state.entries.isEmpty { hasEntriesFlag.store(true, ordering: .releasing) }
      state.entries.append(Entry(action: action, tracker: tracker, mark: mark, gate: gate))
      guard !state.isDrainScheduled else { return (true, nil) }
      state.isDrainScheduled = true
      return (true, state.wake)
    }
    wake?()
    return accepted
  }

  /// Marks an arriving action, outside the lock (a target's predicate runs). No mark once the
  /// store is gone: its actions are dropped.
  @usableFromInline
  func mark(_ action: Action) -> (any AnyObject & Sendable)? {
    state.withLock { $0.isClosed ? nil : $0.marker }?(action)
  }

  /// Takes every pending entry, oldest first.
  @inlinable
  func takeAll() -> [Entry] {
    state.withLock { state in
      hasEntriesFlag.store(false, ordering: .releasing)
      var taken: [Entry] = []
      swap(&taken, &state.entries)
      return taken
    }
  }

  /// A scheduled drain starts: from now on, an append schedules the next one.
  @usableFromInline
  func drainStarted() {
    state.withLock { $0.isDrainScheduled = false }
  }

  /// Schedules a drain unless one is scheduled: a drain that stops after a batch calls it, so
  /// that the rest is reduced in a later turn of the owner.
  @usableFromInline
  func requestDrain() {
    let wake = state.withLock { state -> (@Sendable () -> Void)? in
      guard !state.isDrainScheduled else { return nil }
      state.isDrainScheduled = true
      return state.wake
    }
    wake?()
  }

  /// Hands the marks of an action dropped instead of reduced to the extensions that marked it.
  func dropped(_ mark: any AnyObject & Sendable) {
    state.withLock { $0.dropped }?(mark)
  }

  /// Refuses further actions and drops the pending ones with `drop`.
  func close(dropping drop: (Entry) -> Void) {
    let entries = state.withLock { state in
      state.isClosed = true
      state.wake = nil
      hasEntriesFlag.store(false, ordering: .releasing)
      return exchange(&state.entries, with: [])
    }
    for entry in entries { drop(entry) }
  }
}

func exchange<Value>(_ value: inout Value, with newValue: Value) -> Value {
  let old = value
  value = newValue
  return old
}
