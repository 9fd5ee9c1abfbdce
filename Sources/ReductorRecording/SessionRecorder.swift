public import Foundation
public import Reductor

/// Records a store's session as JSON lines: an extension of the store that hears each action it
/// reduces, with where the action came from, the time on the store's clock and the state after
/// it, and the work of the effects. Start one with `record(to:snapshotInterval:maxAge:)`
/// or `record(snapshotInterval:maxAge:)`.
///
/// ```swift
/// let recorder = try store.record(to: url)
/// // … the session …
/// await store.finishEffects()
/// recorder.stop()
/// ```
///
/// On the main actor the recorder only copies the action and the state into a buffer; a
/// background task encodes them and writes them, in order, so a send never waits for the disk.
/// A state that holds a value by reference (a `@Shared` field), whose later steps change that
/// value in place, is encoded on the main actor at its step instead.
/// When the buffer holds more than ``bufferLimit`` entries — a program that sends faster, for
/// long, than its steps can be encoded — the send that finds it so encodes the waiting steps
/// itself, so that memory stays bounded. ``flush()`` writes what waits; ``stop()`` ends the
/// recording.
///
/// A step that cannot be encoded, or a file that cannot be written, stops the recording and is
/// reported to the store's `diagnosticHandler` (`.recordingFailed`):
/// the lines written before are whole, and the store goes on.
@MainActor
public final class SessionRecorder<State: Codable & Sendable, Action: Codable & Sendable>:
  @MainActor StoreExtension
{
  /// The most entries — steps, and the starts of effects — that wait to be encoded before a
  /// send encodes them itself.
  public nonisolated static var bufferLimit: Int { 10_000 }

  /// Hears each reduction, with the state after it, and the effects.
  public nonisolated var hooks: StoreHooks { [.didReduce, .effects] }

  // The hot path — `didReduce`, the sink's `append` and the installing `record` — is
  // `@inlinable`, so that it is specialized for the app's state and action: unspecialized,
  // every recorded send would look up generic metadata and copy the step through value
  // witnesses (`record.file`; see Benchmarks/NOTES.md).
  @usableFromInline let sink: RecordingSink<State, Action>
  @usableFromInline let elapsed: ElapsedTime
  private weak var store: ReducerStore<State, Action>?
  // Unchecked: the recorder's state is the main actor's, so the dynamic exclusivity checks of
  // its fields would guard nothing, on every recorded send (`record.file`).
  /// The store's number of the first reduction recorded: step 1.
  @exclusivity(unchecked) @usableFromInline var firstReduction: Int?
  /// Whether the state held a value by reference when last looked at, and when that was: it
  /// is looked at again when such values were made or looked up since.
  @exclusivity(unchecked) @usableFromInline var holdsValuesByReference = false
  @exclusivity(unchecked) @usableFromInline var lookedAtEpoch: UInt64 = .max
  /// The last step's stages, when the store's instrumentation times them: written once its
  /// effect ends, or, if it started none, with the next step (or a flush).
  @exclusivity(unchecked) @usableFromInline var unwrittenStages:
    (step: Int, stages: @Sendable () -> [String: Duration])?
  private let encoder = RecordingCoding.makeEncoder()

  @usableFromInline
  init(
    store: ReducerStore<State, Action>, output: RecordingOutput, snapshotInterval: Int,
    maxAge: Int?
  ) {
    self.store = store
    elapsed = ElapsedTime(startingOn: store.clock)
    sink = RecordingSink(
      output: output, snapshotInterval: snapshotInterval, maxAge: maxAge,
      report: store.diagnosticHandler)
    sink.append { .header(kept(store.state)) }
  }

  /// Buffers the step.
  @inlinable
  public func didReduce(
    _ action: Action, origin: ActionOrigin<Action>, from previous: State?, to state: State
  ) {
    let first = firstReduction ?? origin.reduction
    firstReduction = first
    let recordedOrigin: RecordedOrigin
    if let cause = origin.causingReduction {
      recordedOrigin = .effect(cause: cause >= first ? cause - first + 1 : nil)
    } else {
      if case .enqueued = origin.kind { recordedOrigin = .enqueued } else { recordedOrigin = .sent }
    }
    let step = origin.reduction - first + 1
    if unwrittenStages != nil { writeUnwrittenStages() }
    let time = elapsed.nanoseconds()
    if keepsEncoded(state) {
      let encoded = encodedNow(state)
      sink.append { .encodedStep(step, nanoseconds: time, origin: recordedOrigin, action, encoded) }
    } else {
      sink.append { .step(step, nanoseconds: time, origin: recordedOrigin, action, state) }
    }
    if let stages = origin.stageDurations { unwrittenStages = (step, stages) }
  }

  /// Hands the last step's stages to the writer.
  @usableFromInline
  func writeUnwrittenStages() {
    guard let unwritten = unwrittenStages else { return }
    unwrittenStages = nil
    sink.append { .stages(unwritten.step, unwritten.stages) }
  }

  /// `state` as it waits to be written: the value, or, if it holds a value by reference,
  /// encoded now.
  func kept(_ state: State) -> RecordingSink<State, Action>.KeptState {
    keepsEncoded(state) ? .encoded(encodedNow(state)) : .value(state)
  }

  /// Whether `state` waits to be written encoded: it holds a value by reference, which later
  /// steps change in place.
  @inlinable
  func keepsEncoded(_ state: State) -> Bool {
    OutsideChangeFollowers.lookForValuesHeldByReference(
      in: state, since: &lookedAtEpoch, holds: &holdsValuesByReference)
    return holdsValuesByReference
  }

  /// `state`, encoded now, or why it did not encode.
  @usableFromInline
  func encodedNow(_ state: State) -> Result<Data, any Error> {
    Result { try encoder.encode(state) }
  }

  /// Buffers the effect's start, and returns the function that buffers its end.
  public func effectStarted(
    by action: Action, origin: ActionOrigin<Action>
  ) -> (@Sendable (_ cancelled: Bool) -> Void)? {
    guard let first = firstReduction else { return nil }
    let step = origin.reduction - first + 1
    sink.append { .effectStarted(step) }
    // The step's stages wait for its effect's.
    var stages: (@Sendable () -> [String: Duration])?
    if let unwritten = unwrittenStages, unwritten.step == step {
      stages = unwritten.stages
      unwrittenStages = nil
    }
    let sink = sink
    return { [stages, elapsed] cancelled in
      sink.appendFromAnyThread(
        .effectEnded(step, nanoseconds: elapsed.nanoseconds(), cancelled, stages: stages))
    }
  }

  /// Encodes and writes the steps that wait, on the calling thread, and returns when they are
  /// written.
  ///
  /// Main-actor only, as the recorder is: it is an extension of its store.
  public func flush() {
    writeUnwrittenStages()
    sink.writePending()
  }

  /// Ends the recording: removes the recorder from its store, writes what waits, and closes the
  /// file. An effect that ends later is not recorded. Stopping a stopped recorder does nothing;
  /// ``recording()`` still reads what it wrote.
  ///
  /// Main-actor only, as the recorder is: it is an extension of its store.
  public func stop() {
    writeUnwrittenStages()
    store?.remove(self)
    store = nil
    sink.close()
  }

  /// The recording so far: what the recorder wrote, read back (it flushes first). After
  /// ``stop()``, the whole recording.
  ///
  /// - Returns: The recording.
  /// - Throws: An error reading the file back.
  public func recording() throws -> Recording<State, Action> {
    writeUnwrittenStages()
    sink.writePending()
    return try Recording(jsonLines: sink.writtenLines())
  }
}

