public import Foundation
import Reductor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// What the crash probes share: running this program again as a child, and killing it.

/// Starts this program again with `arguments`, its output piped.
///
/// - Parameters:
///   - arguments: The child's arguments.
///   - environment: Variables added to this process's environment for the child.
/// - Returns: The process, running, and the pipe of its output.
public func startChild(
  _ arguments: [String], environment: [String: String] = [:]
) -> (Process, Pipe) {
  let process = Process()
  process.executableURL = URL(filePath: CommandLine.arguments[0])
  process.arguments = arguments
  process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
  let output = Pipe()
  process.standardOutput = output
  do {
    try process.run()
  } catch {
    fatalError("cannot start \(arguments.first ?? "the child"): \(error)")
  }
  return (process, output)
}

/// Runs this program again with `arguments`, kills it with `SIGKILL` after `killAfter` if given,
/// and returns the last line it printed.
///
/// - Parameters:
///   - arguments: The child's arguments.
///   - killAfter: When to kill it; nil lets it finish.
/// - Returns: Its output's last line, or nil if it printed none.
public func runChild(_ arguments: [String], killAfter: Duration?) -> Substring? {
  let (process, output) = startChild(arguments)
  if let killAfter {
    let (seconds, attoseconds) = killAfter.components
    Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
    kill(process.processIdentifier, SIGKILL)
  }
  let data = output.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: "\n").last
}
