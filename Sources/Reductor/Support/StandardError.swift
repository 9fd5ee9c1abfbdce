#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// Writes one line to the process's standard error, without Foundation.
func writeToStandardError(_ line: String) {
  var text = line + "\n"
  text.withUTF8 { bytes in
    _ = write(2, bytes.baseAddress, bytes.count)
  }
}
