import Testing

@testable import Reductor

/// The debounce table on its own: entries by id in deadline order.
@Suite struct DebounceTableTests {
  private func pending(_ key: String) -> DebounceTable.Pending {
    DebounceTable.Pending(key: EffectKey(key), fire: { _ in }, tracker: nil)
  }

  @Test func entriesComeOffInDeadlineOrderAndInScheduleOrderAtOneInstant() {
    var table = DebounceTable()
    for (key, deadline) in [("late", 300), ("tie-1", 200), ("early", 100), ("tie-2", 200)] {
      _ = table.schedule(pending(key), at: .milliseconds(deadline))
    }
    let earliest = table.earliestDeadline()
    #expect(earliest == .milliseconds(100))
    var due: [EffectKey] = []
    while let entry = table.popDue(notAfter: .milliseconds(250)) { due.append(entry.pending.key) }
    #expect(due == ["early", "tie-1", "tie-2"].map(EffectKey.init))
    let next = table.earliestDeadline()
    #expect(table.count == 1)
    #expect(next == .milliseconds(300))
  }

  @Test func removedEntriesAreSkipped() {
    var table = DebounceTable()
    let first = table.schedule(pending("a"), at: .milliseconds(100))
    _ = table.schedule(pending("b"), at: .milliseconds(200))
    let removed = [table.remove(first), table.remove(first)].map { $0?.key }
    #expect(removed == [EffectKey("a"), nil])
    #expect(table[first] == nil)
    let earliest = table.earliestDeadline()
    #expect(earliest == .milliseconds(200))
    let early = table.popDue(notAfter: .milliseconds(150))
    let due = table.popDue(notAfter: .milliseconds(200))
    #expect(early == nil)
    #expect(due?.pending.key == EffectKey("b"))
    let afterwards = table.earliestDeadline()
    #expect(table.count == 0)
    #expect(afterwards == nil)
  }
}
