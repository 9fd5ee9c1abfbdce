// The code of the article "Instrumentation" (InstrumentingStores) of the Reductor documentation.
import Reductor
import Testing

/// The search feature of the Instrumentation article.
struct SearchState {
  var query = ""
  var results: [String] = []
}

enum SearchAction: Sendable {
  case queryChanged(String)
  case resultsLoaded([String])
}

/// Searches 120 ms after each query, on the store's clock, a newer query replacing an older one.
struct SearchReducer: Reducer {
  func reduce(into state: inout SearchState, action: SearchAction) -> Effect<SearchAction> {
    switch action {
    case .queryChanged(let query):
      state.query = query
      return .run(lifetime: .replaceable("search")) {
        try await EffectContext.clock.sleep(for: .milliseconds(120))
        return .resultsLoaded(["swift", "swiftpm"].filter { $0.hasPrefix(query) })
      } catch: { _ in
        .resultsLoaded([])
      }
    case .resultsLoaded(let results):
      state.results = results
      return .none
    }
  }
}

/// What the article's snippets print, instead of standard output.
private let printed = Locked<[String]>([])

private func print(_ items: Any...) {
  printed.withLock { $0.append(items.map { "\($0)" }.joined(separator: " ")) }
}

/// The global handlers and the global switch as a test found them, to put back: the switch first,
/// then the filter, so that the switch is on without a filter only if it was
/// (`REDUCTOR_INSTRUMENT=1`).
private struct GlobalSettings {
  let onEvent = Instrumentation.onEvent
  let onTargetEvent = Instrumentation.onTargetEvent
  let enabledByDefault = Instrumentation.enabledByDefault
  let filter = Instrumentation.filter

  func restore() {
    Instrumentation.onEvent = onEvent
    Instrumentation.onTargetEvent = onTargetEvent
    Instrumentation.enabledByDefault = enabledByDefault
    Instrumentation.filter = filter
  }
}

/// The article's snippets, as it shows them. They install the global handlers and move the global
/// switch, as the root package's `InstrumentationHandlerTests` do, so the root package's test run
/// leaves this file out; each test puts back what it found.
@MainActor
@Suite(.serialized) struct InstrumentingStoresArticleTests {
  @Test func theArticlesSnippetsInstrumentAStoreAndEmitItsTargetsEvents() async throws {
    let settings = GlobalSettings()
    defer { settings.restore() }
    let clock = ManualClock()
    let store = ReducerStore(
      initialState: SearchState(), reducer: SearchReducer(), clock: clock
    )
    .instrumentation(.init(label: "search", warningThreshold: .milliseconds(16)))

    printed.withLock { $0.removeAll() }
    let queries = Instrumentation.Target<SearchAction>(
      .init(rawValue: "search.query"), observing: [.effect], emittingIn: .all
    ) { action in
      guard case .queryChanged = action else { return false }
      return true
    }
    store.instrumentation(.init(label: "search", targets: [queries]))
    Instrumentation.onTargetEvent = { event in
      print(event)  // search.query #12 effect finished 120.0ms (search)
    }

    #if DEBUG
    Instrumentation.onEvent = { event in
      print(event.stage, event.store, event.name, event.duration)
    }
    #endif

    store.send(.queryChanged("swi"))
    await clock.advance(by: .milliseconds(120))
    #expect(store.state.results == ["swift", "swiftpm"])

    let lines = printed.value.filter { $0.contains("search") }.map { line in
      // Cycle numbers vary with the tests run before; other suites' stores are not "search".
      line.split(separator: " ").filter { !$0.hasPrefix("#") }.joined(separator: " ")
    }
    #if DEBUG
    #expect(
      lines == [
        "queue search queryChanged 0.0 seconds", "reduce search queryChanged 0.0 seconds",
        "search.query effect started (search)", "queue search resultsLoaded 0.0 seconds",
        "reduce search resultsLoaded 0.0 seconds",
        "effect search queryChanged 0.12 seconds",
        "search.query effect finished 120.0ms (search)",
      ])
    print(Instrumentation.report())
    let report = printed.value.last?.split(separator: "\n").map { $0.split(separator: " ") } ?? []
    #expect(report.contains { $0.prefix(4) == ["search", "effect", "queryChanged", "1"] })
    #else
    #expect(
      lines == [
        "search.query effect started (search)", "search.query effect finished 120.0ms (search)",
      ])
    #endif
  }

  @Test func theArticlesGlobalSwitchInstrumentsTheSearchStore() {
    let settings = GlobalSettings()
    defer { settings.restore() }
    // Which stores are measured, by label: the label of a store the switch instruments is its
    // state's type name.
    let measured = Locked<Set<String>>([])
    Instrumentation.onEvent = { event in measured.withLock { _ = $0.insert(event.store) } }
    // The article sets the switch first; here it is set with the filter in place, so that no
    // other suite's store is ever instrumented meanwhile.
    Instrumentation.filter = { _ in false }
    Instrumentation.enabledByDefault = true
    Instrumentation.filter = { $0.contains("Search") }
    let search = ReducerStore(initialState: SearchState(), reducer: SearchReducer())
    let other = ReducerStore(initialState: 0, reducer: Reduce<Int, SearchAction> { _, _ in .none })
    search.send(.resultsLoaded([]))
    other.send(.resultsLoaded([]))
    // Measured in debug builds; in release builds, with no targets, nothing is installed.
    #if DEBUG
    #expect(measured.value.contains("SearchState"))
    #else
    #expect(!measured.value.contains("SearchState"))
    #endif
    #expect(!measured.value.contains("Int"))
  }
}
