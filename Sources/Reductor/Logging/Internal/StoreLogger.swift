#if DEBUG
/// The logging of one store, as its extension: formats and emits entries around each reduction.
///
/// Only debug builds have it.
@MainActor
final class StoreLogger<State, Action: Sendable>: @MainActor StoreExtension {
  private let options: LogOptions
  private let name: String
  private let sink: LogSink
  private let formatState: ((State) -> String)?
  private let formatter = MirrorFormatter()
  /// The last state, as `.diff` compares it: a snapshot of the whole state, so that a class
  /// state mutated in place still has its old values.
  private var lastState: FormattedValue?

  init(
    options: LogOptions, name: String, sink: LogSink, formatState: ((State) -> String)?
  ) {
    self.options = options
    self.name = name
    self.sink = sink
    self.formatState = formatState
  }

  nonisolated var hooks: StoreHooks { [.willReduce, .didReduce] }

  /// Whether these options log anything at all.
  var isEnabled: Bool {
    !options.isDisjoint(with: [.action, .state, .diff])
  }

  /// Logs the state the store has when logging is configured.
  func logConfiguration(_ state: State) {
    if options.contains(.diff) {
      lastState = formatter.snapshot(of: state)
      if !options.contains(.state) {
        sink("[\(name)][State] " + formatter.format(state))
        return
      }
    }
    if options.contains(.state) { logState(state) }
  }

  func willReduce(_ action: Action, origin: ActionOrigin<Action>) {
    guard options.contains(.action) else { return }
    sink("[\(name)][Action] " + formatter.format(action))
  }

  func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    if options.contains(.state) { logState(state) }
    if options.contains(.diff) { logDiff(state) }
  }

  private func logState(_ state: State) {
    let text = formatState?(state) ?? formatter.format(state)
    sink("[\(name)][State] " + text)
  }

  private func logDiff(_ state: State) {
    let snapshot = formatter.snapshot(of: state)
    defer { lastState = snapshot }
    guard let lastState, let diff = formatter.diff(from: lastState, to: snapshot) else {
      sink("[\(name)][Diff] no changes")
      return
    }
    let indented = diff.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" }
    sink((["[\(name)][Diff]"] + indented).joined(separator: "\n"))
  }
}
#endif
