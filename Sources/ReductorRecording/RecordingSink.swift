public import Foundation
public import Reductor

/// What a recorder hands over from the main actor (and an effect's end from any thread), and
/// the writer that encodes it, in order, off the main actor.
///
/// Two locks: `pending` guards the entries waiting, briefly, so that appending never waits for
/// encoding; `writer` guards the encoding and the output, and is held while a batch is taken
/// from `pending` and written, so that batches are written in the order they were taken,
/// whoever writes them (the background task, a send over the buffer's limit, a flush).
@usableFromInline
final class RecordingSink<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
  /// What is recorded, in order.
  @usableFromInline
  enum Entry: Sendable {
    case header(KeptState)
    case step(Int, time: Duration, origin: RecordedOrigin, Action, KeptState)
    case effectStarted(Int)
    case effectEnded(Int, time: Duration, Bool)
  }

  /// A state, as it waits to be written.
  @usableFromInline
  enum KeptState: Sendable {
    /// The state, encoded when it is written.
    case value(State)
    /// The state encoded when it was recorded, or why it did not encode: a state that holds a
    /// value by reference (a `@Shared` field), which later steps change in place.
    case encoded(Result<Data, any Error>)

    /// The state as a JSON tree.
    func tree(encoder: JSONEncoder) throws -> JSONValue {
      switch self {
      case .value(let state): try RecordingCoding.tree(of: state, encoder: encoder)
      case .encoded(let data): try JSONDecoder().decode(JSONValue.self, from: data.get())
      }
    }
  }

  @usableFromInline
  struct Pending: Sendable {
    @usableFromInline var entries: [Entry] = []
    /// Whether a background task is on its way to write the entries.
    @usableFromInline var isWriterScheduled = false
    /// How many steps `entries` holds.
    @usableFromInline var steps = 0

    @usableFromInline
    init() {}
  }

  /// The encoder's state: the output, and the state of the last step, which the next step's
  /// changes are computed against.
  struct Writer {
    var output: RecordingOutput?
    /// The lines written, for a recording in memory.
    var memory = Data()
    var previousTree: JSONValue = .null
    let encoder = RecordingCoding.makeEncoder()
  }

  @usableFromInline let elapsed: @Sendable () -> Duration
  /// The file the lines go to; nil for a recording in memory.
  private let file: URL?
  private let snapshotInterval: Int
  private let report: @Sendable (StoreDiagnostic) -> Void
  @usableFromInline let pending = Locked(Pending())
  private let writer: Locked<Writer>

  @usableFromInline
  init(
    output: RecordingOutput, snapshotInterval: Int, elapsed: @escaping @Sendable () -> Duration,
    report: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.writer = Locked(Writer(output: output))
    if case .file(_, let url) = output { file = url } else { file = nil }
    self.snapshotInterval = snapshotInterval
    self.elapsed = elapsed
    self.report = report
  }

  /// Buffers `entry`, and starts a background task to write it unless one is on its way; over
  /// the buffer's limit, writes the entries itself.
  @inlinable
  func append(_ entry: Entry) {
    var isStep = false
    if case .step = entry { isStep = true }
    let (startsWriter, isFull) = pending.withLock { pending in
      pending.entries.append(entry)
      if isStep { pending.steps += 1 }
      let startsWriter = !pending.isWriterScheduled
      pending.isWriterScheduled = true
      return (startsWriter, pending.steps > SessionRecorder<State, Action>.bufferLimit)
    }
    if isFull {
      writePending()
    } else if startsWriter {
      Task.detached(priority: .utility) { [self] in writePending() }
    }
  }

  /// Encodes and writes the entries that wait, batch after batch, until none is left.
  @usableFromInline
  func writePending() {
    writer.withLock { writer in
      while true {
        let batch = pending.withLock { pending in
          let batch = pending.entries
          pending.entries = []
          pending.steps = 0
          if batch.isEmpty { pending.isWriterScheduled = false }
          return batch
        }
        guard !batch.isEmpty else { return }
        write(batch, with: &writer)
      }
    }
  }

  /// Writes what waits, and closes the output: later entries are dropped.
  func close() {
    writePending()
    writer.withLock { writer in
      if case .file(let handle, _) = writer.output { try? handle.close() }
      writer.output = nil
    }
  }

  /// The lines written: the memory's, or the file's contents.
  func writtenLines() throws -> Data {
    if let file { return try Data(contentsOf: file) }
    return writer.withLock { $0.memory }
  }

  private func write(_ batch: [Entry], with writer: inout Writer) {
    guard let output = writer.output else { return }
    var lines = Data()
    for entry in batch {
      do {
        try append(entry, to: &lines, with: &writer)
      } catch {
        fail(at: entry, error: error, with: &writer)
        break
      }
    }
    switch output {
    case .memory:
      writer.memory.append(lines)
    case .file(let handle, let url):
      do {
        try handle.write(contentsOf: lines)
      } catch {
        report(
          StoreDiagnostic(
            kind: .recordingFailed,
            message: "the recording could not be written to \(url.path) (\(error)); it stopped",
            error: error, fileID: "", line: 0))
        try? handle.close()
        writer.output = nil
      }
    }
  }

  private func append(_ entry: Entry, to lines: inout Data, with writer: inout Writer) throws {
    let encoder = writer.encoder
    switch entry {
    case .header(let state):
      writer.previousTree = try state.tree(encoder: encoder)
      lines.append(
        try RecordingCoding.line(
          HeaderLine(snapshotInterval: snapshotInterval, state: writer.previousTree),
          encoder: encoder))
    case .step(let step, let time, let origin, let action, let state):
      let tree = try state.tree(encoder: encoder)
      let (originName, cause) = origin.line
      lines.append(
        try RecordingCoding.line(
          StepLine(
            step: step, time: time.recordedNanoseconds, origin: originName, cause: cause,
            action: action, changes: writer.previousTree.changes(to: tree)), encoder: encoder))
      if step % snapshotInterval == 0 {
        lines.append(
          try RecordingCoding.line(SnapshotLine(snapshot: step, state: tree), encoder: encoder))
      }
      writer.previousTree = tree
    case .effectStarted(let step):
      lines.append(
        try RecordingCoding.line(EffectStartedLine(effectStarted: step), encoder: encoder))
    case .effectEnded(let step, let time, let cancelled):
      lines.append(
        try RecordingCoding.line(
          EffectEndedLine(
            effectEnded: step, time: time.recordedNanoseconds, cancelled: cancelled),
          encoder: encoder))
    }
  }

  /// Stops the recording at an entry that does not encode, and says so.
  private func fail(at entry: Entry, error: any Error, with writer: inout Writer) {
    let what =
      switch entry {
      case .header: "the initial state"
      case .step(let step, _, _, let action, _): "step \(step) (\(action))"
      case .effectStarted(let step), .effectEnded(let step, _, _): "an effect of step \(step)"
      }
    report(
      StoreDiagnostic(
        kind: .recordingFailed,
        message: "the recording could not encode \(what) (\(error)); it stopped before it",
        error: error, fileID: "", line: 0))
    writer.output = nil
  }
}
