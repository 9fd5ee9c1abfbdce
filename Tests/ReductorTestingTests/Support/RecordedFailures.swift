// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Reductor
import Testing

/// A failure a test store reported: its message and the line it was reported at.
struct RecordedFailure: Equatable {
  let message: String
  let line: Int?
}

/// Runs `body`, which must record at least one failure, and returns the failures' messages.
/// The failures are known issues, so the surrounding test still passes.
@MainActor
func recordedFailures(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async -> [String] {
  await recordedFailuresWithLines(sourceLocation: sourceLocation, body).map(\.message)
}

/// Like `recordedFailures`, with the line each failure was reported at.
@MainActor
func recordedFailuresWithLines(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async -> [RecordedFailure] {
  let failures = Locked<[RecordedFailure]>([])
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    let message = issue.comments.map(\.rawValue).joined(separator: "\n")
    failures.withLock {
      $0.append(RecordedFailure(message: message, line: issue.sourceLocation?.line))
    }
    return true
  }
  return failures.value
}
