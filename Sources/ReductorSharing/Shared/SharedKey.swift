public import Foundation

/// Where a ``Shared`` value lives and how it persists: in memory by key, in a JSON file, or in
/// key-value storage (`UserDefaults`).
///
/// ```swift
/// @Shared(.file()) var settings = Settings()
/// @Shared(.inMemory("draft")) var draft = ""
/// @Shared(.keyValue("launchCount")) var launchCount = 0
/// ```
///
/// Every shared value with the same key in the same ``SharedStorage`` is one value. A persisted
/// value must be `Codable`: with another type, `.file` and `.keyValue` do not compile.
public struct SharedKey<Value: Sendable>: Sendable {
  enum Place: Sendable {
    /// In memory, by key; kept by the storage, or only while a field holds it.
    case memory(String, keptByStorage: Bool)
    /// A JSON file at a URL, or at a path in the storage's folder.
    case file(FileLocation, writeInterval: Duration, SharedCoding<Value>)
    /// Key-value storage, by key.
    case keyValue(String, writeInterval: Duration, SharedCoding<Value>)
  }

  /// Where a file is: its URL, or a path and a name in the storage's folder.
  enum FileLocation: Sendable {
    case url(URL)
    case inFolder(path: String, name: String)
  }

  let place: Place

  /// A value kept in memory only, shared by every ``Shared`` with `key`, for as long as the
  /// process (or the test's storage) lives. ``memory(_:)`` keeps one only while a field holds
  /// it.
  ///
  /// - Parameter key: The value's name.
  /// - Returns: The key.
  public static func inMemory(_ key: String) -> Self {
    Self(place: .memory(key, keptByStorage: true))
  }
}

extension SharedKey where Value: Codable & SendableMetatype {
  /// A value persisted as JSON in the file at `url`.
  ///
  /// A missing file gives the default value. Writes happen off the main actor, in order,
  /// atomically (a temporary file in the same folder, flushed, then renamed over the old one),
  /// and coalesced: the first change is written at once, the changes within `writeInterval`
  /// after it are merged into one trailing write, measured on the clock dependency.
  ///
  /// - Parameters:
  ///   - url: The file.
  ///   - writeInterval: The shortest time between two writes; a second by default.
  /// - Returns: The key.
  public static func file(_ url: URL, writeInterval: Duration = .seconds(1)) -> Self {
    Self(place: .file(.url(url), writeInterval: writeInterval, .json))
  }

  /// A value persisted as JSON in the storage's folder (see ``SharedStorage/folder``): in the
  /// subfolder `path`, in the file `name`, or in one named after the value's type: `.file()`
  /// for `Settings` is `Settings.json` in the folder.
  ///
  /// - Parameters:
  ///   - name: The file's name, such as `"count.json"`; the type's name and `.json` by default.
  ///   - path: A subfolder of the storage's folder, such as `"Profiles/"`; none by default.
  ///   - writeInterval: The shortest time between two writes; a second by default.
  /// - Returns: The key.
  public static func file(
    named name: String? = nil, path: String = "", writeInterval: Duration = .seconds(1)
  ) -> Self {
    Self(
      place: .file(
        .inFolder(path: path, name: name ?? "\(Value.self).json"), writeInterval: writeInterval,
        .json))
  }

  /// A value persisted as JSON data under `key` in the storage's key-value store, which is
  /// `UserDefaults.standard` in a program.
  ///
  /// Writes happen as a file's do: off the main actor, in order, and coalesced within
  /// `writeInterval`, measured on the clock dependency. Each one sets the data and synchronizes
  /// the store (`UserDefaults.synchronize()`, which on Linux is what writes it to disk), so that
  /// the next process reads it.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - writeInterval: The shortest time between two writes; a second by default.
  /// - Returns: The key.
  public static func keyValue(_ key: String, writeInterval: Duration = .seconds(1)) -> Self {
    Self(place: .keyValue(key, writeInterval: writeInterval, .json))
  }
}

/// How a persisted value becomes data and back.
struct SharedCoding<Value>: Sendable {
  let encode: @Sendable (Value) throws -> Data
  let decode: @Sendable (Data) throws -> Value
}

extension SharedCoding where Value: Codable & SendableMetatype {
  /// JSON, with sorted keys and indentation, so that a file reads well and changes little.
  static var json: Self {
    Self(
      encode: { value in
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(value)
      },
      decode: { data in try JSONDecoder().decode(Value.self, from: data) })
  }
}
