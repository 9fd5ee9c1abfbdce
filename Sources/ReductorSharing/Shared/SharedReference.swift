import Foundation
public import Reductor

/// The one value behind every ``Shared`` with the same key in a storage: its current value, the
/// errors of its persisted copy, its observers, and how it persists.
///
/// It is thread-safe: a lock (`Locked`, which ThreadSanitizer sees) guards the value. Each change
/// is yielded to the observers of ``values()``, handed to its writer, and announced to the stores
/// that follow it (`OutsideChangeFollowers`), so that another store holding it reports it to its
/// observers and to Observation. The value has no Observation registrar of its own: the stores
/// that hold it tell Observation, so a write pays no `withMutation` of its own
/// (`shared.assign.file`; see Benchmarks/NOTES.md).
///
/// Reading and changing it are inlinable, so that a client specializes them for its value: run
/// generically, every read and write would look up the value's generic metadata and copy it
/// through its value witnesses.
@usableFromInline
final class SharedReference<Value: Sendable>: Sendable {
  @usableFromInline
  struct State: Sendable {
    @usableFromInline var value: Value
    var loadError: (any Error)?
    var saveError: (any Error)?
    @usableFromInline var observers: [UInt64: AsyncStream<Value>.Continuation] = [:]
    var nextObserver: UInt64 = 0

    init(value: Value, loadError: (any Error)?) {
      self.value = value
      self.loadError = loadError
    }
  }

  /// The key in diagnostics and failures: `file /path/Settings.json`, `in memory "draft"`.
  let name: String
  @usableFromInline let state: Locked<State>
  /// Writes the value where it persists; nil for a value in memory.
  @usableFromInline let writer: SharedWriter<Value>?
  /// Where problems are reported: the dependencies' report when the value was made.
  private let report: @Sendable (StoreDiagnostic) -> Void
  /// The stores whose states hold it, which hear of its changes.
  @usableFromInline let followers = OutsideChangeFollowers()

  init(
    name: String, value: Value, loadError: (any Error)?, writer: SharedWriter<Value>?,
    report: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.name = name
    state = Locked(State(value: value, loadError: loadError))
    self.writer = writer
    self.report = report
  }

  /// The current value.
  @inlinable
  var value: Value {
    state.withLock { $0.value }
  }

  /// Changes the value with `body`, atomically, then yields it to the observers, has it written
  /// and tells the stores.
  @inlinable
  func update(_ body: (inout Value) -> Void) {
    state.withLock { state in
      body(&state.value)
      // Yielded under the lock, so that every observer sees the changes in their order.
      if !state.observers.isEmpty {
        for observer in state.observers.values { observer.yield(state.value) }
      }
    }
    // The writer reads the value when it writes, so that writes land in order.
    writer?.save(of: self)
    followers.didChange()
  }

  /// The error of reading the persisted copy when the value was made, until a write succeeds.
  var loadError: (any Error)? {
    state.withLock { $0.loadError }
  }

  /// The error of the last write, until one succeeds.
  var saveError: (any Error)? {
    state.withLock { $0.saveError }
  }

  /// Records the outcome of a write: an error is reported when it starts a run of failures,
  /// saying what happens next (a refused write is never tried again); a success clears both
  /// errors.
  func didSave(failingWith error: (any Error)?) {
    guard let error else {
      state.withLock { state in
        state.saveError = nil
        state.loadError = nil
      }
      return
    }
    let isFirstFailure = state.withLock { state in
      defer { state.saveError = error }
      return state.saveError == nil
    }
    guard isFirstFailure else { return }
    let message =
      if case .notOverwritingUnreadableFile = error as? SharedFileError {
        "Shared value \(name) is not saved: \(cause(of: error)). Its changes stay in memory only."
      } else {
        "Shared value \(name) could not be saved: \(cause(of: error)). The value stays in "
          + "memory; its next change, or flush(), writes it again."
      }
    report(
      StoreDiagnostic(
        kind: .sharedValueSaveFailed, message: message, error: error, fileID: "", line: 0))
  }

  /// The current value, then each new one, in order, until the iteration ends.
  func values() -> AsyncStream<Value> {
    let (stream, continuation) = AsyncStream.makeStream(of: Value.self)
    let id = state.withLock { state in
      let id = state.nextObserver
      state.nextObserver += 1
      state.observers[id] = continuation
      continuation.yield(state.value)
      return id
    }
    continuation.onTermination = { [weak self] _ in
      _ = self?.state.withLock { $0.observers.removeValue(forKey: id) }
    }
    return stream
  }

  /// Writes a change still waiting (a coalesced write) now, and the value once more if its last
  /// write failed, and waits until every write of the value has finished.
  ///
  /// - Returns: The value and its error, reported too, if its last write still failed.
  func flush() async -> UnsavedSharedValue? {
    guard let writer else { return nil }
    await writer.flush(of: self)
    guard let error = saveError else { return nil }
    report(
      StoreDiagnostic(
        kind: .sharedValueSaveFailed,
        message: "Shared value \(name) is still not saved after flush(): \(cause(of: error)). "
          + "What persists is not the value in memory.",
        error: error, fileID: "", line: 0))
    return UnsavedSharedValue(key: name, error: error)
  }
}
