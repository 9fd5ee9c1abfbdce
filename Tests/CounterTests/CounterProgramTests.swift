import Foundation
import Reductor
import ReductorSharing
import StressRuns
import Terminal
import Testing

@testable import Counter

/// The terminal program around the store, driven by a script of events instead of a terminal.
@MainActor
@Suite struct CounterProgramTests {
  /// What the program wrote, line by line.
  final class Output {
    var lines: [String] = []
  }

  /// Where the program keeps its saved count: in memory, the test's own.
  let storage = SharedStorage.inMemory()

  /// A server that answers at once, and saves once `gate` opens (at once without one).
  func makeStore(saveGate gate: AsyncStream<Void>? = nil) -> StoreOf<AppFeature.Reducer> {
    withDependencies {
      $0.sharedStorage = storage
    } operation: {
      ReducerStore(
        initialState: AppFeature.State(),
        reducer: AppFeature.Reducer(
          dependencies: .init(
            fetchCount: { 42 },
            saveCount: { _ in
              if let gate { for await _ in gate { break } }
            })))
    }
  }

  func run(
    _ store: StoreOf<AppFeature.Reducer>, _ events: AsyncStream<TerminalEvent>,
    shutdownTimeout: Duration = .seconds(30)
  ) async -> [String] {
    let output = Output()
    await withDependencies {
      $0.sharedStorage = storage
    } operation: {
      let program = CounterProgram(
        store: store, write: { output.lines.append($0) }, shutdownTimeout: shutdownTimeout)
      await program.run(events)
    }
    return output.lines
  }

  func script(_ events: TerminalEvent...) -> AsyncStream<TerminalEvent> {
    AsyncStream { continuation in
      for event in events { continuation.yield(event) }
      continuation.finish()
    }
  }

  /// CI's piped run: `load` is answered before the next command, and the save before the end.
  @Test(arguments: stressRuns)
  func thePipedScriptEndsAt41Saved(run: Int) async {
    let store = makeStore()
    let lines = await self.run(
      store, script(.line("+"), .line("+"), .line("load"), .line("-"), .line("save"), .line("q")))
    #expect(lines.first == "Counter — commands: + - reset load tick save q")
    #expect(lines.contains("count: 42"))
    #expect(lines.contains("count: 41"))
    #expect(lines.last == "bye after 5 commands; saved count: 41")
    #expect(store.state.quitReason == .command)
  }

  /// Two saves within the file's write interval: the second waits for it, and the shutdown
  /// writes it before the program ends. The next run starts from it.
  @Test func theShutdownWritesTheSavedCountThatWaits() async throws {
    let store = makeStore()
    let lines = await run(
      store, script(.line("+"), .line("save"), .line("+"), .line("save"), .line("q")))
    #expect(lines.last == "bye after 4 commands; saved count: 2")
    let files = try #require(storage.fileSystem as? InMemoryFileSystem)
    let file = storage.folder.appending(component: "saved-count.json")
    #expect(files.writes(to: file).map { String(decoding: $0, as: UTF8.self) } == ["1", "2"])

    let nextRun = await run(makeStore(), script(.line("q")))
    #expect(nextRun.last == "bye after 0 commands; saved count: 2")
  }

  @Test func anUnknownCommandIsNamedAndChangesNothing() async {
    let store = makeStore()
    let lines = await run(store, script(.line("jump"), .endOfInput))
    #expect(
      lines == [
        "Counter — commands: + - reset load tick save q",
        "count: 0",
        "unknown command 'jump'; commands: + - reset load tick save q",
        "bye after 0 commands",
      ])
    #expect(store.state.quitReason == .endOfInput)
  }

  /// A SIGINT while a save runs quits, and the shutdown waits for the save: it is not lost.
  @Test(arguments: stressRuns)
  func aSIGINTDuringASaveWaitsForTheSave(run: Int) async {
    let (gate, openGate) = AsyncStream<Void>.makeStream()
    let (events, send) = AsyncStream<TerminalEvent>.makeStream()
    let store = makeStore(saveGate: gate)
    send.yield(.line("+"))
    send.yield(.line("save"))
    send.yield(.signal(SIGINT))
    let program = Task { await self.run(store, events) }
    openGate.yield()
    let lines = await program.value
    #expect(lines.last == "bye after 2 commands; saved count: 1")
    #expect(store.state.quitReason == .signal(SIGINT))
    #expect(store.state.counter.isSaving == false)
  }

  /// A save that never ends: the shutdown gives up at its timeout, says which effect was still
  /// running, and the program ends.
  @Test func aShutdownWhoseSaveNeverEndsStopsAtTheTimeout() async {
    let (gate, _) = AsyncStream<Void>.makeStream()
    let store = makeStore(saveGate: gate)
    let reported = Locked<[StoreDiagnostic]>([])
    store.diagnosticHandler = { diagnostic in reported.withLock { $0.append(diagnostic) } }
    let lines = await run(
      store, script(.line("save"), .signal(SIGTERM)), shutdownTimeout: .milliseconds(20))
    #expect(lines.last == "bye after 1 commands")
    #expect(store.state.counter.isSaving)
    let messages = reported.withLock { $0.map(\.message) }
    #expect(messages.count == 1)
    // The effect is named with the place of the save's `.run` in the feature's file.
    let message = messages.first ?? ""
    #expect(
      message.hasPrefix(
        """
        finishEffects(timeout: 0.02 seconds) stopped waiting with 1 effect in flight:
          • Counter/CounterFeature.swift:
        """))
    #expect(
      message.hasSuffix(
        ": detached, running, started by send(counter(Counter.CounterFeature.Action.save))"))
  }
}
