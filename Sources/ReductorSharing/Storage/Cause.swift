import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What went wrong, in the plain words that diagnostics and ``UnsavedSharedValue`` use: the
/// system's name of a POSIX error, found in `error` itself or under a Foundation error ("is a
/// directory", "permission denied", "no space left on device"), rather than "NSCocoaErrorDomain
/// error 256"; a ``SharedFileError``'s or a decoding error's description; otherwise the error's
/// localized description.
func cause(of error: any Error) -> String {
  if let error = error as? SharedFileError { return error.description }
  if error is DecodingError { return String(describing: error) }
  if let code = posixCode(of: error) {
    let reason = String(cString: strerror(code))
    return reason.prefix(1).lowercased() + reason.dropFirst()
  }
  return error.localizedDescription
}

/// The POSIX error code of `error`, or of the error under it.
private func posixCode(of error: any Error) -> Int32? {
  if let error = error as? POSIXError { return error.code.rawValue }
  let error = error as NSError
  if error.domain == NSPOSIXErrorDomain { return Int32(error.code) }
  guard let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error else { return nil }
  return posixCode(of: underlying)
}
