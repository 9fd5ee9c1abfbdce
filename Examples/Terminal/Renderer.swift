import Observation

/// Prints a line that shows the state whenever what it shows changes: right after a command, and
/// whenever an effect changes the state while the program waits for input.
///
/// `describe` reads the store's state; reading it inside `withObservationTracking` tells the
/// renderer when to describe it again. A line equal to the last one printed is not printed again.
///
/// ```swift
/// let renderer = Renderer(print: { print($0) }) { describe(counter.state) }
/// renderer.render()
/// ```
@MainActor
public final class Renderer {
  private let describe: @MainActor () -> String
  private let print: @MainActor (String) -> Void
  private var lastLine: String?
  private var isWatching = false

  /// Creates a renderer that prints what `describe` returns with `print`.
  ///
  /// - Parameters:
  ///   - print: Writes one line.
  ///   - describe: The line that shows the current state.
  public init(
    print: @escaping @MainActor (String) -> Void,
    describe: @escaping @MainActor () -> String
  ) {
    self.print = print
    self.describe = describe
  }

  /// Prints the state's line if it changed, and watches the state for the next change.
  public func render() {
    let line: String
    if isWatching {
      line = describe()
    } else {
      isWatching = true
      line = withObservationTracking {
        describe()
      } onChange: { [weak self] in
        // Called just before the change is made: render once the reduction is over.
        Task { @MainActor in
          self?.isWatching = false
          self?.render()
        }
      }
    }
    guard line != lastLine else { return }
    lastLine = line
    print(line)
  }
}
