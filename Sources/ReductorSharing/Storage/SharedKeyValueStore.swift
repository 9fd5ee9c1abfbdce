public import Foundation
import Reductor

/// Where a ``SharedKey/keyValue(_:)`` value is kept, as JSON data by key: ``UserDefaultsStore``
/// in a program, an ``InMemoryKeyValueStore`` in tests.
public protocol SharedKeyValueStore: Sendable {
  /// The data under `key`, or nil.
  func data(forKey key: String) -> Data?
  /// Sets the data under `key`.
  func set(_ data: Data, forKey key: String)
}

/// A key-value store backed by `UserDefaults` (on Linux, swift-corelibs-foundation's, which
/// persists to a property list in the user's configuration folder).
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
}

/// A key-value store in memory: what a test's key-value shared values use.
public final class InMemoryKeyValueStore: SharedKeyValueStore {
  private let values: Locked<[String: Data]>

  /// A store holding `values`; empty by default.
  ///
  /// - Parameter values: The data it starts with, by key.
  public init(_ values: [String: Data] = [:]) {
    self.values = Locked(values)
  }

  /// The data under `key`.
  public func data(forKey key: String) -> Data? {
    values.withLock { $0[key] }
  }

  /// Sets the data under `key`.
  public func set(_ data: Data, forKey key: String) {
    values.withLock { $0[key] = data }
  }
}
