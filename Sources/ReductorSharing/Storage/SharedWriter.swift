import Foundation
import Reductor
public import Synchronization

/// Writes a persisted shared value off the main actor, in order and coalesced: the first change
/// is written at once, and the changes made within the write interval after a write are merged
/// into one trailing write of the value then, which starts the next interval.
///
/// One task writes, while there is something to write: it clears the "changed" flag, writes the
/// current value, and sleeps for the interval on the clock (a test's manual clock runs it at its
/// settle points); when the value has not changed after the sleep, it ends, and the next change
/// starts another. ``flush(of:)`` cancels the sleep, so that what waits is written at once, and
/// marks a value whose last write failed as changed, so that it is tried once more. A change
/// costs the changing thread two atomic loads (see that the flag is set, and that the task runs),
/// and a store when the flag was clear.
///
/// Writes are ordered: at most one task writes at a time, and each write reads the value when it
/// starts, after clearing the flag, so the last write is of a value no older than the last
/// change, whatever threads made the changes.
@usableFromInline
final class SharedWriter<Value: Sendable>: Sendable {
  private let destination: SharedDestination
  private let coding: SharedCoding<Value>
  private let interval: Duration
  private let clock: any Clock<Duration>
  /// Why the value must not be written, if it must not: its file could not be read, or a corrupt
  /// file could not be moved aside, and writing would lose what the user had.
  private let refusal: (any Error)?
  /// Whether the value changed since the writing task last read it.
  @usableFromInline let isChanged = Atomic(false)
  /// Whether the writing task runs (from just before it starts until it ends).
  @usableFromInline let isWriting = Atomic(false)
  /// The writing task, for `flush`.
  private let task = Locked<Task<Void, Never>?>(nil)

  init(
    destination: SharedDestination, coding: SharedCoding<Value>, interval: Duration,
    clock: any Clock<Duration>, refusal: (any Error)?
  ) {
    self.destination = destination
    self.coding = coding
    self.interval = interval
    self.clock = clock
    self.refusal = refusal
  }

  /// Writes the value of `reference` now if no write is in its interval, or when the interval
  /// ends.
  @inlinable
  func save(of reference: SharedReference<Value>) {
    // Already set: the task has yet to clear it, and reads the value after it does (a read
    // under the value's lock, which this change's write took first). Loading first spares a
    // run of changes a locked write each.
    if !isChanged.load(ordering: .sequentiallyConsistent) {
      isChanged.store(true, ordering: .sequentiallyConsistent)
    }
    if !isWriting.load(ordering: .sequentiallyConsistent) { startWriting(of: reference) }
  }

  /// Starts the writing task, unless another caller just did.
  @usableFromInline
  func startWriting(of reference: SharedReference<Value>) {
    guard
      isWriting.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent)
        .exchanged
    else { return }
    task.withLock { task in
      task = Task(executorPreference: (clock as? ManualClock)?.taskExecutor) {
        await self.writeWhileChanged(of: reference)
      }
    }
  }

  /// Writes what waits at once, and the value once more if its last write failed; waits until
  /// the writing task has ended.
  func flush(of reference: SharedReference<Value>) async {
    if reference.saveError != nil { save(of: reference) }
    guard let task = task.withLock({ $0 }) else { return }
    task.cancel()
    // On a manual clock the task runs only at a settle point.
    if let clock = clock as? ManualClock { await clock.advance(by: .zero) }
    await task.value
  }

  private func writeWhileChanged(of reference: SharedReference<Value>) async {
    while true {
      while isChanged.exchange(false, ordering: .sequentiallyConsistent) {
        write(reference.value, of: reference)
        // Cancelled by `flush`: the next value is written at once.
        try? await clock.sleep(for: interval)
      }
      isWriting.store(false, ordering: .sequentiallyConsistent)
      // A change made between the last check and now saw the task running and did not start
      // one: go on writing, unless a new task already took over.
      guard isChanged.load(ordering: .sequentiallyConsistent),
        isWriting.compareExchange(
          expected: false, desired: true, ordering: .sequentiallyConsistent
        ).exchanged
      else { return }
    }
  }

  private func write(_ value: Value, of reference: SharedReference<Value>) {
    if let refusal { return reference.didSave(failingWith: refusal) }
    do {
      try destination.write(try coding.encode(value))
      reference.didSave(failingWith: nil)
    } catch {
      reference.didSave(failingWith: error)
    }
  }
}

/// Where a persisted value is written: its file, or its key in a key-value store.
enum SharedDestination: Sendable {
  case file(URL, any SharedFileSystem)
  case keyValue(String, any SharedKeyValueStore)

  /// Writes `data`, persisted when this returns: a file replaced atomically, or a key-value
  /// entry set and the store synchronized (so that the next process reads it).
  func write(_ data: Data) throws {
    switch self {
    case .file(let url, let fileSystem):
      try fileSystem.write(data, to: url)
    case .keyValue(let key, let store):
      store.set(data, forKey: key)
      try store.synchronize()
    }
  }
}
