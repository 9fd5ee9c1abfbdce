import Foundation
import Reductor
import ReductorSharing
import StressRuns
import Testing

/// Changes made from several threads at once: what is persisted ends equal to the value in
/// memory, because the writes of a value are made one after another, each of the value then.
struct ConcurrentSaveTests {
  @Test(arguments: [2, 4, 8], stressRuns)
  func writesAreOrderedAndTheLastIsTheValueInMemory(threads: Int, run: Int) async {
    let harness = SharingHarness()
    let file = URL(filePath: "/data/count.json")
    // A real clock and no write interval: the writes run while the threads change the values.
    let (count, fileCount) = harness.run {
      withDependencies {
        $0.clock = ContinuousClock()
      } operation: {
        (
          Shared(wrappedValue: 0, .keyValue("count", writeInterval: .zero)),
          Shared(wrappedValue: 0, .file(file, writeInterval: .zero))
        )
      }
    }
    await onThreads(threads) {
      for _ in 0..<10 {
        count.withLock { $0 += 1 }
        fileCount.withLock { $0 += 1 }
      }
    }
    await harness.storage.flush()
    let keyValueWrites = harness.keyValues.writes(forKey: "count").compactMap(decodedInt)
    let fileWrites = harness.files.writes(to: file).compactMap(decodedInt)
    #expect(keyValueWrites == keyValueWrites.sorted())
    #expect(fileWrites == fileWrites.sorted())
    #expect(count.wrappedValue == threads * 10)
    #expect(keyValueWrites.last == threads * 10)
    #expect(harness.keyValues.synchronizedData(forKey: "count") == json(threads * 10))
    #expect(fileWrites.last == threads * 10)
  }

  private func decodedInt(_ data: Data) -> Int? {
    try? JSONDecoder().decode(Int.self, from: data)
  }
}
