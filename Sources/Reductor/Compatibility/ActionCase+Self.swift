extension ActionCase where Parent == Child {
  /// The case of a child whose actions are the parent's own: TCA's `action: \.self`, for a
  /// reducer run on a part of the state with the same actions, such as the value of an
  /// ``Identified``.
  ///
  /// ```swift
  /// EmptyReducer().ifLet(\.value, action: .self, then: Counter())
  /// ```
  public static var `self`: ActionCase {
    ActionCase({ $0 }, extract: { $0 })
  }
}
