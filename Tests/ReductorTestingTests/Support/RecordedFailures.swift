import Reductor
import Testing

/// Runs `body`, which must record at least one failure, and returns the failures' messages.
/// The failures are known issues, so the surrounding test still passes.
@MainActor
func recordedFailures(
  sourceLocation: SourceLocation = #_sourceLocation,
  _ body: @MainActor () async -> Void
) async -> [String] {
  let messages = Locked<[String]>([])
  await withKnownIssue(sourceLocation: sourceLocation) {
    await body()
  } matching: { issue in
    messages.withLock { $0.append(issue.comments.map(\.rawValue).joined(separator: "\n")) }
    return true
  }
  return messages.value
}
