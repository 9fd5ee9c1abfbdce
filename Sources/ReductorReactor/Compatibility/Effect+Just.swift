public import Reductor

extension Effect {
  /// Delivers `action` at once: ReactableKit's `.just`, the same effect as ``send(_:)``.
  ///
  /// - Parameter action: The action (a reactable's mutation) to deliver.
  /// - Returns: The effect.
  @inlinable
  public static func just(_ action: Action) -> Effect {
    .send(action)
  }
}
