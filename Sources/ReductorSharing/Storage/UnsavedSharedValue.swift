/// A persisted shared value whose last change is not written: what `flush()` returns for each
/// value it could not write, even when trying once more.
///
/// ```swift
/// let unsaved = await harness.storage.flush()
/// #expect(unsaved.map(\.key) == ["file /data/settings.json", "key-value \"count\""])
/// ```
public struct UnsavedSharedValue: Sendable, CustomStringConvertible {
  /// The value's key, as diagnostics name it: `file /path/Settings.json`, `key-value "count"`.
  public let key: String
  /// Why its last write failed, or why it is not written at all (a file that could not be read
  /// is never overwritten).
  public let error: any Error

  /// The key and the cause, in plain words: `file /data/settings.json: no space left on device`.
  public var description: String {
    "\(key): \(cause(of: error))"
  }
}