/// Where a recorder's lines go.
@usableFromInline
enum RecordingOutput: Sendable {
  /// A file, open for writing, and its place.
  case file(FileHandle, URL)
  /// Memory.
  case memory
}

extension ReducerStore where State: Codable & Sendable, Action: Codable {
  /// Starts recording the store's session to a file of JSON lines (the format of the article
  /// "The recording format"), replacing the file: the state now, then each action the store
  /// reduces, where it came from and when, with a snapshot of the state every
  /// `snapshotInterval` steps.
  ///
  /// ```swift
  /// let recorder = try store.record(to: URL(filePath: "session.jsonl"))
  /// ```
  ///
  /// With a `maxAge`, Redux DevTools' name, the file keeps the newest steps only: once it holds
  /// `maxAge` steps more than that (or a snapshot interval more, if that is longer), the oldest
  /// whole snapshot intervals are dropped, leaving at least `maxAge` steps — the file is
  /// rewritten off the main actor, atomically, its first line the state before the first step
  /// it keeps, its steps numbered from 1 again (``Recording/droppingFirst(_:)``).
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - snapshotInterval: How many steps apart the snapshots are; at least 1 (a smaller value
  ///     is reported to the `diagnosticHandler`, and 1 used).
  ///   - maxAge: How many of the newest steps to keep at least; nil keeps them all (a value
  ///     below 1 is reported to the `diagnosticHandler`, and all are kept).
  /// - Returns: The recorder, installed; ``SessionRecorder/stop()`` ends the recording.
  /// - Throws: The error creating the file.
  @inlinable
  public func record(
    to url: URL, snapshotInterval: Int = 100, maxAge: Int? = nil
  ) throws -> SessionRecorder<State, Action> {
    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
      throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
    }
    let handle = try FileHandle(forWritingTo: url)
    return startRecording(
      to: .file(handle, url), snapshotInterval: snapshotInterval, maxAge: maxAge)
  }

