import Reductor
import Testing

/// A row of the tests: an id and a title.
private struct Row: Identifiable, Equatable, Hashable, Sendable {
  let id: Int
  var title: String
}

@Suite struct IdentifiedArrayTests {
  private let rows: IdentifiedArrayOf<Row> = [
    Row(id: 1, title: "a"), Row(id: 2, title: "b"), Row(id: 3, title: "c"),
  ]

  private func titles(_ rows: IdentifiedArrayOf<Row>) -> [String] {
    rows.map(\.title)
  }

  @Test func elementsAreInOrderAndFoundByID() {
    #expect(titles(rows) == ["a", "b", "c"])
    #expect(rows.ids == [1, 2, 3])
    #expect(rows[id: 2] == Row(id: 2, title: "b"))
    #expect(rows[id: 4] == nil)
    #expect(rows.index(id: 3) == 2)
    #expect(rows.contains(id: 1))
    #expect(!rows.contains(id: 9))
    #expect(rows[1].title == "b")
    #expect(rows.count == 3)
  }

  @Test func removingAtOffsetsRemovesThoseElements() {
    var rows = rows
    rows.remove(atOffsets: [0, 2])
    #expect(titles(rows) == ["b"])
    #expect(rows.index(id: 2) == 0)
    #expect(rows[id: 1] == nil)
    rows.remove(atOffsets: [])
    #expect(rows.ids == [2])
  }

  @Test func sortingKeepsEachElementFoundByItsID() {
    var rows = rows
    rows.sort { $0.title > $1.title }
    #expect(titles(rows) == ["c", "b", "a"])
    #expect(rows.index(id: 1) == 2)
    #expect(rows[id: 3]?.title == "c")
  }

  @Test func filteringGivesAnIdentifiedArray() {
    let kept: IdentifiedArrayOf<Row> = rows.filter { $0.id != 2 }
    #expect(kept.ids == [1, 3])
    #expect(kept.index(id: 3) == 1)
  }

  @Test func settingAnElementByPositionReplacesIt() {
    var rows = rows
    rows[1].title = "B"
    #expect(titles(rows) == ["a", "B", "c"])
    // Another id takes the place, and the element that had that id goes, as by id.
    rows[0] = Row(id: 3, title: "C")
    #expect(titles(rows) == ["C", "B"])
    #expect(rows.ids == [3, 2])
    #expect(rows[id: 1] == nil)
    #expect(rows.index(id: 2) == 1)
  }

  @Test func aLiteralWithARepeatedIDStopsTheProcess() async {
    await #expect(processExitsWith: .failure) {
      let rows: IdentifiedArrayOf<Row> = [Row(id: 1, title: "a"), Row(id: 1, title: "again")]
      _ = rows.count
    }
  }

  @Test func aRepeatedIDKeepsTheFirstElement() {
    var rows = IdentifiedArrayOf<Row>([Row(id: 1, title: "a"), Row(id: 1, title: "again")])
    #expect(titles(rows) == ["a"])
    let appended = rows.append(Row(id: 1, title: "third"))
    #expect(appended.inserted == false)
    #expect(appended.index == 0)
    #expect(rows.updateOrAppend(Row(id: 1, title: "updated")) == Row(id: 1, title: "a"))
    #expect(titles(rows) == ["updated"])
  }

  @Test func settingByIDUpdatesAppendsOrRemoves() {
    var rows = rows
    rows[id: 2]?.title = "B"
    rows[id: 4] = Row(id: 4, title: "d")
    rows[id: 1] = nil
    #expect(titles(rows) == ["B", "c", "d"])
    #expect(rows.ids == [2, 3, 4])
    #expect(rows.index(id: 4) == 2)
  }

  @Test func settingAnElementOfAnotherIDReplacesThatOfTheSubscript() {
    var rows = rows
    rows[id: 1] = Row(id: 9, title: "z")
    #expect(rows.ids == [9, 2, 3])
    #expect(rows[id: 1] == nil)
    // The new id was present elsewhere: that element goes.
    rows[id: 9] = Row(id: 3, title: "moved")
    #expect(rows.ids == [3, 2])
    #expect(rows.index(id: 2) == 1)
    #expect(rows[id: 3]?.title == "moved")
  }

  @Test func insertingAndRemovingRenumberThePositions() {
    var rows = rows
    #expect(rows.insert(Row(id: 0, title: "first"), at: 0) == (true, 0))
    #expect(rows.index(id: 3) == 3)
    #expect(rows.remove(id: 2) == Row(id: 2, title: "b"))
    #expect(rows.remove(id: 2) == nil)
    #expect(rows.ids == [0, 1, 3])
    #expect(rows.index(id: 3) == 2)
    #expect(rows.remove(at: 0) == Row(id: 0, title: "first"))
    #expect(rows.index(id: 1) == 0)
    rows.removeAll { $0.id == 1 }
    #expect(rows.ids == [3])
    #expect(rows.index(id: 3) == 0)
    #expect(rows[id: 1] == nil)
  }

  @Test func movingKeepsEveryPositionRight() {
    var rows = rows
    rows.append(Row(id: 4, title: "d"))
    rows.move(fromOffsets: [0, 2], toOffset: 4)
    #expect(rows.ids == [2, 4, 1, 3])
    rows.move(fromOffsets: [3], toOffset: 0)
    #expect(rows.ids == [3, 2, 4, 1])
    for (position, id) in rows.ids.enumerated() {
      #expect(rows.index(id: id) == position)
    }
  }

  @Test func equalityHashingAndDescriptionFollowTheElements() {
    var other = rows
    #expect(other == rows)
    #expect(Set([other, rows]).count == 1)
    other[id: 1]?.title = "x"
    #expect(other != rows)
    #expect(
      MirrorFormatter().format(IdentifiedArrayOf<Row>([Row(id: 1, title: "a")]))
        == MirrorFormatter().format([Row(id: 1, title: "a")]))
  }
}
