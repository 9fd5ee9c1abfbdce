import Foundation
import StressRuns
import Testing

@testable import Terminal

/// Standard input and signals as events, read off the main actor.
@Suite struct TerminalEventsTests {
  /// A script of lines, read one at a time by a thread, as `readLine()` would.
  final class Script: Sendable {
    private let lock = NSLock()
    nonisolated(unsafe) private var lines: [String]

    init(_ lines: [String]) {
      self.lines = lines
    }

    func readLine() -> String? {
      lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
  }

  @Test func linesArriveInOrderThenTheEndOfInputEndsTheStream() async {
    let script = Script(["+", "load", "q"])
    var events: [TerminalEvent] = []
    for await event in Terminal.events(lines: script.readLine, signals: []) {
      events.append(event)
    }
    #expect(events == [.line("+"), .line("load"), .line("q"), .endOfInput])
  }

  /// A SIGINT sent to the process, as Ctrl-C or `kill -INT` sends it, arrives as an event and
  /// does not end the process, however soon after `events` returns it comes. One run at a time:
  /// the runs share the process's signal handling.
  @Test(.serialized, arguments: stressRuns)
  func aSignalToTheProcessArrivesAsAnEvent(run: Int) async {
    let blockUntilDone = DispatchSemaphore(value: 0)
    let events = Terminal.events(
      lines: {
        blockUntilDone.wait()  // a terminal where nobody types
        return nil
      }, signals: [SIGINT])
    kill(getpid(), SIGINT)
    var iterator = events.makeAsyncIterator()
    let event = await iterator.next()
    #expect(event == .signal(SIGINT))
    blockUntilDone.signal()
    #expect(await iterator.next() == .endOfInput)
  }
}

@Suite struct TerminalCommandTests {
  @Test func aLineIsItsFirstWordAndTheRest() {
    let add = TerminalCommand("add green fig")
    #expect(add?.name == "add")
    #expect(add?.argument == "green fig")
    let load = TerminalCommand("load")
    #expect(load?.name == "load")
    #expect(load?.argument == "")
    #expect(TerminalCommand("") == nil)
    #expect(TerminalCommand("   ") == nil)
  }
}
