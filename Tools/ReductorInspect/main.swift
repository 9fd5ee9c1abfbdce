// reductor-inspect: the page of a recording.
//
//     swift run reductor-inspect session.jsonl > session.html
//
// Reads a recording (JSON lines) from the file named by its one argument, or from standard input
// when the argument is `-`, and writes one self-contained HTML page to standard output.
// Exits 2 on bad arguments, 1 when the file cannot be read or is not a recording.

import Foundation
import InspectorPage

let usage = """
  usage: reductor-inspect <recording.jsonl | ->
    Writes the inspector page of a recording (JSON lines) to standard output;
    `-` reads the recording from standard input.
    e.g. reductor-inspect session.jsonl > session.html

  """

/// Writes a line to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments == ["-h"] || arguments == ["--help"] {
  print(usage, terminator: "")
  exit(0)
}
guard arguments.count == 1, let source = arguments.first, source == "-" || !source.hasPrefix("-")
else {
  FileHandle.standardError.write(Data(usage.utf8))
  exit(2)
}

let data: Data
let title: String
if source == "-" {
  data = FileHandle.standardInput.readDataToEndOfFile()
  title = "standard input"
} else {
  do {
    data = try Data(contentsOf: URL(fileURLWithPath: source))
  } catch {
    printError("reductor-inspect: cannot read \(source): \(error.localizedDescription)")
    exit(1)
  }
  title = URL(fileURLWithPath: source).lastPathComponent
}

let page: String
do {
  page = try InspectorHTML.page(jsonLines: data, title: title)
} catch {
  printError("reductor-inspect: \(source == "-" ? title : source): \(error)")
  exit(1)
}

FileHandle.standardOutput.write(Data(page.utf8))
