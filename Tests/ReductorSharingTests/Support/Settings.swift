// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Foundation

/// A settings value, persisted in tests.
struct Settings: Codable, Equatable, Sendable {
  var name = "guest"
  var volume = 5
}

/// Encodes `settings` as the storage does, to compare with what was written.
func json(_ value: some Encodable) -> Data {
  let encoder = JSONEncoder()
  encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
  // A value of the tests always encodes.
  return (try? encoder.encode(value)) ?? Data()
}
