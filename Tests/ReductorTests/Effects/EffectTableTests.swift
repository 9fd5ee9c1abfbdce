import Testing

@testable import Reductor

/// The effect runtime's bookkeeping on its own: no clock, no store, tasks that do nothing.
@Suite struct EffectTableTests {
  private let runtime = EffectRuntime(clock: ManualClock())
  private let search = EffectKey("search")

  private func tracker() -> EffectTracker {
    EffectTracker(runtime: runtime, action: "send")
  }

  /// The gate of a task, which the table closes when it cancels the task.
  private func gate() -> EffectGate {
    EffectGate(parent: nil, key: nil)
  }

  private func debounce(_ key: EffectKey, tracker: EffectTracker? = nil) -> DebounceTable.Pending {
    DebounceTable.Pending(key: key, fire: { _ in }, tracker: tracker)
  }

  /// Starts work and attaches its task, as the runtime does; returns the task, which the test
  /// expects to start.
  private func start(
    _ lifetime: EffectLifetime, in table: inout EffectTable, tracker: EffectTracker? = nil
  ) -> (task: Task<Void, Never>, cleanup: EffectTable.Cleanup) {
    let started = table.start(lifetime, tracker: tracker, gate: gate())
    let task = Task<Void, Never> {}
    let attached = table.attach(task, to: started.id!)
    #expect(attached)
    return (task, started.cleanup)
  }

  @Test func aReplaceableStartHoldsItsKeyAndTheNextOneCancelsIt() {
    var table = EffectTable()
    let first = start(.replaceable("search"), in: &table)
    #expect(table[search] == .running(task: 0))
    #expect(first.cleanup.tasksToCancel.isEmpty)

    let second = start(.replaceable("search"), in: &table)
    #expect(table[search] == .running(task: 1))
    #expect(second.cleanup.tasksToCancel == [first.task])
    #expect(table.runningCount == 2)

    _ = table.finish(0)  // the cancelled one ends: the key stays with the newer one
    #expect(table[search] == .running(task: 1))
    _ = table.finish(1)
    #expect(table[search] == nil)
    #expect(table.runningCount == 0)
  }

  @Test func storeBoundAndDetachedStartsHoldNoKey() {
    var table = EffectTable()
    var ids: [UInt64] = []
    for lifetime in [EffectLifetime.storeBound, .detached] {
      ids.append(table.start(lifetime, tracker: nil, gate: gate()).id!)
    }
    #expect(ids == [0, 1])
    #expect(table.runningCount == 2)
    #expect(table[search] == nil)
  }

  @Test func aNewerDebounceDropsTheOlderOneAndEndsItsTracker() throws {
    var table = EffectTable()
    let older = tracker()
    var timers: [UInt64] = []
    let scheduled = table.debounce(debounce(search, tracker: older), at: .milliseconds(300)) { id in
      timers.append(id)
      return Task {}
    }
    let first = try #require(scheduled)
    #expect(first.tasksToCancel.isEmpty && first.trackersToEnd.isEmpty)
    #expect(table[search] == .debounce(0))

    let rescheduled = table.debounce(debounce(search), at: .milliseconds(400)) { id in
      timers.append(id)
      return Task {}
    }
    let second = try #require(rescheduled)
    #expect(second.trackersToEnd.map(ObjectIdentifier.init) == [ObjectIdentifier(older)])
    #expect(table[search] == .debounce(1))
    #expect(table.pendingDebounceCount == 1)
    #expect(timers == [0])  // the timer sleeping until 300 ms wakes early enough for 400 ms
  }

  @Test func aDebounceDueEarlierReplacesTheTimer() throws {
    var table = EffectTable()
    var timers: [UInt64: Task<Void, Never>] = [:]
    let makeTimer = { (id: UInt64) -> Task<Void, Never> in
      let task = Task {}
      timers[id] = task
      return task
    }
    _ = table.debounce(debounce(EffectKey("slow")), at: .milliseconds(500), makeTimer: makeTimer)
    let scheduled = table.debounce(
      debounce(EffectKey("fast")), at: .milliseconds(150), makeTimer: makeTimer)
    let cleanup = try #require(scheduled)
    #expect(timers.keys.sorted() == [0, 1])
    #expect(cleanup.tasksToCancel == [timers[0]!])

    // The replaced timer wakes and gets nothing; the new one fires both, in deadline order.
    let replaced = table.fireDebounces(timer: 0, now: .milliseconds(500))
    #expect(replaced.due.isEmpty)
    let fired = table.fireDebounces(timer: 1, now: .milliseconds(500))
    #expect(fired.due.map(\.pending.key) == [EffectKey("fast"), EffectKey("slow")])
    #expect(fired.nextDeadline == nil)
  }

