import Reductor
import Testing

@Suite struct ImmediateClockTests {
  @Test func aSleepReturnsAtOnceAndMovesTheClockToItsDeadline() async throws {
    let clock = ImmediateClock()
    try await clock.sleep(for: .seconds(5))
    #expect(clock.now.offset == .seconds(5))
    try await clock.sleep(until: clock.now.advanced(by: .seconds(-2)))
    #expect(clock.now.offset == .seconds(5))
    try await clock.sleep(for: .milliseconds(250))
    #expect(clock.now.offset == .milliseconds(5_250))
  }

  @Test func aCancelledTasksSleepThrowsAndLeavesTheClock() async {
    let clock = ImmediateClock(now: .init(offset: .seconds(1)))
    let sleep = Task {
      withUnsafeCurrentTask { $0?.cancel() }
      try await clock.sleep(for: .seconds(5))
    }
    await #expect(throws: CancellationError.self) { try await sleep.value }
    #expect(clock.now.offset == .seconds(1))
  }
}
