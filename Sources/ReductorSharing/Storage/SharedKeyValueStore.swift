public import Foundation
import Reductor

/// Where a ``SharedKey/keyValue(_:writeInterval:)`` value is kept, as JSON data by key:
/// ``UserDefaultsStore`` in a program, an ``InMemoryKeyValueStore`` in tests.
public protocol SharedKeyValueStore: Sendable {
  /// The data under `key`, or nil.
  func data(forKey key: String) -> Data?
  /// Sets the data under `key`.
  func set(_ data: Data, forKey key: String)
  /// Persists the data set so far, so that the next process reads it; a shared value's writer
  /// calls it after each write, and so ``SharedStorage/flush()`` too.
  func synchronize() throws
}

/// A key-value store backed by `UserDefaults` (on Linux, swift-corelibs-foundation's, which
/// persists to a property list in the user's configuration folder when it is synchronized).
public struct UserDefaultsStore: SharedKeyValueStore {
  // `UserDefaults` is thread-safe; it is not marked `Sendable` on every platform.
  nonisolated(unsafe) private let defaults: UserDefaults

  /// A store backed by `defaults`.
  ///
  /// - Parameter defaults: The defaults; `UserDefaults.standard` by default.
  public init(_ defaults: UserDefaults = .standard) {
    self.defaults = defaults
  }

  /// The data the defaults hold under `key`.
  public func data(forKey key: String) -> Data? {
    defaults.data(forKey: key)
  }

  /// Sets the defaults' data under `key`.
  public func set(_ data: Data, forKey key: String) {
    defaults.set(data, forKey: key)
  }

  /// Synchronizes the defaults: on Linux, writes them to their property list, which nothing else
  /// does before the process exits.
  ///
  /// - Throws: ``SharedFileError/keyValueStoreNotSynchronized`` if the defaults could not be
  ///   written.
  public func synchronize() throws {
    guard defaults.synchronize() else { throw SharedFileError.keyValueStoreNotSynchronized }
  }
}

/// A key-value store in memory: what a test's key-value shared values use. It keeps every set
/// and what the last ``synchronize()`` persisted, for tests of when writes happen.
public final class InMemoryKeyValueStore: SharedKeyValueStore {
  private struct State {
    var values: [String: Data]
    var synchronizedValues: [String: Data]
    var writes: [(key: String, data: Data)] = []
  }

  private let state: Locked<State>

  /// A store holding `values`, as persisted; empty by default.
  ///
  /// - Parameter values: The data it starts with, by key.
  public init(_ values: [String: Data] = [:]) {
    state = Locked(State(values: values, synchronizedValues: values))
  }

  /// The data under `key`.
  public func data(forKey key: String) -> Data? {
    state.withLock { $0.values[key] }
  }

  /// Sets the data under `key`.
  public func set(_ data: Data, forKey key: String) {
    state.withLock { state in
      state.values[key] = data
      state.writes.append((key, data))
    }
  }

  /// Persists the data set so far: ``synchronizedData(forKey:)`` returns it from now on.
  public func synchronize() {
    state.withLock { $0.synchronizedValues = $0.values }
  }

  /// The data under `key` when the store was last synchronized: what another process would
  /// read.
  ///
  /// - Parameter key: The key.
  /// - Returns: The data, or nil.
  public func synchronizedData(forKey key: String) -> Data? {
    state.withLock { $0.synchronizedValues[key] }
  }

  /// Every set under `key`, oldest first.
  ///
  /// - Parameter key: The key.
  /// - Returns: The data of each set.
  public func writes(forKey key: String) -> [Data] {
    state.withLock { state in state.writes.filter { $0.key == key }.map(\.data) }
  }
}
