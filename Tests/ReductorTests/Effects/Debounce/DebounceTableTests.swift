import Testing

@testable import Reductor

/// The debounce table on its own: entries wait in deadline order, fire, and are dropped or
/// taken to start.
@Suite struct DebounceTableTests {
  private func pending(_ key: String) -> DebounceTable.Pending {
    DebounceTable.Pending(key: EffectKey(key), fire: { _ in }, tracker: nil)
  }

  /// A table with timer 0 sleeping.
  private func table() -> DebounceTable {
    var table = DebounceTable()
    table.timer = DebounceTable.Timer(id: 0, task: Task {}, deadline: .zero)
    return table
  }

  @Test func entriesFireInDeadlineOrderAndInScheduleOrderAtOneInstant() {
    var table = table()
    for (key, deadline) in [("late", 300), ("tie-1", 200), ("early", 100), ("tie-2", 200)] {
      _ = table.schedule(pending(key), at: .milliseconds(deadline))
    }
    let fired = table.fire(timer: 0, now: .milliseconds(250))
    #expect(fired.due.map(\.pending.key) == ["early", "tie-1", "tie-2"].map(EffectKey.init))
    #expect(fired.nextDeadline == .milliseconds(300))
    #expect(table.waitingCount == 1)
    #expect(table.timer?.deadline == .milliseconds(300))
  }

  @Test func droppedEntriesAreSkipped() {
    var table = table()
    let first = table.schedule(pending("a"), at: .milliseconds(100))
    _ = table.schedule(pending("b"), at: .milliseconds(200))
    let drops = [table.drop(first), table.drop(first)]
    #expect(drops.map { $0.timer == nil } == [true, true])
    #expect(table.tracker(of: first) == nil)
    let early = table.fire(timer: 0, now: .milliseconds(150))
    #expect(early.due.isEmpty)
    #expect(early.nextDeadline == .milliseconds(200))
    let due = table.fire(timer: 0, now: .milliseconds(200))
    #expect(due.due.map(\.pending.key) == [EffectKey("b")])
    #expect(due.nextDeadline == nil)
    #expect(table.waitingCount == 0)
    #expect(table.timer == nil)
  }

  @Test func theLastWaitingEntryDroppedTakesTheTimer() {
    var table = table()
    let timer = table.timer?.task
    let entry = table.schedule(pending("a"), at: .milliseconds(100))
    let dropped = table.drop(entry)
    #expect(dropped.timer == timer)
    #expect(table.timer == nil)
  }

  @Test func aFiringEntryIsTakenOnceAndADroppedOneNever() {
    var table = table()
    let taken = table.schedule(pending("a"), at: .milliseconds(100))
    let dropped = table.schedule(pending("b"), at: .milliseconds(100))
    let whileWaiting = table.takeFiring(taken)
    _ = table.fire(timer: 0, now: .milliseconds(100))
    _ = table.drop(dropped)
    let takes = [table.takeFiring(taken), table.takeFiring(taken), table.takeFiring(dropped)]
    #expect(!whileWaiting)
    #expect(takes == [true, false, false])
  }

  @Test func aReplacedTimerGetsNothing() {
    var table = table()
    _ = table.schedule(pending("a"), at: .milliseconds(100))
    let fired = table.fire(timer: 7, now: .milliseconds(100))
    #expect(fired.due.isEmpty)
    #expect(fired.nextDeadline == nil)
    #expect(table.waitingCount == 1)
  }
}
