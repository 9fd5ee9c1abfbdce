import Reductor
import ReductorTesting
import StressRuns
import Testing

/// A test store's effects that await a `@MainActor` service stay on its clock (#29): the
/// service's answer is there for the `receive` that follows the `send` or the `advance`, with no
/// timeout. Each scenario runs `stressRuns` times (100 in CI), since a broken mechanism shows
/// as a race.
@MainActor
@Suite struct TestStoreMainActorTests {
  /// An alert service of the app, isolated to the main actor.
  @MainActor
  final class Alerts {
    private(set) var shown: [String] = []

    func confirm(_ message: String) -> Bool {
      shown.append(message)
      return true
    }

    func confirm(_ message: String, after delay: Duration) async throws -> Bool {
      try await EffectContext.clock.sleep(for: delay)
      return confirm(message)
    }
  }

  struct Deletion: Reducer {
    struct State: Equatable {
      var isDeleted = false
    }

    enum Action: Sendable, Equatable {
      case delete
      case deleteAfterASecond
      case deleteAfterThreeConfirmations
      case countAlertsAroundASleep
      case confirmed(Bool)
      case counted(Int)
    }

    let alerts: Alerts

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .delete:
        return .run { [alerts] in .confirmed(await alerts.confirm("Delete?")) }
      case .deleteAfterASecond:
        return .run { [alerts] in
          .confirmed(try await alerts.confirm("Delete?", after: .seconds(1)))
        }
      case .deleteAfterThreeConfirmations:
        return .run { [alerts] in
          var isConfirmed = true
          for step in 1...3 {
            let answer = try await alerts.confirm("Step \(step)?", after: .milliseconds(500))
            isConfirmed = isConfirmed && answer
          }
          return .confirmed(isConfirmed)
        }
      case .countAlertsAroundASleep:
        return .run { [alerts] send in
          send(.counted(await MainActor.run { alerts.shown.count }))
          try await EffectContext.clock.sleep(for: .seconds(2))
          _ = await alerts.confirm("Again?")
          send(.counted(await MainActor.run { alerts.shown.count }))
        }
      case .confirmed(let isConfirmed):
        state.isDeleted = isConfirmed
        return .none
      case .counted:
        return .none
      }
    }
  }

  private func makeStore() -> (TestStore<Deletion.State, Deletion.Action>, Alerts) {
    let alerts = Alerts()
    return (TestStore(initialState: Deletion.State(), reducer: Deletion(alerts: alerts)), alerts)
  }

  @Test(arguments: stressRuns)
  func anAnswerFromAMainActorServiceIsReceivedRightAfterTheSend(run: Int) async {
    let (store, alerts) = makeStore()
    await store.send(.delete)
    await store.receive(.confirmed(true)) { $0.isDeleted = true }
    #expect(alerts.shown == ["Delete?"])
    await store.finish()
  }

  @Test(arguments: stressRuns)
  func anAnswerThatTakesASecondIsReceivedAfterAnAdvanceOfASecond(run: Int) async {
    let (store, alerts) = makeStore()
    await store.send(.deleteAfterASecond)
    await store.clock.advance(by: .milliseconds(999))
    #expect(alerts.shown == [])
    await store.clock.advance(by: .milliseconds(1))
    await store.receive(.confirmed(true)) { $0.isDeleted = true }
    #expect(alerts.shown == ["Delete?"])
    await store.finish()
  }

  /// Three confirmations 500 ms apart, each a hop to the main actor: one advance of 1,500 ms
  /// ends the chain.
  @Test(arguments: stressRuns)
  func aChainThroughTheMainActorEndsWithinOneAdvance(run: Int) async {
    let (store, alerts) = makeStore()
    await store.send(.deleteAfterThreeConfirmations)
    await store.clock.advance(by: .milliseconds(1_500))
    await store.receive(.confirmed(true)) { $0.isDeleted = true }
    #expect(alerts.shown == ["Step 1?", "Step 2?", "Step 3?"])
    await store.finish()
  }

  /// `MainActor.run` before and after a two-second sleep: the first count is received after the
  /// send, the second after the advance that reaches 2 s.
  @Test(arguments: stressRuns)
  func mainActorRunIsReceivedAtTheVirtualTimeOfEachSide(run: Int) async {
    let (store, _) = makeStore()
    await store.send(.countAlertsAroundASleep)
    await store.receive(.counted(0))
    await store.clock.advance(by: .seconds(2))
    await store.receive(.counted(1))
    await store.finish()
  }
}
