import Dispatch
import Foundation
import Reductor
import StressRuns
import Synchronization
import Testing

@testable import ReductorRecording

/// How a recorder hands its steps to the writer without a lock: the queue the main actor appends
/// to, the time it reads, and the ends of effects that arrive from other threads.
@Suite struct HandOffTests {
  /// Elements come out in the order they went in, with their indices, across chunks and across
  /// takes that find some of them published.
  @Test func elementsComeOutInOrderAcrossChunks() {
    let queue = HandOffQueue<Int>()
    let count = 3 * queue.chunkCapacity + 5
    var taken: [(index: Int, element: Int)] = []
    for element in 0..<count {
      queue.append { element * 10 }
      if element % 100 == 7 { queue.take { taken.append(($0, $1)) } }
    }
    let lastTaken = (0..<count).last { $0 % 100 == 7 }!
    #expect(queue.waitingCount == count - lastTaken - 1)
    queue.take { taken.append(($0, $1)) }
    #expect(queue.waitingCount == 0)
    #expect(taken.map(\.index) == Array(0..<count))
    #expect(taken.map(\.element) == (0..<count).map { $0 * 10 })
    #expect(queue.isEmpty)
  }

  /// Elements left in the queue are released with it.
  @Test func elementsNotTakenAreReleasedWithTheQueue() {
    let releases = Releases()
    var queue: HandOffQueue<Releasing>? = HandOffQueue()
    let count = 2 * queue!.chunkCapacity + 3
    for _ in 0..<count { queue!.append { Releasing(releases) } }
    queue!.take { _, _ in }
    #expect(releases.count.load(ordering: .relaxed) == count)
    for _ in 0..<count { queue!.append { Releasing(releases) } }
    queue = nil
    #expect(releases.count.load(ordering: .relaxed) == 2 * count)
  }

  /// A thread that takes while another appends gets a prefix of the elements, in order, and the
  /// take after the appends end gets the rest: nothing is lost or repeated however the two
  /// interleave.
  @Test(arguments: stressRuns)
  func stressATakeOnAnotherThreadWhileAppending(run: Int) {
    let queue = HandOffQueue<Int>()
    let count = 2 * queue.chunkCapacity + 17
    let taken = Locked<[(index: Int, element: Int)]>([])
    let taker = DispatchSemaphore(value: 0)
    let started = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      started.signal()
      queue.take { index, element in taken.withLock { $0.append((index, element)) } }
      taker.signal()
    }
    started.wait()
    for element in 0..<count { queue.append { element } }
    taker.wait()
    queue.take { index, element in taken.withLock { $0.append((index, element)) } }
    #expect(taken.value.map(\.index) == Array(0..<count))
    #expect(taken.value.map(\.element) == Array(0..<count))
  }

  /// The continuous clock's time is read from the system clock `ContinuousClock` reads.
  @Test func theContinuousReadingIsTheContinuousClocks() {
    let epoch = ContinuousClock().systemEpoch
    let before = epoch.duration(to: .now)
    let reading = Duration.nanoseconds(ElapsedTime.continuousReading())
    let after = epoch.duration(to: .now)
    #expect(before <= reading)
    #expect(reading <= after)
  }

  /// A store on the continuous clock records the time since the recording started.
  @MainActor
  @Test func stepsOnTheContinuousClockAreTimedFromTheStart() throws {
    let store = ReducerStore(initialState: Tally.State(), reducer: Tally())
    let start = ContinuousClock.now
    let recorder = store.record()
    store.send(.increment)
    let elapsed = start.duration(to: .now)
    recorder.stop()
    let time = try #require(try recorder.recording().steps.first).time
    #expect(time >= .zero)
    #expect(time <= elapsed)
  }

  /// Effects that end on other threads while the main actor goes on sending are written after
  /// their start, each once, and every step in order.
  @MainActor
  @Test(arguments: stressRuns)
  func stressEffectsEndingOnOtherThreadsWhileTheMainActorSends(run: Int) async throws {
    let store = ReducerStore(
      initialState: 0,
      reducer: Reduce<Int, Work> { state, action in
        state += 1
        return action == .work ? .run { _ in } : .none
      })
    let recorder = store.record()
    for index in 0..<200 { store.send(index.isMultiple(of: 2) ? .work : .tick) }
    let inFlight = await store.finishEffects(timeout: .seconds(30))
    #expect(inFlight.isEmpty)
    recorder.stop()
    let recording = try recorder.recording()
    #expect(recording.issues.isEmpty)
    #expect(recording.steps.map(\.number) == Array(1...200))
    #expect(recording.effects.map(\.step) == Array(stride(from: 1, through: 199, by: 2)))
    #expect(recording.effects.allSatisfy { $0.endTime != nil })
  }
}

/// How many ``Releasing`` objects were released.
private final class Releases: Sendable {
  let count = Atomic(0)
}

/// An object that counts its release.
private final class Releasing: Sendable {
  let releases: Releases

  init(_ releases: Releases) {
    self.releases = releases
  }

  deinit {
    releases.count.add(1, ordering: .relaxed)
  }
}

/// An action that starts an effect, and one that does not.
private enum Work: Codable, Equatable, Sendable {
  case work
  case tick
}
