public import Foundation
public import Reductor

/// Where shared values live: the file system and the key-value store they persist to, the
/// folder of `.file()` values, and the values themselves, one per key.
///
/// It is a dependency, `DependencyValues.sharedStorage`: a program's is the disk,
/// `UserDefaults.standard` and the application-support folder; in the test context each test
/// store gets ``inMemory()``, so that tests never touch the user's files and run in parallel. A
/// test that wants the disk says so:
///
/// ```swift
/// let storage = SharedStorage(fileSystem: DiskFileSystem(), folder: temporaryFolder)
/// let store = TestStore(initialState: Tally.State(), reducer: Tally()) {
///   $0.sharedStorage = storage
/// }
/// ```
public final class SharedStorage: Sendable {
  /// Where file-backed values read and write.
  public let fileSystem: any SharedFileSystem
  /// Where key-value values are kept.
  public let keyValueStore: any SharedKeyValueStore
  /// The folder of ``SharedKey/file(named:path:writeInterval:)`` values.
  public let folder: URL
  /// The values made, by key: each a `SharedReference` of its value's type.
  private let references = Locked<[String: HeldValue]>([:])

  /// A storage over `fileSystem` and `keyValueStore`, with `.file()` values in `folder`.
  ///
  /// - Parameters:
  ///   - fileSystem: Where files are read and written; the disk by default.
  ///   - keyValueStore: Where key-value values are kept; `UserDefaults.standard` by default.
  ///   - folder: The folder of `.file()` values; ``defaultFolder`` by default.
  public init(
    fileSystem: any SharedFileSystem = DiskFileSystem(),
    keyValueStore: any SharedKeyValueStore = UserDefaultsStore(),
    folder: URL = SharedStorage.defaultFolder
  ) {
    self.fileSystem = fileSystem
    self.keyValueStore = keyValueStore
    self.folder = folder
  }

  /// A storage in memory: an ``InMemoryFileSystem``, an ``InMemoryKeyValueStore``, and the
  /// folder `/shared`. Each call makes a new, empty one.
  public static func inMemory() -> SharedStorage {
    SharedStorage(
      fileSystem: InMemoryFileSystem(), keyValueStore: InMemoryKeyValueStore(),
      folder: URL(filePath: "/shared", directoryHint: .isDirectory))
  }

  /// The program's folder for `.file()` values: a folder named after the process in the user's
  /// application-support folder (`~/.local/share/<name>` on Linux, unless `XDG_DATA_HOME` says
  /// otherwise; `~/Library/Application Support/<name>` on Apple platforms).
  public static var defaultFolder: URL {
    let base =
      FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
      ?? FileManager.default.temporaryDirectory
    return base.appending(
      component: ProcessInfo.processInfo.processName, directoryHint: .isDirectory)
  }

  /// Writes every change still waiting for its interval now, files and key-value values alike,
  /// tries once more each value whose last write failed, and waits until all the writes have
  /// finished (a key-value store is synchronized by each): call it before a program exits, so
  /// that the last changes are not lost.
  ///
  /// ```swift
  /// await store.finishEffects(timeout: shutdownTimeout)
  /// await sharedStorage.flush()
  /// ```
  ///
  /// A value still not written (a full disk, a file that could not be read and is never
  /// overwritten) is returned, and reported as a `StoreDiagnostic` of kind
  /// `sharedValueSaveFailed`: what persists of it is older than the value in memory.
  ///
  /// - Returns: The values whose last change is not written, ordered by key; empty when
  ///   everything is.
  @discardableResult
  public func flush() async -> [UnsavedSharedValue] {
    var unsaved: [UnsavedSharedValue] = []
    let values = references.withLock { $0.values.compactMap(\.value) }
    for value in values.sorted(by: { $0.name < $1.name }) {
      if let failure = await value.flush() { unsaved.append(failure) }
    }
    return unsaved
  }

  /// The value of `key`: the one already made for it, or a new one starting from the persisted
  /// copy, or from `makeDefault()`.
  ///
  /// A new value is made outside the lock, since its default may make shared values too; when
  /// two threads make one at once, the first stored wins and the other is dropped.
  func reference<Value>(
    for key: SharedKey<Value>, default makeDefault: () -> Value
  ) -> SharedReference<Value> {
    let dependencies = DependencyValues.current
    let id = identifier(of: key)
    let isKept = key.isKeptByStorage
    if let made = references.withLock({ $0[id]?.taking(keeping: isKept) }) {
      return typed(made, as: Value.self, for: key, default: makeDefault, dependencies)
    }
    let new = makeReference(for: key, default: makeDefault, dependencies: dependencies)
    let stored = references.withLock { references -> any PersistedValue in
      if let made = references[id]?.taking(keeping: isKept) { return made }
      references[id] = HeldValue(new, kept: isKept)
      return new
    }
    return typed(stored, as: Value.self, for: key, default: makeDefault, dependencies)
  }

