import Foundation
import Observation
import Reductor
import ReductorSharing
import StressRuns
import Testing

/// A value that holds a shared field, to encode and decode.
struct Persisted: Codable {
  var count: Shared<Int>
}

/// Three tests wait for another store's outside-change refresh, a main-actor job: the time limit
/// turns a refresh that never comes into a failure instead of a hang. It is generous because it
/// bounds a wait for the main actor, not the refresh: the suite's heavy main-actor tests (ten
/// thousand keys throttled on the main actor, a hundred thousand actions reduced in one send)
/// delay every main-actor job queued behind them, by a minute under the thread sanitizer on a
/// slow machine.
@MainActor
@Suite(.timeLimit(.minutes(10)))
struct SharedTests {
  @Test func fieldsWithTheSameKeyAreOneValue() {
    let harness = SharingHarness()
    let first = harness.run { Shared(wrappedValue: "a", .inMemory("draft")) }
    let second = harness.run { Shared(wrappedValue: "ignored", .inMemory("draft")) }
    let byType = harness.run { Shared(wrappedValue: Settings()) }
    let byTypeAgain = harness.run { Shared(wrappedValue: Settings(name: "ignored")) }
    let byName = harness.run { Shared(wrappedValue: 1, key: "custom_key") }
    #expect(second.wrappedValue == "a")
    first.wrappedValue = "b"
    #expect(second.wrappedValue == "b")
    byType.wrappedValue.volume = 0
    #expect(byTypeAgain.wrappedValue == Settings(volume: 0))
    #expect(byName.key == "in memory \"custom_key\"")
    #expect(byType.key == "in memory \"Settings\"")
    // Another storage is another world.
    let elsewhere = SharingHarness().run { Shared(wrappedValue: "c", .inMemory("draft")) }
    #expect(elsewhere.wrappedValue == "c")
  }

  @Test func aSharedFieldEncodesAsItsValueAndDecodesAsAValueOfItsOwn() throws {
    let harness = SharingHarness()
    let counter = harness.run { SharedCounter.State() }
    counter.count = 7
    let encoded = try JSONEncoder().encode(Persisted(count: counter.$count))
    #expect(String(decoding: encoded, as: UTF8.self) == #"{"count":7}"#)

    let decoded = try harness.run { try JSONDecoder().decode(Persisted.self, from: encoded) }
    #expect(decoded.count.wrappedValue == 7)
    #expect(decoded.count.key == "decoded Int")
    // Neither the key's value nor its file hears of the decoded one's changes.
    decoded.count.wrappedValue = 8
    #expect(counter.count == 7)
    #expect(harness.run { SharedCounter.State() }.count == 7)
  }

  @Test func aDefaultMayMakeASharedValueToo() {
    let harness = SharingHarness()
    let outer = harness.run {
      Shared(
        wrappedValue: Shared(wrappedValue: 1, .inMemory("inner")).wrappedValue + 1,
        .inMemory("outer"))
    }
    #expect(outer.wrappedValue == 2)
  }

  @Test func aKeySharedAsAnotherTypeIsSeparateAndReported() {
    let harness = SharingHarness()
    let number = harness.run { Shared(wrappedValue: 1, .inMemory("value")) }
    let text = harness.run { Shared(wrappedValue: "one", .inMemory("value")) }
    number.wrappedValue = 2
    #expect(text.wrappedValue == "one")
    #expect(
      harness.messages == [
        "Shared value in memory \"value\" is shared as another type than String; this one is "
          + "separate from it."
      ])
  }

  @Test func anotherStoresObserverSeesTheChangeAndItsStatesStreamDoesNot()
    async
  {
    let harness = SharingHarness()
    let (first, second) = harness.run {
      (
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter()),
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter())
      )
    }
    var states = second.states.makeAsyncIterator()
    #expect(await states.next()?.count == 0)
    var token: ObservationToken?
    await withCheckedContinuation { continuation in
      var seen: [Int] = []
      token = second.observe(\.count) { count in
        seen.append(count)
        if seen == [0, 1] { continuation.resume() }
      }
      first.send(.increment)
    }
    token?.cancel()
    // The next state the stream yields is the one of the next reduction, not the outside change.
    second.send(.tap)
    let next = await states.next()
    #expect(next?.taps == 1)
    #expect(next?.count == 1)
  }

  @Test func valuesYieldTheValueThenEachAssignment() async {
    let harness = SharingHarness()
    let shared = harness.run { Shared(wrappedValue: 0, .inMemory("n")) }
    var values = shared.values.makeAsyncIterator()
    shared.wrappedValue = 1
    shared.wrappedValue = 2
    #expect(await values.next() == 0)
    #expect(await values.next() == 1)
    #expect(await values.next() == 2)
  }

  @Test func aChangeFromAnotherStoreReachesObservationOfTheState() async {
    let harness = SharingHarness()
    let (first, second) = harness.run {
      (
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter()),
        ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter())
      )
    }
    await withCheckedContinuation { continuation in
      withObservationTracking {
        _ = second.state.count
      } onChange: {
        continuation.resume()
      }
      first.send(.increment)
    }
    #expect(second.state.count == 1)
  }

  @Test func logsShowASharedFieldUnderItsPropertysName() {
    let harness = SharingHarness()
    let state = harness.run { SharedCounter.State() }
    state.count = 4
    #expect(
      MirrorFormatter().format(state) == "SharedCounter.State\n  - count: 4\n  - taps: 0")
  }

  @Test(arguments: stressRuns)
  func withLockLosesNoConcurrentChange(repetition: Int) async {
    let harness = SharingHarness()
    let shared = harness.run { Shared(wrappedValue: 0, .inMemory("n")) }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<64 {
        group.addTask { shared.withLock { $0 += 1 } }
      }
    }
    #expect(shared.wrappedValue == 64)
  }
}
