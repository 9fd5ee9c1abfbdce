// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.

/// Why a fetch of an item failed, in tests.
struct ItemError: Error, Equatable {
  let reason: String
}
