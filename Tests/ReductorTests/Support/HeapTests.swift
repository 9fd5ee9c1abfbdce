import Testing

@testable import Reductor

@Suite struct HeapTests {
  @Test(arguments: [[5, 3, 8, 1, 9, 2, 7], [], [4, 4, 1, 4], Array((0..<200).reversed())])
  func popMinReturnsTheElementsInAscendingOrder(elements: [Int]) {
    var heap = Heap<Int>()
    for element in elements { heap.push(element) }
    #expect(heap.count == elements.count)
    #expect(heap.min == elements.min())
    var popped: [Int] = []
    while let element = heap.popMin() { popped.append(element) }
    #expect(popped == elements.sorted())
    #expect(heap.min == nil)
  }

  @Test func removeAllWhereKeepsTheHeapOrdered() {
    var heap = Heap<Int>()
    for element in [9, 2, 7, 4, 6, 1, 8] { heap.push(element) }
    heap.removeAll { $0.isMultiple(of: 2) }
    var popped: [Int] = []
    while let element = heap.popMin() { popped.append(element) }
    #expect(popped == [1, 7, 9])
  }
}
