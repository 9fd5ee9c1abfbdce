import Reductor
import StressRuns
import Testing

/// The names a port of TCA's case studies carries: each behaves as TCA's does.
@Suite struct TCAStandInsTests {
  @Test func anyHashableSendableIsEqualForEqualValuesOfOneType() {
    #expect(AnyHashableSendable(1) == AnyHashableSendable(1))
    #expect(AnyHashableSendable(1) != AnyHashableSendable(2))
    #expect(AnyHashableSendable(1) != AnyHashableSendable("1"))
    #expect(AnyHashableSendable(AnyHashableSendable(1)) == AnyHashableSendable(1))
    #expect(
      Set([AnyHashableSendable(1), AnyHashableSendable(1), AnyHashableSendable("1")]).count == 2)
    #expect(AnyHashableSendable("download").description == "download")
  }

  @Test func identifiedReadsAndWritesItsValuesMembers() {
    var selection = Identified(Point(x: 1), id: "a")
    selection.x = 2
    #expect(selection.value == Point(x: 2))
    #expect(selection.id == "a")
    #expect(selection == Identified(Point(x: 2), id: "a"))
    #expect(selection != Identified(Point(x: 2), id: "b"))
  }

  @Test func theSelfCaseIsTheActionItself() {
    let same: ActionCase<Int, Int> = .self
    #expect(same.embed(3) == 3)
    #expect(same.extract(4) == 4)
  }

  @Test func aResultOfAsynchronousWorkHoldsItsValueOrItsError() async throws {
    let value = await Result { try await answer(failing: false) }
    #expect(try value.get() == 42)
    let error = await Result { try await answer(failing: true) }
    #expect(throws: Failure.self) { try error.get() }
  }

  /// Cancelled before or after it began to wait: the task may not have run yet.
  @Test(arguments: stressRuns)
  func neverEndsOnlyWhenItsTaskIsCancelled(run: Int) async {
    let waiting = Task { try await Task.never() }
    waiting.cancel()
    let result = await waiting.result
    #expect(throws: CancellationError.self) { try result.get() }
  }
}

private struct Point: Equatable {
  var x: Int
}

private struct Failure: Error {}

private func answer(failing: Bool) async throws -> Int {
  if failing { throw Failure() }
  return 42
}
