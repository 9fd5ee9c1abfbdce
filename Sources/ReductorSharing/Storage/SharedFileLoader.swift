public import Foundation
import Reductor

/// Reads a shared value's persisted copy when the value is made, and keeps a bad one.
///
/// A missing copy gives no value (the default is used). An empty or corrupt one gives none
/// either, with the error, a diagnostic naming the place and the error, and the bad bytes kept:
/// a file is moved aside to `<name>.corrupt-<UTC time>` before anything can overwrite it, and a
/// key-value entry is copied to `<key>.corrupt-<UTC time>`; when that name is taken (two corrupt
/// loads within a second), `-2`, `-3` and so on are appended. When a file cannot be read, or a
/// corrupt one cannot be moved aside, the value must not overwrite it: the load returns a
/// refusal, which its writer reports instead of writing.
struct SharedFileLoader {
  /// What a load found.
  struct Loaded<Value> {
    var value: Value?
    var error: (any Error)?
    var refusal: (any Error)?
  }

  let fileSystem: any SharedFileSystem
  let report: @Sendable (StoreDiagnostic) -> Void

  func load<Value>(
    _ url: URL, name: String, decode: (Data) throws -> Value
  ) -> Loaded<Value> {
    let data: Data
    do {
      guard let contents = try fileSystem.contents(of: url) else { return Loaded() }
      data = contents
    } catch {
      let refusal = SharedFileError.notOverwritingUnreadableFile(url)
      reportLoadFailure(
        "Shared value \(name) could not be read: \(cause(of: error)). The value "
          + "starts from its default, and will not overwrite the file.", error: error)
      return Loaded(error: error, refusal: refusal)
    }
    do {
      return Loaded(value: try decodeNonEmpty(data, decode: decode, empty: .emptyFile(url)))
    } catch {
      let aside: URL
      do {
        aside = try moveAside(url)
      } catch let moveError {
        reportLoadFailure(
          "Shared value \(name) could not be decoded (\(cause(of: error))), and the file could "
            + "not be moved aside (\(cause(of: moveError))). The value starts from its "
            + "default, and will not overwrite the file.", error: error)
        return Loaded(error: error, refusal: SharedFileError.notOverwritingUnreadableFile(url))
      }
      reportLoadFailure(
        "Shared value \(name) could not be decoded (\(cause(of: error))). The file was moved "
          + "to \(aside.path), and the value starts from its default.", error: error)
      return Loaded(error: error)
    }
  }

  func load<Value>(
    _ key: String, name: String, from store: any SharedKeyValueStore,
    decode: (Data) throws -> Value
  ) -> Loaded<Value> {
    guard let data = store.data(forKey: key) else { return Loaded() }
    do {
      return Loaded(value: try decodeNonEmpty(data, decode: decode, empty: .emptyValue(key)))
    } catch {
      // The first name free: the store's keys are finitely many.
      let aside = Self.asideNames(for: key).first { store.data(forKey: $0) == nil }!
      store.set(data, forKey: aside)
      reportLoadFailure(
        "Shared value \(name) could not be decoded (\(cause(of: error))). Its data was copied "
          + "to the key \"\(aside)\", and the value starts from its default.", error: error)
      return Loaded(error: error)
    }
  }

  private func decodeNonEmpty<Value>(
    _ data: Data, decode: (Data) throws -> Value, empty: SharedFileError
  ) throws -> Value {
    guard !data.isEmpty else { throw empty }
    return try decode(data)
  }

  private func reportLoadFailure(_ message: String, error: any Error) {
    report(
      StoreDiagnostic(
        kind: .sharedValueLoadFailed, message: message, error: error, fileID: "", line: 0))
  }

  /// Moves the file at `url` to the first aside name that is free; returns where it went.
  private func moveAside(_ url: URL) throws -> URL {
    for name in Self.asideNames(for: url.path).prefix(1_000) {
      do {
        try fileSystem.moveItem(at: url, to: URL(filePath: name))
        return URL(filePath: name)
      } catch let error as CocoaError where error.code == .fileWriteFileExists {
        continue
      }
    }
    throw CocoaError(.fileWriteFileExists, userInfo: [NSFilePathErrorKey: url.path])
  }

  /// The names a bad copy of `name` may be kept under, in order: `<name>.corrupt-<UTC time>`
  /// (as `20261201T230734Z`), then the same with `-2`, `-3` and so on.
  private static func asideNames(for name: String) -> some Sequence<String> {
    let first =
      "\(name).corrupt-"
      + Date().formatted(
        Date.ISO8601FormatStyle(
          dateSeparator: .omitted, dateTimeSeparator: .standard, timeSeparator: .omitted,
          timeZone: .gmt))
    return (1...).lazy.map { $0 == 1 ? first : "\(first)-\($0)" }
  }
}

/// Why a persisted shared value was not read or written.
public enum SharedFileError: LocalizedError, Sendable, Equatable, CustomStringConvertible {
  /// The file at the URL is empty.
  case emptyFile(URL)
  /// The key-value entry under the key is empty.
  case emptyValue(String)
  /// The file at the URL could not be read, or was corrupt and could not be moved aside, so the
  /// value does not overwrite it.
  case notOverwritingUnreadableFile(URL)
  /// The key-value store could not persist its values (`UserDefaults.synchronize()` failed).
  case keyValueStoreNotSynchronized

  /// A sentence naming the problem.
  public var description: String {
    switch self {
    case .emptyFile(let url): "the file \(url.path) is empty"
    case .emptyValue(let key): "the value under \"\(key)\" is empty"
    case .notOverwritingUnreadableFile(let url):
      "the file \(url.path) could not be read or moved aside, so it is not overwritten"
    case .keyValueStoreNotSynchronized: "the key-value store could not write its values to disk"
    }
  }

  /// The ``description``.
  public var errorDescription: String? {
    description
  }
}
