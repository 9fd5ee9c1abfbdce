/// A problem the store noticed at run time that did not stop it, such as an effect that threw.
///
/// A store hands each diagnostic to its ``ReducerStore/diagnosticHandler``; the default handler
/// writes ``description`` to standard error. Nothing is swallowed silently.
public struct StoreDiagnostic: Sendable, CustomStringConvertible {
  /// What went wrong.
  public enum Kind: Sendable, Equatable {
    /// An effect threw an error that no `catch:` handler mapped to an action. It produced no
    /// action.
    case effectFailed
    /// An effect's ``Send`` was called after the operation it was given to had returned. The
    /// action was dropped.
    case sendAfterEffectFinished
    /// ``ReducerStore/finishEffects(timeout:fileID:line:)``, or a reactor's wait for an action
    /// with a timeout, stopped waiting (its timeout passed, or its task was cancelled) while
    /// effects were still in flight; the message names them. They keep running.
    case effectsStillInFlight
    /// A stage of an instrumented store's action took at least its warning threshold; the
    /// message names the store, the stage, the action's case and the duration. See
    /// ``Instrumentation``.
    case slowStage
    /// ``StoreTask/finish()`` on a store whose clock is a ``ManualClock`` saw nothing happen on
    /// the clock for its ``ManualClock/stalledWaitTimeout`` while the send's work was
    /// unfinished: typically the work sleeps on the clock, and the task that would advance it
    /// is the one waiting (a test that awaits a send, or a reactor's `await send(action:)`,
    /// before it advances). The message names the send, its effects in flight (each with the
    /// place of the `.run` or `.stream` that made it) and the next deadline on the clock. The
    /// wait stopped; the work keeps running.
    case waitStalled
    /// A dependency without a test value was read in the test context, with no override; the
    /// message names its key. It gave its preview value.
    case missingTestDependency
    /// An action was sent to a child that is not there: an optional child that is nil, or a row
    /// whose id is not in its collection (`ifLet`, `forEach`). The message names the action; the
    /// state was left unchanged.
    case actionForMissingChild
    /// An action reached the store of an object that was released: a reactor, reactable or async
    /// reactor of `ReductorReactor`, whose `store` was kept after it. The message names the
    /// action and the object's type; the state was left unchanged.
    case actionForReleasedOwner
    /// A ``DismissEffect`` was called outside a presented child: nothing was dismissed.
    case dismissOutsidePresentation
    /// A shared value's persisted copy could not be read or decoded (`ReductorSharing`); the
    /// message names its place and the error. The value started from its default, and a
    /// corrupt file was kept next to the original.
    case sharedValueLoadFailed
    /// A shared value could not be persisted (`ReductorSharing`): a read-only folder, a full
    /// disk; the message names its place and the error. The value stays in memory, and the next
    /// change tries again.
    case sharedValueSaveFailed
    /// A session's recording (`ReductorRecording`) could not encode a step or write its file —
    /// the message names the step and the error; the recording stopped there, the lines it wrote
    /// before are whole, and the store goes on — or was asked for snapshots less than one step
    /// apart (it takes one after every step).
    case recordingFailed
    /// An effect named a queue (``EffectLifetime/queued(_:_:)``) with a policy that cannot run
    /// as written: a count below one or a negative delay, which run as a count of one or no
    /// delay, or a policy other than the one of the effects the queue holds, which the queue
    /// keeps. The message names the queue, the policies and the place of the effect.
    case invalidEffectQueuePolicy
  }

  /// What went wrong.
  public let kind: Kind
  /// A sentence describing the problem and its consequence.
  public let message: String
  /// The error involved, if any.
  public let error: (any Error)?
  /// The file in which the effect involved was created, or the call that found the problem;
  /// empty when no place in the source is involved (a slow stage).
  public let fileID: String
  /// The line of that effect or call.
  public let line: UInt

  /// Creates a diagnostic, as the package's modules do before they hand it to a store's
  /// handler: for a test of a handler you install, or code that forwards diagnostics.
  ///
  /// ```swift
  /// let diagnostic = StoreDiagnostic(
  ///   kind: .effectFailed, message: "load failed", error: nil, fileID: "App/Feed.swift", line: 12)
  /// #expect(diagnostic.description == "[Reductor] App/Feed.swift:12: load failed")
  /// ```
  ///
  /// - Parameters:
  ///   - kind: What went wrong.
  ///   - message: A sentence describing the problem and its consequence.
  ///   - error: The error involved, if any.
  ///   - fileID: The file involved; empty when no place in the source is involved.
  ///   - line: The line involved.
  public init(kind: Kind, message: String, error: (any Error)?, fileID: String, line: UInt) {
    self.kind = kind
    self.message = message
    self.error = error
    self.fileID = fileID
    self.line = line
  }

  /// The message with its source location, if any, as the default handler prints it.
  public var description: String {
    fileID.isEmpty ? "[Reductor] \(message)" : "[Reductor] \(fileID):\(line): \(message)"
  }
}