  /// `made` if it holds values of type `Value`; otherwise, a separate value, reported.
  private func typed<Value>(
    _ made: any PersistedValue, as type: Value.Type, for key: SharedKey<Value>,
    default makeDefault: () -> Value, _ dependencies: DependencyValues
  ) -> SharedReference<Value> {
    if let made = made as? SharedReference<Value> { return made }
    dependencies.report(
      StoreDiagnostic(
        kind: .sharedValueLoadFailed,
        message: "Shared value \(made.name) is shared as another type than \(Value.self); "
          + "this one is separate from it.",
        error: nil, fileID: "", line: 0))
    return makeReference(for: key, default: makeDefault, dependencies: dependencies)
  }

  private func identifier<Value>(of key: SharedKey<Value>) -> String {
    switch key.place {
    case .memory(let name, _): "memory:\(name)"
    case .file(let location, _, _): "file:\(url(of: location).standardizedFileURL.path)"
    case .keyValue(let name, _, _): "keyValue:\(name)"
    }
  }

  private func url(of location: SharedKey<some Sendable>.FileLocation) -> URL {
    switch location {
    case .url(let url): url
    case .inFolder(let path, let name):
      (path.isEmpty ? folder : folder.appending(path: path, directoryHint: .isDirectory))
        .appending(component: name)
    }
  }

  private func makeReference<Value>(
    for key: SharedKey<Value>, default makeDefault: () -> Value, dependencies: DependencyValues
  ) -> SharedReference<Value> {
    let reference: SharedReference<Value>
    switch key.place {
    case .memory(let name, _):
      reference = SharedReference(
        name: "in memory \"\(name)\"", value: makeDefault(), loadError: nil, writer: nil,
        report: dependencies.report)
    case .file(let location, let interval, let coding):
      let url = url(of: location)
      let name = "file \(url.path)"
      let loaded = SharedFileLoader(fileSystem: fileSystem, report: dependencies.report)
        .load(url, name: name, decode: coding.decode)
      let writer = SharedWriter(
        destination: .file(url, fileSystem), coding: coding, interval: interval,
        clock: dependencies.clock, refusal: loaded.refusal)
      reference = SharedReference(
        name: name, value: loaded.value ?? makeDefault(), loadError: loaded.error,
        writer: writer, report: dependencies.report)
    case .keyValue(let storeKey, let interval, let coding):
      let name = "key-value \"\(storeKey)\""
      let loaded = SharedFileLoader(fileSystem: fileSystem, report: dependencies.report)
        .load(storeKey, name: name, from: keyValueStore, decode: coding.decode)
      let writer = SharedWriter(
        destination: .keyValue(storeKey, keyValueStore), coding: coding, interval: interval,
        clock: dependencies.clock, refusal: nil)
      reference = SharedReference(
        name: name, value: loaded.value ?? makeDefault(), loadError: loaded.error,
        writer: writer, report: dependencies.report)
    }
    return reference
  }
}

/// How a storage holds a value: kept, or, for a `.memory` value, only while a field holds it.
///
/// Only a value that is not kept is referenced weakly: a weak reference gives its object a side
/// table for good, and every retain and release of it then takes the runtime's slow path — on
/// every read and write of the shared field, and every copy of a state that holds it
/// (`shared.assign.file`; see Benchmarks/NOTES.md).
private struct HeldValue {
  private var kept: (any PersistedValue)?
  private weak var held: (any PersistedValue)?

  init(_ value: any PersistedValue, kept isKept: Bool) {
    if isKept { kept = value } else { held = value }
  }

  /// The value, if it is still there.
  var value: (any PersistedValue)? {
    kept ?? held
  }

  /// The value, if it is still there, kept from now on if `keeping`.
  mutating func taking(keeping: Bool) -> (any PersistedValue)? {
    guard let value else { return nil }
    if keeping {
      kept = value
      held = nil
    }
    return value
  }
}

extension SharedKey {
  /// Whether the storage keeps the value once made: every value but a `.memory` one.
  fileprivate var isKeptByStorage: Bool {
    guard case .memory(_, let keptByStorage) = place else { return true }
    return keptByStorage
  }
}

/// What a storage keeps of each value, whatever its type.
protocol PersistedValue: AnyObject, Sendable {
  var name: String { get }
  func flush() async -> UnsavedSharedValue?
}

extension SharedReference: PersistedValue {}

extension DependencyValues {
  /// Where shared values live and persist; see ``SharedStorage``. In the test context, a new
  /// ``SharedStorage/inMemory()`` storage for each test store.
  public var sharedStorage: SharedStorage {
    get { self[SharedStorageKey.self] }
    set { self[SharedStorageKey.self] = newValue }
  }
}

private struct SharedStorageKey: DependencyKey {
  static let liveValue = SharedStorage()
  static var testValue: SharedStorage { .inMemory() }
}
