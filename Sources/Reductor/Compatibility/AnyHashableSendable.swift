/// A hashable, sendable value of any type: the `AnyHashableSendable` of TCA's
/// swift-concurrency-extras, which TCA's case studies use for an id or a key whose type varies.
///
/// `AnyHashable` is not `Sendable`, so a state or an action that must be cannot hold one; this
/// can. Two are equal when their values are of the same type and equal.
///
/// ```swift
/// struct State: Equatable {
///   var id: AnyHashableSendable
/// }
/// let state = State(id: AnyHashableSendable("download"))
/// ```
public struct AnyHashableSendable: Hashable, Sendable {
  /// The value.
  public let base: any Hashable & Sendable

  /// Wraps `base`; another `AnyHashableSendable` is not wrapped again.
  ///
  /// - Parameter base: The value.
  public init(_ base: some Hashable & Sendable) {
    if let base = base as? AnyHashableSendable {
      self = base
    } else {
      self.base = base
    }
  }

  /// Whether the two values are of the same type and equal.
  ///
  /// - Parameters:
  ///   - lhs: A value.
  ///   - rhs: Another value.
  /// - Returns: Whether they are equal.
  public static func == (lhs: AnyHashableSendable, rhs: AnyHashableSendable) -> Bool {
    AnyHashable(lhs.base) == AnyHashable(rhs.base)
  }

  /// Hashes the value, as `AnyHashable` does.
  ///
  /// - Parameter hasher: The hasher.
  public func hash(into hasher: inout Hasher) {
    AnyHashable(base).hash(into: &hasher)
  }
}

extension AnyHashableSendable: CustomStringConvertible {
  /// The value's description.
  public var description: String {
    String(describing: base)
  }
}
