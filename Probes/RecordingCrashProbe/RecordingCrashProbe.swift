// Crash safety of `store.record(to:)`: a child process records a store that reduces action
// after action, and is killed with SIGKILL at a random moment; the file it leaves must read back
// to at least the last step the child confirmed (flushed), every step whole and in order, with a
// cut-short last line, if any, reported and nothing else. CI runs it (`.ci/run`).
//
//   recording-crash-probe [trials] [sends]   the probe: 20 trials of 20,000 sends by default
//   recording-crash-probe child <file> <n>   one child: records n sends, confirming every 100th

import Foundation
import ProbeSupport
import Reductor
import ReductorRecording

/// A total of numbers, each added with a payload whose length depends on it: a line cut short,
/// or mixed from two writes, does not decode to a consistent step.
struct Tally: Reducer {
  struct State: Codable, Equatable, Sendable {
    var total = 0
    var last = ""
  }

  enum Action: Codable, Equatable, Sendable {
    case add(Int, payload: String)

    init(number: Int) {
      self = .add(number, payload: String(repeating: "\(number % 10)", count: 100 + number % 300))
    }
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    guard case .add(let number, let payload) = action else { return .none }
    state.total += number
    state.last = payload
    return .none
  }
}

/// One trial's outcome.
enum Outcome: String, CaseIterable {
  case whole = "every line whole"
  case cutShort = "a cut-short last line, reported"
  case finished = "finished before the kill"
  case broken = "broken: a line that does not read, a step missing or wrong"
}

@main
struct RecordingCrashProbe {
  static func main() async {
    let arguments = Array(CommandLine.arguments.dropFirst())
    if arguments.first == "child" {
      await child(file: URL(filePath: arguments[1]), sends: Int(arguments[2]) ?? 20_000)
      return
    }
    let values = arguments.compactMap { Int($0) }
    exit(probe(trials: values.first ?? 20, sends: values.dropFirst().first ?? 20_000))
  }

  /// Records `sends` actions; flushes every 100th step and prints `recorded n` once it is written.
  @MainActor
  static func child(file: URL, sends: Int) async {
    let store = ReducerStore(initialState: Tally.State(), reducer: Tally())
    let recorder: SessionRecorder<Tally.State, Tally.Action>
    do {
      recorder = try store.record(to: file, snapshotInterval: 50)
    } catch {
      fatalError("cannot record to \(file.path): \(error)")
    }
    for number in 1...sends {
      store.send(Tally.Action(number: number))
      if number % 100 == 0 {
        recorder.flush()
        FileHandle.standardOutput.write(Data("recorded \(number)\n".utf8))
        // Lets the recorder's background writer run between flushes too.
        await Task.yield()
      }
    }
    recorder.stop()
  }

  /// Runs the trials and prints their outcomes; returns the exit status: 1 if any was broken.
  static func probe(trials: Int, sends: Int) -> Int32 {
    let folder = FileManager.default.temporaryDirectory
      .appending(component: "recording-crash-probe-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appending(component: "session.jsonl")
    // One run to the end tells how long the sends take: the kills fall within it.
    let full = ContinuousClock().measure {
      _ = runChild(file: file, sends: sends, killAfter: nil)
    }
    var counts: [Outcome: Int] = [:]
    for _ in 0..<trials {
      try? FileManager.default.removeItem(at: file)
      let delay = full * Double.random(in: 0...0.9)
      let confirmed = runChild(file: file, sends: sends, killAfter: delay)
      let outcome = judge(file: file, confirmed: confirmed, sends: sends)
      counts[outcome, default: 0] += 1
    }
    print("recording crash safety: \(trials) trials of \(sends) sends (\(full) each), SIGKILL:")
    for outcome in Outcome.allCases {
      print("  \(counts[outcome, default: 0]) \(outcome.rawValue)")
    }
    return counts[.broken, default: 0] == 0 ? 0 : 1
  }

  /// Runs a child, kills it after `killAfter` if given; returns the last step it confirmed.
  static func runChild(file: URL, sends: Int, killAfter: Duration?) -> Int {
    let last = ProbeSupport.runChild(["child", file.path, String(sends)], killAfter: killAfter)
    return last.flatMap { Int($0.dropFirst("recorded ".count)) } ?? 0
  }

  /// Reads the file back: whole if it has the confirmed steps at least, each the action of its
  /// number, the last state their total, and no issue but a cut-short last line.
  static func judge(file: URL, confirmed: Int, sends: Int) -> Outcome {
    guard let recording = try? Recording<Tally.State, Tally.Action>(contentsOf: file) else {
      // Killed before the header was written: nothing was confirmed either.
      return confirmed == 0 && (try? Data(contentsOf: file))?.isEmpty != false ? .whole : .broken
    }
    let steps = recording.steps
    let isInOrder = steps.enumerated().allSatisfy { offset, step in
      step.number == offset + 1 && step.action == Tally.Action(number: offset + 1)
    }
    let expectedTotal = steps.count * (steps.count + 1) / 2
    guard isInOrder, steps.count >= confirmed,
      (try? recording.state(at: steps.count).total) == expectedTotal
    else { return .broken }
    switch recording.issues.map(\.kind) {
    case []: return steps.count == sends ? .finished : .whole
    case [.incompleteLastLine]: return .cutShort
    default: return .broken
    }
  }
}
