import Reductor
import Testing

// MARK: - Fixtures

private struct Inventory: Equatable {
  var items: [Int]
}

/// Four levels of nesting below the root, a value at each: `next.next.value` is at level 3.
private struct Depth0 {
  var value = 0
  var next = Depth1()
}

private struct Depth1 {
  var value = 0
  var next = Depth2()
}

private struct Depth2 {
  var value = 0
  var next = Depth3()
}

private struct Depth3 {
  var value = 0
  var next = Depth4()
}

private struct Depth4 {
  var value = 0
}

private struct Tray {
  var count = 0
  var slot: Depth1? = nil
}

private struct Warehouse {
  var shelves = Array(repeating: Depth0(), count: 5)
}

private struct Ledger {
  var scores = ["a": 1, "b": 2, "c": 3, "d": 4, "e": 5]
  var tags: Set<String> = ["a", "b", "c", "d", "e"]
}

/// Root, then `a`, `b`, `c` are the first four values; `d` and `note` come after them.
private struct Record {
  var a = 0
  var b = 0
  var c = 0
  var d = 0
  var note = String(repeating: "x", count: 2_000)
}

private final class Link {
  var name: String
  var next: Link?

  init(_ name: String, next: Link? = nil) {
    self.name = name
    self.next = next
  }
}

/// A chain of `count` links named `0`, `1`, …; the last one points back to the first when
/// `closed`.
private func chain(_ count: Int, closed: Bool = false) -> Link {
  let first = Link("0")
  var last = first
  for index in 1..<count {
    let link = Link("\(index)")
    last.next = link
    last = link
  }
  if closed { last.next = first }
  return first
}

/// Breaks a chain's cycle, so that its links can be freed.
private func open(_ first: Link) {
  var link = first
  while let next = link.next, next !== first { link = next }
  link.next = nil
}

// MARK: - Tests

/// The limits bound what a diff lists, never whether or where two values differ.
@Suite struct MirrorFormatterDiffLimitTests {
  // MARK: Children per value

