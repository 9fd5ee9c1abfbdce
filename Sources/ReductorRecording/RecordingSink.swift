public import Foundation
public import Reductor
public import Synchronization

/// What a recorder hands over from the main actor (and an effect's end from any thread), and
/// the writer that encodes it, in order, off the main actor.
///
/// The main actor appends to `queue` without a lock, so that a send never waits; an effect's
/// end, from any thread, goes to `lateEntries` with how many of the queue's entries were
/// published before it. `writer`'s lock guards the encoding and the output, and is held while
/// entries are taken and written, so that they are written in order, whoever writes them (the
/// background task, a send over the buffer's limit, a flush).
@usableFromInline
final class RecordingSink<State: Codable & Sendable, Action: Codable & Sendable>: Sendable {
  /// What is recorded, in order.
  @usableFromInline
  enum Entry: Sendable {
    case header(KeptState)
    /// A step, with the state after it. Not a `KeptState`: an entry whose state carries a case
    /// of its own is built with its case bytes written one by one, then copied as one word,
    /// which waits for those writes to reach the cache, on every recorded send (`record.file`;
    /// see Benchmarks/NOTES.md).
    case step(Int, nanoseconds: Int64, origin: RecordedOrigin, Action, State)
    /// A step whose state holds a value by reference (a `@Shared` field), which later steps
    /// change in place: the state encoded when the step was recorded, or why it did not encode.
    case encodedStep(
      Int, nanoseconds: Int64, origin: RecordedOrigin, Action, Result<Data, any Error>)
    case effectStarted(Int)
    /// An effect's end, with its step's stages when they wait for it: one entry, so that no
    /// other line comes between the two.
    case effectEnded(Int, nanoseconds: Int64, Bool, stages: (@Sendable () -> [String: Duration])?)
    /// The stages of a step that started no effect, which the store's instrumentation timed;
    /// read when written.
    case stages(Int, @Sendable () -> [String: Duration])
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
      case .encoded(let data): try JSONValue(parsing: data.get())
      }
    }
  }

  /// The encoder's state: the output, and the state of the last step, which the next step's
  /// changes are computed against.
  struct Writer {
    var output: RecordingOutput?
    /// The lines written, for a recording in memory.
    var memory = Data()
    var previousTree: JSONValue = .null
    let encoder = RecordingCoding.makeEncoder()
    /// How many of the oldest steps were dropped for the `maxAge`: the later steps are written
    /// that much lower, so that the lines kept number their steps from 1.
    var droppedSteps = 0
    /// How many steps the lines written hold.
    var heldSteps = 0
    /// The buffer of the last batch written, emptied, which the next batch is taken into.
    var emptyBuffer: [Entry] = []
  }

  /// The file the lines go to; nil for a recording in memory.
  private let file: URL?
  private let snapshotInterval: Int
  /// How many of the newest steps are kept at least, when the oldest are dropped.
  private let maxAge: Int?
  private let report: @Sendable (StoreDiagnostic) -> Void
  /// The entries the main actor appends.
  @usableFromInline let queue = HandOffQueue<Entry>()
  /// The ends of effects, from any thread, each with how many of `queue`'s entries were published
  /// before it.
  private let lateEntries = Locked<[(after: Int, entry: Entry)]>([])
  /// Whether a background task is on its way to write what waits.
  @usableFromInline let isWriterScheduled = Atomic(false)
  private let writer: Locked<Writer>

  @usableFromInline
  init(
    output: RecordingOutput, snapshotInterval: Int, maxAge: Int?,
    report: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.writer = Locked(Writer(output: output))
    if case .file(_, let url) = output { file = url } else { file = nil }
    self.snapshotInterval = snapshotInterval
    self.maxAge = maxAge
    self.report = report
  }

  /// Buffers `entry` from the main actor, and starts a background task to write it unless one is
  /// on its way; over the buffer's limit, writes the entries itself. The limit is looked at when
  /// the queue starts a chunk: at most a chunk's entries late, and not on every send.
  @inlinable @inline(__always)
  func append(_ makeEntry: () -> Entry) {
    if queue.append(makeEntry), queue.waitingCount > SessionRecorder<State, Action>.bufferLimit {
      writePending()
    } else {
      startWriterUnlessScheduled()
    }
  }

  /// Buffers `entry` from any thread, after the entries the main actor appended so far, and
  /// starts a background task to write it unless one is on its way.
  func appendFromAnyThread(_ entry: Entry) {
    lateEntries.withLock {
      $0.append((queue.published.load(ordering: .sequentiallyConsistent), entry))
    }
    startWriterUnlessScheduled()
  }

  /// Starts a background task to write what waits, unless one is on its way.
  @inlinable
  func startWriterUnlessScheduled() {
    if !isWriterScheduled.load(ordering: .sequentiallyConsistent) { startWriter() }
  }

  /// Starts a background task to write what waits, unless another thread just did.
  @usableFromInline
  func startWriter() {
    guard !isWriterScheduled.exchange(true, ordering: .sequentiallyConsistent) else { return }
    Task.detached(priority: .utility) { [self] in writePending() }
  }

  /// Encodes and writes the entries that wait, batch after batch, until none is left.
  @usableFromInline
  func writePending() {
    writer.withLock { writer in
      while true {
        // The batch's array is kept, emptied, for the next batch: taking does not grow an
        // empty array again every time.
        var batch = writer.emptyBuffer
        takeWaiting(into: &batch)
        if batch.isEmpty {
          // No writer is on its way from now on; an entry appended meanwhile by a side that saw
          // one on its way is in the queue's count or the late entries read after this.
          isWriterScheduled.store(false, ordering: .sequentiallyConsistent)
          if queue.isEmpty && lateEntries.withLock({ $0.isEmpty }) { return }
          continue
        }
        write(batch, with: &writer)
        batch.removeAll(keepingCapacity: true)
        writer.emptyBuffer = batch
      }
    }
  }

  /// Takes the entries that wait into `batch`, in order: each effect's end after the entries
  /// the main actor published before it.
  private func takeWaiting(into batch: inout [Entry]) {
    // The late entries first: the queue's count, read after, covers the entries each came after.
    let late = lateEntries.withLock { entries in
      defer { entries.removeAll() }
      return entries
    }
    var nextLate = 0
    queue.take { index, entry in
      while nextLate < late.count, late[nextLate].after <= index {
        batch.append(late[nextLate].entry)
        nextLate += 1
      }
      batch.append(entry)
    }
    batch.append(contentsOf: late[nextLate...].lazy.map(\.entry))
  }

  /// Writes what waits, and closes the output: later entries are dropped.
  func close() {
    writePending()
    writer.withLock { closeOutput(of: &$0) }
  }

  /// The lines written: the memory's, or the file's contents.
  func writtenLines() throws -> Data {
    if let file { return try Data(contentsOf: file) }
    return writer.withLock { $0.memory }
  }

  private func write(_ batch: [Entry], with writer: inout Writer) {
    var lines = Data()
    for entry in batch {
      guard writer.output != nil else { return }
      do {
        try append(entry, to: &lines, with: &writer)
      } catch {
        // The lines before it are written; the recording stops.
        output(&lines, with: &writer)
        stop(
          because: "could not encode \(Self.description(of: entry)) (\(error))", error,
          with: &writer)
        return
      }
      if let maxAge, writer.heldSteps >= maxAge + max(maxAge, snapshotInterval) {
        output(&lines, with: &writer)
        dropOldestSteps(keeping: maxAge, with: &writer)
      }
    }
    output(&lines, with: &writer)
  }

  /// Writes `lines` to the output, and empties them.
  private func output(_ lines: inout Data, with writer: inout Writer) {
    defer { lines = Data() }
    switch writer.output {
    case .memory:
      writer.memory.append(lines)
    case .file(let handle, let url):
      do {
        try handle.write(contentsOf: lines)
      } catch {
        stop(because: "could not be written to \(url.path) (\(error))", error, with: &writer)
      }
    case nil:
      return
    }
  }

  /// Drops the oldest steps, whole snapshot intervals of them, so that at least `maxAge` steps
  /// are left: the lines are read back, the rest of the recording written in their place
  /// (a file atomically, so that a process killed meanwhile leaves the old lines or the new).
  /// Done once the lines hold `maxAge` steps more than they keep, or a snapshot interval more if
  /// that is longer: each step is rewritten at most twice or so.
  private func dropOldestSteps(keeping maxAge: Int, with writer: inout Writer) {
    let count = (writer.heldSteps - maxAge) / snapshotInterval * snapshotInterval
    do {
      switch writer.output {
      case .memory:
        writer.memory = try Recording<JSONValue, JSONValue>(jsonLines: writer.memory)
          .droppingFirst(count).jsonLines()
      case .file(let handle, let url):
        let kept = try Recording<JSONValue, JSONValue>(contentsOf: url).droppingFirst(count)
        try kept.write(to: url)
        try? handle.close()
        let newHandle = try FileHandle(forWritingTo: url)
        try newHandle.seekToEnd()
        writer.output = .file(newHandle, url)
      case nil:
        return
      }
    } catch {
      stop(because: "could not drop its oldest steps (\(error))", error, with: &writer)
      return
    }
    writer.droppedSteps += count
    writer.heldSteps -= count
  }

  private func append(_ entry: Entry, to lines: inout Data, with writer: inout Writer) throws {
    let encoder = writer.encoder
    switch entry {
    case .header(let state):
      writer.previousTree = try state.tree(encoder: encoder)
      lines.append(
        HeaderLine(snapshotInterval: snapshotInterval, state: writer.previousTree).data)
    case .step(let step, let time, let origin, let action, let state):
      try append(step, time, origin, action, .value(state), to: &lines, with: &writer)
    case .encodedStep(let step, let time, let origin, let action, let state):
      try append(step, time, origin, action, .encoded(state), to: &lines, with: &writer)
    case .effectStarted(let step):
      lines.append(EffectStartedLine(effectStarted: step - writer.droppedSteps).data)
    case .stages(let step, let stages):
      try append(stages, of: step, to: &lines, with: &writer)
    case .effectEnded(let step, let time, let cancelled, let stages):
      // The end of an effect whose step was dropped went with it.
      guard step > writer.droppedSteps else { return }
      lines.append(
        EffectEndedLine(effectEnded: step - writer.droppedSteps, time: time, cancelled: cancelled)
          .data)
      if let stages { try append(stages, of: step, to: &lines, with: &writer) }
    }
  }

  /// Appends the lines of a step: the step, and the snapshot if one falls on it.
  private func append(
    _ recordedStep: Int, _ time: Int64, _ origin: RecordedOrigin, _ action: Action,
    _ state: KeptState, to lines: inout Data, with writer: inout Writer
  ) throws {
    let encoder = writer.encoder
    let tree = try state.tree(encoder: encoder)
    let step = recordedStep - writer.droppedSteps
    var (originName, cause) = origin.line
    // A cause that was dropped is before the recording's start.
    cause = cause.flatMap { $0 > writer.droppedSteps ? $0 - writer.droppedSteps : nil }
    lines.append(
      StepLine(
        step: step, time: time, origin: originName, cause: cause,
        action: try RecordingCoding.tree(of: action, encoder: encoder),
        changes: writer.previousTree.changes(to: tree)
      ).data)
    if step % snapshotInterval == 0 {
      lines.append(SnapshotLine(snapshot: step, state: tree).data)
    }
    writer.previousTree = tree
    writer.heldSteps += 1
  }

  /// Appends the line of the stage durations of `step`, unless it has none or was dropped.
  private func append(
    _ stages: @Sendable () -> [String: Duration], of step: Int, to lines: inout Data,
    with writer: inout Writer
  ) throws {
    let durations = stages()
    guard step > writer.droppedSteps, !durations.isEmpty else { return }
    lines.append(StagesLine(step: step - writer.droppedSteps, durations: durations).data)
  }

  /// What `entry` is, in a diagnostic.
  private static func description(of entry: Entry) -> String {
    switch entry {
    case .header: "the initial state"
    case .step(let step, _, _, let action, _), .encodedStep(let step, _, _, let action, _):
      "step \(step) (\(action))"
    case .effectStarted(let step), .effectEnded(let step, _, _, _): "an effect of step \(step)"
    case .stages(let step, _): "the stage durations of step \(step)"
    }
  }

  /// Stops the recording, and says why: "the recording \(reason); it stopped".
  private func stop(because reason: String, _ error: any Error, with writer: inout Writer) {
    report(
      StoreDiagnostic(
        kind: .recordingFailed, message: "the recording \(reason); it stopped", error: error,
        fileID: "", line: 0))
    closeOutput(of: &writer)
  }

  /// Closes the output: later entries are dropped.
  private func closeOutput(of writer: inout Writer) {
    if case .file(let handle, _) = writer.output { try? handle.close() }
    writer.output = nil
  }
}
