extension Instrumentation {
  /// How one store is instrumented: its label, its warning threshold, its targets and the clock
  /// its stages are timed on.
  ///
  /// ```swift
  /// store.instrumentation(.init(label: "carplay", warningThreshold: .milliseconds(16)))
  /// ```
  public struct Options<Action>: Sendable {
    /// The label of the store's rows, warnings and events; its type name when `nil`. Give
    /// instances of one type distinct labels to tell them apart.
    public var label: String?
    /// The threshold of its slow-stage warnings; ``Instrumentation/warningThreshold`` when
    /// `nil`.
    public var warningThreshold: Duration?
    /// The chosen stages of chosen actions to emit as ``TargetEvent``s.
    public var targets: [Target<Action>]
    /// The clock the stages are timed on; the store's clock when `nil`, so that on a
    /// ``ManualClock`` a test measures virtual time exactly.
    public var clock: (any Clock<Duration>)?

    /// Creates options.
    ///
    /// - Parameters:
    ///   - label: The label of the store's rows, warnings and events; its type name when `nil`.
    ///   - warningThreshold: The threshold of its warnings; the global one when `nil`.
    ///   - targets: The stages of actions to emit as target events; none by default.
    ///   - clock: The clock the stages are timed on; the store's when `nil`.
    public init(
      label: String? = nil,
      warningThreshold: Duration? = nil,
      targets: [Target<Action>] = [],
      clock: (any Clock<Duration>)? = nil
    ) {
      self.label = label
      self.warningThreshold = warningThreshold
      self.targets = targets
      self.clock = clock
    }

    /// The store's type name as its label, the global threshold, no targets, the store's clock.
    public static var `default`: Options {
      Options()
    }
  }
}
