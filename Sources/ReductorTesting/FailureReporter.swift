import Testing
import XCTest

/// Where a test store call was written, in the forms both test frameworks take.
package struct CallSite: Sendable {
  let fileID: String
  let filePath: StaticString
  let line: UInt
  let column: UInt

  package init(fileID: String, filePath: StaticString, line: UInt, column: UInt) {
    self.fileID = fileID
    self.filePath = filePath
    self.line = line
    self.column = column
  }
}

/// Records a test failure in the framework that is running: Swift Testing when a `@Test` is
/// current, otherwise XCTest.
package func reportFailure(_ message: String, at site: CallSite) {
  if Test.current != nil {
    Issue.record(
      Comment(rawValue: message),
      sourceLocation: SourceLocation(
        fileID: site.fileID, filePath: "\(site.filePath)", line: Int(site.line),
        column: Int(site.column)))
  } else {
    XCTFail(message, file: site.filePath, line: site.line)
  }
}
