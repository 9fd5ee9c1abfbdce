import Reductor
import ReductorSharing
import Testing

@testable import Counter

/// The Logging article's snippets, as the article shows them, on the Counter example's store.
@MainActor
@Suite struct LoggingArticleTests {
  @Test func theArticlesSnippetsConfigureLoggingAndFormatTheState() {
    // The saved count is a shared value: the test's is in memory.
    let store = withDependencies {
      $0.sharedStorage = .inMemory()
    } operation: {
      let store = ReducerStore(
        initialState: AppFeature.State(),
        reducer: AppFeature.Reducer(dependencies: .live)
      )
      .logging()
      return store
    }
    store.logging(.action)  // actions only
    store.logging([.action, .diff])  // actions and what each one changed
    store.logging(name: "Counter")  // entries start with [Counter]
    store.logging([])  // off
    store.logging(name: "Counter") { state in
      "count: \(state.counter.count)"
    }
    // [Counter][State] count: 0

    let entries = Locked<[String]>([])
    store.logging(to: LogSink { entry in entries.withLock { $0.append(entry) } })
    let before = store.state
    store.send(.counter(.increment))

    let formatter = MirrorFormatter()
    print(formatter.format(store.state))
    if let diff = formatter.diff(from: before, to: store.state) {
      print(diff)
    }
    #expect(formatter.diff(from: before, to: store.state) == "counter.count\n  - 0\n  + 1")
    #if DEBUG
    let firstLines = entries.withLock { $0.map { String($0.prefix { $0 != "\n" }) } }
    #expect(
      firstLines == [
        "[AppFeature.State][State] AppFeature.State",
        "[AppFeature.State][Action] counter(increment)",
        "[AppFeature.State][State] AppFeature.State",
      ])
    #endif
  }
}