  @Test func aDebounceCancelsTheTaskRunningUnderItsKey() throws {
    var table = EffectTable()
    let running = start(.replaceable("search"), in: &table)
    let scheduled = table.debounce(debounce(search), at: .milliseconds(300)) { _ in Task {} }
    let cleanup = try #require(scheduled)
    #expect(cleanup.tasksToCancel == [running.task])
    #expect(table[search] == .debounce(0))
  }

  @Test func aReplaceableStartDropsThePendingDebounceUnderItsKey() {
    var table = EffectTable()
    let waiting = tracker()
    _ = table.debounce(debounce(search, tracker: waiting), at: .milliseconds(300)) { _ in Task {} }
    let started = start(.replaceable("search"), in: &table)
    #expect(started.cleanup.trackersToEnd.map(ObjectIdentifier.init) == [ObjectIdentifier(waiting)])
    #expect(table[search] == .running(task: 0))
    #expect(table.pendingDebounceCount == 0)
  }

  @Test func fireTakesOffWhatIsDueAndSaysWhenToWakeNext() {
    var table = EffectTable()
    let first = tracker()
    for (name, deadline) in [("a", 100), ("b", 100), ("c", 250)] {
      _ = table.debounce(
        debounce(EffectKey(name), tracker: name == "a" ? first : nil), at: .milliseconds(deadline)
      ) { _ in Task {} }
    }
    let fired = table.fireDebounces(timer: 0, now: .milliseconds(100))
    #expect(fired.due.map(\.id) == [0, 1])  // at one instant, in the order scheduled
    #expect(fired.nextDeadline == .milliseconds(250))
    #expect(table[EffectKey("a")] == .debounce(0))
    #expect(table[EffectKey("c")] == .debounce(2))
    #expect(table.pendingDebounceCount == 1)
  }

  @Test func aFiredDebounceStartsOnlyWhileItsKeyIsStillFiringIt() {
    var table = EffectTable()
    _ = table.debounce(debounce(search), at: .milliseconds(100)) { _ in Task {} }
    _ = table.fireDebounces(timer: 0, now: .milliseconds(100))
    let started = table.start(.replaceable("search"), tracker: nil, gate: gate(), firedDebounce: 0)
    #expect(started.id == 0)
    #expect(table[search] == .running(task: 0))

    // A newer debounce is scheduled and fires; a cancel comes before the timer starts it.
    _ = table.debounce(debounce(search), at: .milliseconds(200)) { _ in Task {} }
    _ = table.fireDebounces(timer: 1, now: .milliseconds(200))
    let cancelled = table.cancel(search)
    #expect(cancelled.tasksToCancel.isEmpty)
    let late = table.start(.replaceable("search"), tracker: nil, gate: gate(), firedDebounce: 1)
    #expect(late.id == nil)
    #expect(table[search] == nil)
  }

  /// The debounce timer goes with the last pending debounce, so nothing sleeps on the clock for
  /// a deadline that no longer matters.
  @Test func theTimerStopsWithTheLastPendingDebounce() {
    var table = EffectTable()
    let timer = Task<Void, Never> {}
    _ = table.debounce(debounce(search), at: .seconds(60)) { _ in timer }
    _ = table.debounce(debounce(EffectKey("other")), at: .seconds(60)) { _ in Task {} }
    let first = table.cancel(search)
    let last = table.cancel(EffectKey("other"))
    #expect(first.tasksToCancel.isEmpty)
    #expect(last.tasksToCancel == [timer])
  }

  @Test func takeFiredFreesTheKeyOnceForTheEntryItFires() {
    var table = EffectTable()
    _ = table.debounce(debounce(search), at: .milliseconds(100)) { _ in Task {} }
    _ = table.fireDebounces(timer: 0, now: .milliseconds(100))
    let taken = [7, 0, 0].map { table.takeFired($0, key: search) }
    #expect(taken == [false, true, false])
    #expect(table[search] == nil)
  }

  /// A fired debounced `.send` holds its key until its action is reduced: a newer debounce
  /// under the key closes the gate, and the action is dropped where it is reduced.
  @Test func aFiredSendHoldsItsKeyUntilItsActionIsReduced() {
    var table = EffectTable()
    _ = table.debounce(debounce(search), at: .milliseconds(100)) { _ in Task {} }
    _ = table.fireDebounces(timer: 0, now: .milliseconds(100))
    let gate = EffectGate(parent: nil, key: search)
    _ = gate.finish()
    let taken = table.takeFired(0, key: search, delivering: gate)
    #expect(taken)
    #expect(table[search] == .delivering(gate))
    _ = table.debounce(debounce(search), at: .milliseconds(200)) { _ in Task {} }
    #expect(!gate.isOpen)
  }