  /// Starts recording the store's session in memory: the state now, then each action the store
  /// reduces, where it came from and when, with a snapshot of the state every
  /// `snapshotInterval` steps. ``SessionRecorder/recording()`` gives it.
  ///
  /// ```swift
  /// let recorder = store.record()
  /// store.send(.increment)
  /// let recording = try recorder.recording()
  /// ```
  ///
  /// With a `maxAge`, the recording keeps the newest steps only, as
  /// `record(to:snapshotInterval:maxAge:)` does, so that its memory stays bounded.
  ///
  /// - Parameters:
  ///   - snapshotInterval: How many steps apart the snapshots are; at least 1 (a smaller value
  ///     is reported to the `diagnosticHandler`, and 1 used).
  ///   - maxAge: How many of the newest steps to keep at least; nil keeps them all (a value
  ///     below 1 is reported to the `diagnosticHandler`, and all are kept).
  /// - Returns: The recorder, installed; ``SessionRecorder/stop()`` ends the recording.
  @inlinable
  public func record(
    snapshotInterval: Int = 100, maxAge: Int? = nil
  ) -> SessionRecorder<State, Action> {
    startRecording(to: .memory, snapshotInterval: snapshotInterval, maxAge: maxAge)
  }

  @inlinable
  func startRecording(
    to output: RecordingOutput, snapshotInterval: Int, maxAge: Int?
  ) -> SessionRecorder<State, Action> {
    if snapshotInterval < 1 {
      reportMisuse(
        "a recording's snapshot interval must be at least 1, not \(snapshotInterval); it takes "
          + "a snapshot after every step")
    }
    if let maxAge, maxAge < 1 {
      reportMisuse("a recording's maxAge must be at least 1, not \(maxAge); it keeps every step")
    }
    let recorder = SessionRecorder(
      store: self, output: output, snapshotInterval: max(1, snapshotInterval),
      maxAge: maxAge.flatMap { $0 < 1 ? nil : $0 })
    install(recorder)
    return recorder
  }

  /// Reports a misuse of the recording API to the `diagnosticHandler`.
  @usableFromInline
  func reportMisuse(_ message: String) {
    diagnosticHandler(
      StoreDiagnostic(kind: .recordingFailed, message: message, error: nil, fileID: "", line: 0))
  }
}
