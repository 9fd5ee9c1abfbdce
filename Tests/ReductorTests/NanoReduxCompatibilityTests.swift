import Observation
import Reductor
import Testing

// The snippets of NanoRedux's documentation, with only the import changed, must compile and
// behave as documented. (Its SwiftUI view is Apple-only and left out.)

private enum Feature {
  @Observable
  final class State {
    var count = 0
    var log: [String] = []
  }

  enum Action: Sendable {
    case increment
    case decrement
    case reset
    case step1Finished
    case step2Finished
    case saveRequested
    case searchRequested
    case messageReceived(String)
    case dataLoaded(Int)
    case fetchComplete(Int)
  }

  struct Reducer: Reductor.Reducer {
    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .increment:
        state.count += 1
      case .decrement:
        state.count -= 1
      case .reset:
        state.count = 0
      default:
        state.log.append("\(action)")
      }
      return .none
    }
  }
}

private struct APIClient: Sendable {
  func fetchData() async throws -> Int { 1 }
  func fetch() async throws -> Int { 2 }
}

@MainActor
@Suite struct NanoReduxCompatibilityTests {
  @Test func theDocumentedStoreAndScopeCalls() {
    let store = ReducerStore(
      initialState: Feature.State(),
      reducer: Feature.Reducer()
    )
    let shared: any Store<Feature.State, Feature.Action> = store
    shared.send(.increment)
    let childStore = store.scope(
      state: { $0.count },
      action: { (action: Feature.Action) in action }
    )
    childStore.send(.increment)
    #expect(childStore.state == 2)
  }

  @Test func theDocumentedEffects() async {
    let apiClient = APIClient()
    let messageStream = AsyncStream<String> { continuation in
      continuation.yield("hello")
      continuation.finish()
    }
    let effects: [Effect<Feature.Action>] = [
      Effect.run {
        let data = try await apiClient.fetchData()
        return .dataLoaded(data)
      },
      Effect.run(lifetime: .replaceable("fetch")) {
        let result = try await apiClient.fetch()
        return .fetchComplete(result)
      },
      Effect.concat {
        Effect.run { .step1Finished }
        Effect.run { .step2Finished }
      },
      Effect.run { .step1Finished }
        .concat(.run { .step2Finished }),
      Effect.merge {
        Effect.run { .step1Finished }
        Effect.run { .step2Finished }
      },
      Effect.run { .step1Finished }
        .merge(.run { .step2Finished }),
      Effect.throttle(for: .seconds(1), key: "save") {
        Effect.run { .saveRequested }
      },
      Effect.run { .saveRequested }
        .throttled(for: .seconds(1), key: "save"),
      Effect.debounce(for: .milliseconds(300), key: "search") {
        Effect.run { .searchRequested }
      },
      Effect.run { .searchRequested }
        .debounced(for: .milliseconds(300), key: "search"),
      Effect.stream {
        messageStream.map { .messageReceived($0) }
      },
      Effect.stream(lifetime: .replaceable("webSocket")) {
        messageStream.filter { !$0.isEmpty }.map { .messageReceived($0) }
      },
    ]
    var lastActions: [String] = []
    for effect in effects {
      lastActions.append((await effect.executeForTesting()).map { "\($0)" } ?? "nil")
    }
    // Merged children finish in either order; the last action is one of them.
    let eitherStep: Set = ["step1Finished", "step2Finished"]
    #expect(eitherStep.contains(lastActions[4]) && eitherStep.contains(lastActions[5]))
    lastActions[4] = "either step"
    lastActions[5] = "either step"
    #expect(
      lastActions == [
        "dataLoaded(1)", "fetchComplete(2)", "step2Finished", "step2Finished", "either step",
        "either step", "saveRequested", "saveRequested", "searchRequested", "searchRequested",
        #"messageReceived("hello")"#,
        "nil",  // the stream was consumed by the effect before
      ])
  }
}
