public import Synchronization

/// Whether a marking ``StoreExtension`` marks arriving actions now: while it is off, the stores
/// it is installed in do not ask it, and an arriving action costs them one atomic load.
///
/// For an extension that watches chosen actions only while something listens, such as the
/// package's instrumentation while no handler hears its targets: it hands the store its switch
/// in its ``ActionMarker``, and turns it on and off from any thread.
///
/// ```swift
/// let listening = MarkingSwitch(isOn: false)
/// // … in the extension:
/// var marker: ActionMarker<Action>? {
///   ActionMarker(switch: listening) { action in action.isWatched ? ArrivalMark() : nil }
/// }
/// // … when a listener comes:
/// listening.isOn = true
/// ```
public final class MarkingSwitch: Sendable {
  @usableFromInline let state: Atomic<Bool>

  /// Creates a switch.
  ///
  /// - Parameter isOn: Whether it starts on.
  public init(isOn: Bool) {
    state = Atomic(isOn)
  }

  /// Whether the extension marks arriving actions; safe to read and set from any thread.
  @inlinable
  public var isOn: Bool {
    get { state.load(ordering: .acquiring) }
    set { state.store(newValue, ordering: .releasing) }
  }
}
