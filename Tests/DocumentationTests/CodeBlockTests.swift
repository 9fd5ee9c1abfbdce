import Foundation
import Testing

/// Every Swift code block in the README and the DocC articles is taken from code that compiles
/// against the public API only, as a user's code does: the snippet package
/// (`Documentation/Snippets`, which depends on Reductor by path, so `package` symbols are out of
/// its reach), or an example and its tests (which the root package builds without package
/// access). A block may leave parts out with a line `// ...`; each part between such lines must
/// appear in one file, line after line (indentation and blank lines aside). Code that the docs
/// show is then code that CI builds and runs.
@Suite struct CodeBlockTests {
  @Test(arguments: Repository.documents)
  func everySwiftCodeBlockIsTakenFromCompiledCode(document: String) throws {
    let text = try String(contentsOf: Repository.url(document), encoding: .utf8)
    let sources = try Repository.compiledSources()
    for block in SwiftCodeBlock.all(in: text) {
      for part in block.parts where !sources.contains(where: { $0.quotes(part) }) {
        let quoted = part.joined(separator: "\n")
        Issue.record(
          """
          \(document):\(block.line): this part of a Swift code block is in neither the snippet \
          package nor an example; take it from code that compiles against the public API:
          \(quoted)
          """)
      }
    }
  }

  @Test func theDocumentsAreFoundAndHaveCodeBlocks() throws {
    #expect(Repository.documents.contains("README.md"))
    #expect(Repository.documents.contains("Documentation/Reductor.docc/EffectsAndTime.md"))
    let readme = try String(contentsOf: Repository.url("README.md"), encoding: .utf8)
    #expect(SwiftCodeBlock.all(in: readme).count >= 4)
  }

  /// The root package runs the snippet package's test targets too: both manifests name each one.
  @Test func everySnippetTargetIsInBothManifests() throws {
    let targets = Repository.folders(under: Repository.snippetTests)
    #expect(targets.contains("ReductorSnippets"))
    let root = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
    let snippets = try String(
      contentsOf: Repository.url("Documentation/Snippets/Package.swift"), encoding: .utf8)
    // The snippet package's targets, not its own name, which is one of theirs too.
    let snippetTargets = snippets.split(separator: "targets: [", maxSplits: 1).last ?? ""
    for target in targets {
      #expect(root.contains("path: \"\(Repository.snippetTests)/\(target)\""), "\(target)")
      #expect(snippetTargets.contains("name: \"\(target)\""), "\(target)")
    }
  }

  /// A snippet sees what a user sees: no snippet imports a library module `@testable`, which in a
  /// debug build would show it the module's internal symbols.
  @Test func noSnippetImportsALibraryModuleTestable() throws {
    for path in Repository.files(under: Repository.snippetTests, ending: ".swift") {
      let text = try String(contentsOf: Repository.url(path), encoding: .utf8)
      #expect(!text.contains("@testable import Reductor"), "\(path)")
    }
  }

  @Test func aPartMatchesLineAfterLineIgnoringIndentationAndBlankLines() {
    let source = SourceFile(text: "func f() {\n  let a = 1\n\n  let b = 2\n}\n")
    #expect(source.quotes(["let a = 1", "let b = 2"]))
    #expect(!source.quotes(["let b = 2", "let a = 1"]))
    let blocks = SwiftCodeBlock.all(in: "text\n```swift\nlet a = 1\n// ...\n  let b = 2\n```\n")
    #expect(blocks.map(\.parts) == [[["let a = 1"], ["let b = 2"]]])
    #expect(blocks.map(\.line) == [2])
  }
}

/// A fenced ```` ```swift ```` block of a Markdown document.
struct SwiftCodeBlock {
  /// The line of the opening fence, counted from 1.
  let line: Int
  /// The block's parts between `// ...` lines: their lines, trimmed, without blank ones.
  let parts: [[String]]

  static func all(in markdown: String) -> [SwiftCodeBlock] {
    var blocks: [SwiftCodeBlock] = []
    var open: (line: Int, parts: [[String]])?
    for (index, rawLine) in markdown.components(separatedBy: "\n").enumerated() {
      let line = rawLine.trimmingCharacters(in: .whitespaces)
      if var block = open {
        if line == "```" {
          blocks.append(SwiftCodeBlock(line: block.line, parts: block.parts.filter { !$0.isEmpty }))
          open = nil
        } else if line == "// ..." {
          block.parts.append([])
          open = block
        } else if !line.isEmpty {
          block.parts[block.parts.count - 1].append(line)
          open = block
        }
      } else if line == "```swift" {
        open = (index + 1, [[]])
      }
    }
    return blocks
  }
}

/// A Swift file's lines, trimmed, without blank ones.
struct SourceFile {
  let lines: [String]

  init(text: String) {
    lines = text.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Whether `part` appears in this file, line after line.
  func quotes(_ part: [String]) -> Bool {
    guard !part.isEmpty, part.count <= lines.count else { return part.isEmpty }
    return (0...(lines.count - part.count)).contains { start in
      lines[start] == part[0] && Array(lines[start..<(start + part.count)]) == part
    }
  }
}

/// The package's files, found from this file's place in it.
enum Repository {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// The README and every article and extension page of the DocC catalogs, relative to the root.
  static let documents: [String] = ["README.md"] + files(under: "Documentation", ending: ".md")

  static func url(_ path: String) -> URL {
    root.appendingPathComponent(path)
  }

  /// The test targets of the snippet package, one folder each.
  static let snippetTests = "Documentation/Snippets/Tests"

  /// The code a block may be taken from: the snippet package's tests, the examples and the
  /// examples' tests. Each of these compiles against the public API only.
  static let quotableFolders =
    [snippetTests, "Examples"]
    + ["Counter", "Search", "Items", "Scoreboard", "Todos"].map { "Tests/\($0)Tests" }

  /// The Swift files of the folders a block may be taken from.
  static func compiledSources() throws -> [SourceFile] {
    try quotableFolders.flatMap { files(under: $0, ending: ".swift") }.map {
      SourceFile(text: try String(contentsOf: url($0), encoding: .utf8))
    }
  }

  /// The names of the folders right inside `folder`.
  static func folders(under folder: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url(folder).path)) ?? []
    return names.filter { name in
      var isFolder: ObjCBool = false
      let exists = FileManager.default.fileExists(
        atPath: url("\(folder)/\(name)").path, isDirectory: &isFolder)
      return exists && isFolder.boolValue
    }.sorted()
  }

  /// The files below `folder` whose names end with `suffix`, outside build folders.
  static func files(under folder: String, ending suffix: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: url(folder).path)
    let paths = (enumerator?.allObjects as? [String]) ?? []
    return paths.filter { $0.hasSuffix(suffix) && !$0.split(separator: "/").contains(".build") }
      .sorted().map { "\(folder)/\($0)" }
  }
}
