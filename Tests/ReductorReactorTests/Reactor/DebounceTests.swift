import Reductor
import ReductorReactor
import Testing

@MainActor
@Suite struct DebounceTests {
  let clock = ManualClock()

  /// Ten calls 100 ms apart, the last at 900 ms; 500 ms of quiet after it end at 1,400 ms.
  @Test(arguments: StateKind.allCases)
  func onlyTheLastCallRunsOnceTheDurationHasPassed(kind: StateKind) async {
    let model = kind.makeCounter(clock: clock)
    for call in 0..<10 {
      if call > 0 { await clock.advance(by: .milliseconds(100)) }
      _ = model.send(action: .addOneDebounced) as StoreTask
    }
    await clock.advance(to: ManualClock.Instant(offset: .milliseconds(1_399)))
    #expect(model.count == 9)
    await clock.advance(by: .milliseconds(1))
    #expect(model.count == 10)
    await clock.advance(by: .seconds(5))
    #expect(model.count == 10)
  }

  @Test func eachReactorHasItsOwnDebouncer() async {
    let first = StateKind.value.makeCounter(clock: clock)
    let second = StateKind.value.makeCounter(clock: clock)
    _ = first.send(action: .addOneDebounced) as StoreTask
    await clock.advance(by: .milliseconds(100))
    _ = second.send(action: .addOneDebounced) as StoreTask
    await clock.advance(by: .milliseconds(400))
    #expect(first.count == 10)
    #expect(second.count == 9)
    await clock.advance(by: .milliseconds(100))
    #expect(second.count == 10)
  }
}
