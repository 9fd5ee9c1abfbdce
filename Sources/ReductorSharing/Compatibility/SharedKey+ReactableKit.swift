extension SharedKey {
  /// A value kept in memory only while a field holds it: ReactableKit's `.memory` storage,
  /// `@Shared(.memory, key: key)` there.
  ///
  /// Every ``Shared`` with `key` shares the value while one of them (or a state that holds one)
  /// lives; once the last goes, the value goes too, and the next field of the key starts from
  /// its default:
  ///
  /// ```swift
  /// do {
  ///   @Shared(.memory("draft")) var draft = ""
  ///   draft = "Hello"
  /// }
  /// @Shared(.memory("draft")) var draft = ""  // "" again
  /// ```
  ///
  /// A field of the same name made with ``inMemory(_:)`` shares the value too, and from then on
  /// the storage keeps it, as it keeps every `inMemory` value. In a test store, the test keeps
  /// each value its state held until the test store goes, to assert it.
  ///
  /// - Parameter key: The value's name.
  /// - Returns: The key.
  public static func memory(_ key: String) -> Self {
    Self(place: .memory(key, keptByStorage: false))
  }
}
