import Reductor
import ReductorSharing
import Terminal

/// The terminal program around the app's store: commands and signals in, a line per state out,
/// and a shutdown that waits for the effects still in flight.
@MainActor
struct CounterProgram {
  let store: StoreOf<AppFeature.Reducer>
  /// Writes one line of output.
  let write: @MainActor (String) -> Void
  /// How long the shutdown waits for effects still in flight.
  var shutdownTimeout = Duration.seconds(5)
  /// Where the saved count is kept.
  @Dependency(\.sharedStorage) private var sharedStorage

  static let help = "commands: + - reset load tick save q"

  /// Runs until `q`, the end of input or a signal, then waits for the effects still in flight.
  func run(_ events: some AsyncSequence<TerminalEvent, Never>) async {
    let counter = store.scope(state: \.counter, action: AppFeature.Action.counter)
    write("Counter — \(Self.help)")
    // A line now, and one whenever an action changes it, while a command runs or while the
    // program waits for input.
    let rendering = counter.observe(\.line) { line in write(line) }
    for await event in events {
      switch event {
      case .line(let line):
        await perform(line.trimmingSpaces(), on: counter)
      case .endOfInput:
        store.send(.quit(.endOfInput))
      case .signal(let number):
        store.send(.quit(.signal(number)))
      }
      if store.state.quitReason != nil { break }
    }
    // A save still running must not be lost: wait for it (and a load), at most the timeout.
    await store.finishEffects(timeout: shutdownTimeout)
    // Its result is in a file whose writes are coalesced: write what waits, before exiting.
    await sharedStorage.flush()
    rendering.cancel()
    let saved = store.state.counter.savedCount.map { "; saved count: \($0)" } ?? ""
    write("bye after \(store.state.commands) commands\(saved)")
  }

  /// Sends the action a command names. `load` waits for the server's answer, so that the next
  /// command applies to the loaded count; the timer ticks meanwhile, and its lines show.
  private func perform(
    _ command: String, on counter: any Store<CounterFeature.State, CounterFeature.Action>
  ) async {
    let action: CounterFeature.Action
    switch command {
    case "": return
    case "q", "quit":
      store.send(.quit(.command))
      return
    case "+": action = .increment
    case "-": action = .decrement
    case "reset": action = .reset
    case "load": action = .load
    case "tick": action = .toggleTicking
    case "save": action = .save
    default:
      write("unknown command '\(command)'; \(Self.help)")
      return
    }
    store.send(.commandEntered)
    let task = counter.send(action)
    if action == .load { await task.finish() }
  }
}

extension CounterFeature.State {
  /// The line that shows the counter.
  var line: String {
    var flags: [String] = []
    if isLoading { flags.append("loading…") }
    if isSaving { flags.append("saving…") }
    if isTicking { flags.append("ticking") }
    return "count: \(count)" + (flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))")
  }
}

extension String {
  fileprivate func trimmingSpaces() -> String {
    String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
  }
}
