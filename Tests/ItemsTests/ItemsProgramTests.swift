import StressRuns
import Terminal
import Testing

@testable import Items

/// The terminal program around the view model, driven by a script of events.
@MainActor
@Suite struct ItemsProgramTests {
  final class Output {
    var lines: [String] = []
  }

  func run(_ lines: String...) async -> [String] {
    let catalog = Catalog(items: ["apple", "banana"], latency: .zero)
    let output = Output()
    let program = ItemsProgram(
      viewModel: ItemsViewModel(catalog: catalog), catalog: catalog,
      write: { output.lines.append($0) })
    let events = AsyncStream<TerminalEvent> { continuation in
      for line in lines { continuation.yield(.line(line)) }
      continuation.finish()
    }
    await program.run(events)
    return output.lines
  }

  /// CI's piped run: each command's output comes before the next command is read.
  @Test(arguments: stressRuns)
  func thePipedScriptShowsEveryState(run: Int) async {
    let lines = await self.run("add fig", "open 3", "back", "down", "load", "q")
    #expect(
      lines == [
        "Items — \(ItemsProgram.help)",
        "items: not loaded",
        "items: loading…",
        "items: #1 apple, #2 banana",
        "items: loading…",
        "items: #1 apple, #2 banana, #3 fig",
        "detail: #3 fig",
        "items: #1 apple, #2 banana, #3 fig",
        "catalog down",
        "items: loading…",
        "items: failed (the catalog is down)",
        "bye after 3 loads",
      ])
  }

  @Test func anUnknownItemOrCommandIsNamed() async {
    let lines = await run("open 7", "frobnicate", "q")
    #expect(lines.contains("no item 7"))
    #expect(lines.contains("unknown command 'frobnicate'; \(ItemsProgram.help)"))
  }
}
