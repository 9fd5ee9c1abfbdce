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
      _ = table.schedule(pending(key), at: .ms(deadline))
    }
    let earliest = table.earliestDeadline()
    #expect(earliest == .ms(100))
    var due: [EffectKey] = []
    while let entry = table.popDue(notAfter: .ms(250)) { due.append(entry.pending.key) }
    #expect(due == ["early", "tie-1", "tie-2"].map(EffectKey.init))
    let next = table.earliestDeadline()
    #expect(table.count == 1)
    #expect(next == .ms(300))
  }

  @Test func removedEntriesAreSkipped() {
    var table = DebounceTable()
    let first = table.schedule(pending("a"), at: .ms(100))
    _ = table.schedule(pending("b"), at: .ms(200))
    let removed = [table.remove(first), table.remove(first)].map { $0?.key }
    #expect(removed == [EffectKey("a"), nil])
    #expect(table[first] == nil)
    let earliest = table.earliestDeadline()
    #expect(earliest == .ms(200))
    let early = table.popDue(notAfter: .ms(150))
    let due = table.popDue(notAfter: .ms(200))
    #expect(early == nil)
    #expect(due?.pending.key == EffectKey("b"))
    let afterwards = table.earliestDeadline()
    #expect(table.count == 0)
    #expect(afterwards == nil)
  }
}