  @Test func cancellingByTrackerReachesItsTasksAndDebouncesOnly() {
    var table = EffectTable()
    let cancelled = tracker()
    let kept = tracker()
    let mine = start(.storeBound, in: &table, tracker: cancelled)
    _ = start(.storeBound, in: &table, tracker: kept)
    _ = table.debounce(debounce(EffectKey("mine"), tracker: cancelled), at: .milliseconds(100)) {
      _ in
      Task {}
    }
    _ = table.debounce(debounce(EffectKey("theirs"), tracker: kept), at: .milliseconds(100)) { _ in
      Task {}
    }
    let cleanup = table.cancel(trackedBy: cancelled)
    #expect(cleanup.tasksToCancel == [mine.task])
    #expect(cleanup.trackersToEnd.map(ObjectIdentifier.init) == [ObjectIdentifier(cancelled)])
    #expect(table[EffectKey("mine")] == nil)
    #expect(table[EffectKey("theirs")] == .debounce(1))
  }

  @Test func cancelForgetsTheKeysThrottleWindowAndDropsItsTrailingEffect() {
    var table = EffectTable()
    let waiting = tracker()
    let timer = Task<Void, Never> {}
    let admissions = [0, 10].map { at in
      table.throttle(
        search, at: .milliseconds(at), interval: .seconds(1),
        trailing: ThrottleWindows.Trailing(start: {}, tracker: waiting)
      ) { _, _ in timer }
    }
    let cleanup = table.cancel(search)
    let afterCancel = table.throttle(
      search, at: .milliseconds(20), interval: .seconds(1), trailing: nil
    ) {
      _, _ in Task {}
    }
    guard case .lead = admissions[0], case .dropped = admissions[1], case .lead = afterCancel
    else { return #expect(Bool(false)) }
    #expect(cleanup.tasksToCancel == [timer])
    #expect(cleanup.trackersToEnd.map(ObjectIdentifier.init) == [ObjectIdentifier(waiting)])
  }

  /// After the close, a throttled effect that would wait for its window's end is not kept, so
  /// nothing counts it.
  @Test func aClosedTableKeepsNoTrailingEffect() {
    var table = EffectTable()
    let waiting = tracker()
    _ = table.close()
    _ = table.throttle(search, at: .zero, interval: .seconds(1), trailing: nil) { _, _ in
      Task {}
    }
    let trailing = ThrottleWindows.Trailing(start: {}, tracker: waiting)
    let admission = table.throttle(
      search, at: .milliseconds(10), interval: .seconds(1), trailing: trailing
    ) {
      _, _ in
      Issue.record("a closed table makes no timer")
      return Task {}
    }
    guard case .dropped(kept: false, nil, nil) = admission else { return #expect(Bool(false)) }
  }

  @Test func closingCancelsAllButDetachedWorkAndRefusesMore() throws {
    var table = EffectTable()
    let waiting = tracker()
    let bound = start(.storeBound, in: &table)
    let keyed = start(.replaceable("search"), in: &table)
    _ = start(.detached, in: &table)
    var timer: Task<Void, Never>?
    _ = table.debounce(debounce(EffectKey("d"), tracker: waiting), at: .milliseconds(100)) { _ in
      timer = Task {}
      return timer!
    }

    let cleanup = table.close()
    #expect(Set(cleanup.tasksToCancel) == [bound.task, keyed.task, try #require(timer)])
    #expect(cleanup.trackersToEnd.map(ObjectIdentifier.init) == [ObjectIdentifier(waiting)])
    #expect(table[search] == nil)
    #expect(table.pendingDebounceCount == 0)
    #expect(table.isClosed)

    let refused = [EffectLifetime.storeBound, .replaceable("search")].map {
      table.start($0, tracker: nil, gate: gate()).id
    }
    let debounced = table.debounce(debounce(search), at: .milliseconds(1)) { _ in Task {} }
    let detached = table.start(.detached, tracker: nil, gate: gate())
    #expect(refused == [nil, nil])
    #expect(debounced == nil)
    #expect(detached.id != nil)
  }

  /// The runtime makes a task after the table registered it, outside the lock: a cancel that
  /// comes in between finds no task yet, and the attach tells the runtime to cancel it.
  @Test func aTaskCancelledBeforeItIsAttachedIsToBeCancelled() {
    var table = EffectTable()
    let started = table.start(.replaceable("search"), tracker: nil, gate: gate())
    let cancelled = table.cancel(search)
    #expect(cancelled.tasksToCancel.isEmpty)
    let attachedCancelled = table.attach(Task {}, to: started.id!)
    #expect(attachedCancelled == false)

    // Work that was not cancelled keeps its task, which a later cancel finds.
    let kept = table.start(.replaceable("search"), tracker: nil, gate: gate())
    let task = Task<Void, Never> {}
    let attached = table.attach(task, to: kept.id!)
    #expect(attached)
    #expect(table.cancel(search).tasksToCancel == [task])
  }

  @Test func aTaskThatFinishedBeforeItWasAttachedIsLeftAlone() {
    var table = EffectTable()
    let started = table.start(.storeBound, tracker: nil, gate: gate())
    _ = table.finish(started.id!)
    let attached = table.attach(Task {}, to: started.id!)
    #expect(attached)
    #expect(table.runningCount == 0)
  }
}
