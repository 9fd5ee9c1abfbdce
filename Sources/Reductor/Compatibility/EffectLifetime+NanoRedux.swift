extension EffectLifetime {
  /// NanoRedux's spelling of ``replaceable(_:)``, with a label.
  ///
  /// - Parameter key: Any hashable, sendable value.
  /// - Returns: The lifetime.
  @available(*, deprecated, renamed: "replaceable(_:)")
  public static func replaceable(key: some Hashable & Sendable) -> EffectLifetime {
    replaceable(key)
  }
}