  @Test(arguments: [2, 3, 5])
  func aChangedElementIsFoundWhereverItIsInAnArrayOfMoreThanMaxChildren(index: Int) {
    let old = Inventory(items: Array(0..<6))
    var new = old
    new.items[index] = -1
    #expect(
      MirrorFormatter(maxChildren: 3).diff(from: old, to: new) == """
        items[\(index)]
          - \(index)
          + -1
        """)
  }

  @Test func anElementAddedPastTheChildLimitIsListedByItsIndex() {
    #expect(
      MirrorFormatter(maxChildren: 3).diff(
        from: Inventory(items: Array(0..<5)), to: Inventory(items: Array(0..<6))) == """
          items[5]
            + 5
          """)
  }

  @Test func entriesAndMembersPastTheChildLimitAreCompared() {
    var new = Ledger()
    new.scores["e"] = 50
    new.tags.remove("e")
    new.tags.insert("f")
    #expect(
      MirrorFormatter(maxChildren: 3).diff(from: Ledger(), to: new) == """
        scores["e"]
          - 5
          + 50
        tags
          - "e"
          + "f"
        """)
  }

  @Test func upToMaxChildrenChangedChildrenAreListedAndTheRestCountedOnOneLine() {
    let old = Inventory(items: Array(0..<6))
    var three = old
    for index in 0..<3 { three.items[index] = -1 }
    #expect(
      MirrorFormatter(maxChildren: 3).diff(from: old, to: three) == """
        items[0]
          - 0
          + -1
        items[1]
          - 1
          + -1
        items[2]
          - 2
          + -1
        """)
    var four = three
    four.items[3] = -1
    #expect(
      MirrorFormatter(maxChildren: 3).diff(from: old, to: four) == """
        items[0]
          - 0
          + -1
        items[1]
          - 1
          + -1
        items[2]
          - 2
          + -1
        ... 1 more changed child of items cut (limit: 3 children per value)
        """)
    #expect(
      MirrorFormatter(maxChildren: 1).diff(from: old, to: Inventory(items: [])) == """
        items[0]
          - 0
        ... 5 more changed children of items cut (limit: 1 children per value)
        """)
  }

  @Test func setMembersBeyondMaxChildrenAreCountedOnOneLine() {
    var new = Ledger()
    new.tags = ["a", "x", "y"]
    #expect(
      MirrorFormatter(maxChildren: 3).diff(from: Ledger(), to: new) == """
        tags
          - "b"
          - "c"
          - "d"
        ... 3 more changed children of tags cut (limit: 3 children per value)
        """)
  }

  // MARK: Levels

  /// With a depth limit of 2, level 2 is the last one shown, level 3 the first one cut.
  @Test(arguments: [2, 3, 5])
  func aChangeIsListedAtTheLastLevelShownAndAtEveryLevelPastIt(level: Int) {
    var new = Depth0()
    switch level {
    case 2: new.next.value = 1
    case 3: new.next.next.value = 1
    default: new.next.next.next.next.value = 1
    }
    let path = Array(repeating: "next", count: level - 1).joined(separator: ".") + ".value"
    #expect(
      MirrorFormatter(maxDepth: 2).diff(from: Depth0(), to: new) == """
        \(path)
          - 0
          + 1
        """)
  }

  @Test func aChangedValueShowsMaxDepthLevelsBelowItselfWhereverItIs() {
    var new = Tray()
    new.slot = Depth1()
    #expect(
      MirrorFormatter(maxDepth: 2).diff(from: Tray(), to: new) == """
        slot
          - nil
          + Depth1
              - value: 0
              - next: Depth2
                - value: 0
                - next: Depth3
                  - ... 2 children cut (depth limit: 2 levels)
        """)
  }

  // MARK: Values in total

  /// `c` is the last value shown within the limit of four, `d` the first one past it.
  @Test(arguments: ["c", "d"])
  func aChangeAtOrPastTheValueLimitIsListed(field: String) {
    var new = Record()
    if field == "c" { new.c = 1 } else { new.d = 1 }
    #expect(
      MirrorFormatter(maxValues: 4).diff(from: Record(), to: new) == """
        \(field)
          - 0
          + 1
        """)
  }

  @Test func aLongStringPastTheValueLimitThatChangedAtItsEndIsListed() {
    var new = Record()
    new.note += "y"
    let old = String(repeating: "x", count: 2_000)
    #expect(
      MirrorFormatter(maxValues: 4).diff(from: Record(), to: new) == """
        note
          - "\(old)"
          + "\(old)y"
        """)
  }

  @Test func changesAreListedUntilMaxValuesValuesAreShownThenCounted() {
    var two = Record()
    two.a = 1
    two.d = 1
    #expect(
      MirrorFormatter(maxValues: 4).diff(from: Record(), to: two) == """
        a
          - 0
          + 1
        d
          - 0
          + 1
        """)
    var four = two
    four.b = 1
    four.note = "short"
    #expect(
      MirrorFormatter(maxValues: 4).diff(from: Record(), to: four) == """
        a
          - 0
          + 1
        b
          - 0
          + 1
        ... 2 more changes cut (limit: 4 values in total)
        """)
  }

  /// The values limit counts the values of the whole diff: `count`'s two lines leave `slot`
  /// two, its `nil` and the first line of its new value, which then says what it cut.
  @Test func aChangedValueIsCutAtTheValuesLeftAndSaysSo() {
    var new = Tray()
    new.count = 1
    new.slot = Depth1()
    #expect(
      MirrorFormatter(maxValues: 4).diff(from: Tray(), to: new) == """
        count
          - 0
          + 1
        slot
          - nil
          + Depth1
              - ... the rest is cut (limit: 4 values in total)
        """)
  }

  // MARK: Together

  @Test func aChangeDeepPastTheDepthLimitInAnElementPastTheChildLimitIsListed() {
    var new = Warehouse()
    new.shelves[4].next.next.next.value = 7
    #expect(
      MirrorFormatter(maxDepth: 2, maxChildren: 3, maxValues: 5).diff(
        from: Warehouse(), to: new) == """
          shelves[4].next.next.next.value
            - 0
            + 7
          """)
  }

  // MARK: Classes

  @Test func aChangeAtTheEndOfALongChainOfInstancesIsListed() {
    let old = chain(13)
    let new = chain(13)
    var last = new
    while let next = last.next { last = next }
    last.name = "last"
    let path = Array(repeating: "next", count: 12).joined(separator: ".")
    #expect(
      MirrorFormatter().diff(from: old, to: new) == """
        \(path).name
          - "12"
          + "last"
        """)
  }

  @Test func aCycleIsComparedOnceAroundThenAsItsMarker() {
    let old = chain(12, closed: true)
    let new = chain(12, closed: true)
    defer {
      open(old)
      open(new)
    }
    #expect(MirrorFormatter().diff(from: old, to: new) == nil)
    new.next?.next?.next?.next?.next?.next?.next?.next?.next?.next?.next?.name = "eleven"
    let path = Array(repeating: "next", count: 11).joined(separator: ".")
    #expect(
      MirrorFormatter().diff(from: old, to: new) == """
        \(path).name
          - "11"
          + "eleven"
        """)
  }
}
