extension Shared {
  /// A shared field kept in memory under `key`: ReactableKit's spelling of
  /// `@Shared(.inMemory(key))`.
  ///
  /// - Parameters:
  ///   - wrappedValue: The default value.
  ///   - key: The value's name.
  public init(wrappedValue: @autoclosure () -> Value, key: String) {
    self.init(wrappedValue: wrappedValue(), .inMemory(key))
  }
}
