/// A handle an effect uses to deliver actions to its store, from any thread.
///
/// Calling it does not wait: the action joins the store's buffer and is reduced on the main actor
/// in the order it was sent. Actions sent after the effect was cancelled are dropped, and so are
/// actions sent after the store is gone.
///
/// ```swift
/// return .run { send in
///   for page in 1...3 {
///     send(.pageLoaded(try await api.page(page)))
///   }
/// }
/// ```
public struct Send<Action: Sendable>: Sendable {
  let deliver: @Sendable (Action) -> Void
  let report: @Sendable (StoreDiagnostic) -> Void

  init(
    deliver: @escaping @Sendable (Action) -> Void,
    report: @escaping @Sendable (StoreDiagnostic) -> Void
  ) {
    self.deliver = deliver
    self.report = report
  }

  /// Delivers `action` to the store, unless the calling task has been cancelled.
  ///
  /// - Parameter action: The action to deliver.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action)
  }

  /// A handle that transforms actions before delivering them here.
  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child>(deliver: { [deliver] in deliver(transform($0)) }, report: report)
  }
}
