/// A binary min-heap: `push` and `popMin` in O(log n), `min` in O(1).
struct Heap<Element: Comparable> {
  private(set) var elements: [Element] = []

  var min: Element? {
    elements.first
  }

  var count: Int {
    elements.count
  }

  mutating func push(_ element: Element) {
    elements.append(element)
    var child = elements.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard elements[child] < elements[parent] else { return }
      elements.swapAt(child, parent)
      child = parent
    }
  }

  @discardableResult
  mutating func popMin() -> Element? {
    guard !elements.isEmpty else { return nil }
    elements.swapAt(0, elements.count - 1)
    let min = elements.removeLast()
    var parent = 0
    while true {
      let left = 2 * parent + 1
      let right = left + 1
      var first = parent
      if left < elements.count, elements[left] < elements[first] { first = left }
      if right < elements.count, elements[right] < elements[first] { first = right }
      if first == parent { return min }
      elements.swapAt(parent, first)
      parent = first
    }
  }

  /// Removes the elements for which `shouldRemove` returns `true`.
  mutating func removeAll(where shouldRemove: (Element) -> Bool) {
    let kept = elements.filter { !shouldRemove($0) }
    elements.removeAll(keepingCapacity: true)
    for element in kept { push(element) }
  }
}
