public import Foundation

#if canImport(Glibc)
import Glibc
private let systemWrite = Glibc.write
#elseif canImport(Musl)
import Musl
private let systemWrite = Musl.write
#elseif canImport(Darwin)
import Darwin
private let systemWrite = Darwin.write
#endif

/// The real file system, with atomic writes: a program's shared values persist here.
///
/// A write goes to a temporary file in the same folder, which is flushed to the disk (`fsync`)
/// and then renamed over the old file; the folder is flushed too, so that the rename survives a
/// power loss. A process killed at any moment leaves the old file or the new one, never a part
/// of one, and at most a stray temporary file (named `.<name>.<UUID>.tmp`) next to it, which a
/// read of the file removes once it is ten minutes old. A younger one may be a write still
/// running in another process, which removing it would make fail: no write is that slow, so an
/// older one is a killed writer's.
public struct DiskFileSystem: SharedFileSystem {
  /// The real file system.
  public init() {}

  /// The file's contents, or nil if there is no file.
  ///
  /// Temporary files that a killed process left next to it (`.<name>.<UUID>.tmp`, never renamed
  /// over the file, so never part of what it holds) are removed first, once ten minutes old.
  public func contents(of url: URL) throws -> Data? {
    removeAbandonedTemporaryFiles(of: url)
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    return try Data(contentsOf: url)
  }

  /// Replaces the file atomically: a temporary file, flushed, renamed over it.
  public func write(_ data: Data, to url: URL) throws {
    let folder = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch let error as CocoaError where error.code == .fileWriteFileExists {
      // A file is where a folder of the path should be: say so, rather than "file exists".
      throw Self.error(.ENOTDIR, at: folder)
    }
    let temporary = folder.appending(
      component: ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Self.error(at: temporary) }
    do {
      try Self.writeAll(data, to: descriptor, at: temporary)
      guard fsync(descriptor) == 0 else { throw Self.error(at: temporary) }
      guard close(descriptor) == 0 else {
        throw Self.error(at: temporary)
      }
    } catch {
      close(descriptor)
      unlink(temporary.path)
      throw error
    }
    guard rename(temporary.path, url.path) == 0 else {
      let error = Self.error(at: url)
      unlink(temporary.path)
      throw error
    }
    // The rename is in the folder's entries: flush them too (best effort: some file systems do
    // not flush folders).
    let folderDescriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Moves the file with `FileManager`, which throws `CocoaError(.fileWriteFileExists)` if there
  /// is a file at `destination`.
  public func moveItem(at source: URL, to destination: URL) throws {
    try FileManager.default.moveItem(at: source, to: destination)
  }

  /// How long a temporary file is left unmodified before a read takes it for a killed writer's:
  /// a write takes milliseconds, so only a writer stopped for ten minutes loses its write (which
  /// then fails, is reported, and is tried again at the next change or flush).
  private static let abandonedAfter: TimeInterval = 10 * 60

  /// Removes the temporary files of writes to `url` that no live writer can still rename: those
  /// not modified for ``abandonedAfter``.
  private func removeAbandonedTemporaryFiles(of url: URL) {
    let folder = url.deletingLastPathComponent()
    let prefix = ".\(url.lastPathComponent)."
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      return
    }
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      let path = folder.appending(component: name).path
      let modified = try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate]
      guard let modified = modified as? Date,
        -modified.timeIntervalSinceNow > Self.abandonedAfter
      else { continue }
      try? FileManager.default.removeItem(atPath: path)
    }
  }

  /// Writes every byte of `data`, resuming after partial writes and interruptions.
  private static func writeAll(_ data: Data, to descriptor: Int32, at url: URL) throws {
    try data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw error(at: url)
        }
        offset += written
      }
    }
  }

  /// The error `code` names (by default, `errno`'s), for the file at `url`.
  private static func error(
    _ code: POSIXErrorCode = POSIXErrorCode(rawValue: errno) ?? .EIO, at url: URL
  ) -> any Error {
    let reason = String(cString: strerror(code.rawValue))
    return NSError(
      domain: NSPOSIXErrorDomain, code: Int(code.rawValue),
      userInfo: [NSFilePathErrorKey: url.path, NSLocalizedDescriptionKey: "\(url.path): \(reason)"])
  }
}
