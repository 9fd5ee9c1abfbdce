import Synchronization

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
///
/// > Important: Send actions before the operation returns. An action sent afterwards (from an
/// > unstructured `Task` the operation started, say) is dropped and reported as a
/// > ``StoreDiagnostic/Kind/sendAfterEffectFinished`` diagnostic: the store has stopped tracking
/// > the effect, so ``StoreTask/finish()`` would not have waited for it.
public struct Send<Action: Sendable>: Sendable {
  /// Hands an action to the store, behind a gate (nil: reduced whatever happens to the effect).
  let deliver: @Sendable (Action, EffectGate?) -> Void
  /// The gate of the effect task this handle was given to; nil for the store's own handles.
  let gate: EffectGate?
  /// Reports a problem to the store's ``ReducerStore/diagnosticHandler``.
  package let report: @Sendable (StoreDiagnostic) -> Void
  /// The dependencies in force when the effect's reducer ran, with the store's clock: the
  /// effect's tasks run with them.
  let dependencies: DependencyValues
  /// The `.run` operation this handle was given to; nil for the store's own handles.
  let operation: RunOperation?

  init(
    deliver: @escaping @Sendable (Action, EffectGate?) -> Void,
    gate: EffectGate? = nil,
    report: @escaping @Sendable (StoreDiagnostic) -> Void,
    dependencies: DependencyValues,
    operation: RunOperation? = nil
  ) {
    self.deliver = deliver
    self.gate = gate
    self.report = report
    self.dependencies = dependencies
    self.operation = operation
  }

  /// Delivers `action` to the store, unless the calling task has been cancelled or the operation
  /// this handle was given to has returned. An action delivered just before the effect is
  /// cancelled is not reduced either: the store drops it.
  ///
  /// - Parameter action: The action to deliver.
  public func callAsFunction(_ action: Action) {
    guard !Task.isCancelled else { return }
    deliver(action, checkingCancellation: true)
  }

  /// Delivers `action` even when the effect has been cancelled, unless the operation has
  /// returned: for work that must say how it ended, such as a reactor's fetch going back to
  /// idle when it is cancelled. The store reduces it whatever happens to the effect.
  ///
  /// - Parameter action: The action to deliver.
  package func deliverEvenIfCancelled(_ action: Action) {
    deliver(action, checkingCancellation: false)
  }

  private func deliver(_ action: Action, checkingCancellation: Bool) {
    if let operation, operation.hasReturned {
      report(operation.lateSend(of: action))
      return
    }
    deliver(action, checkingCancellation ? gate : nil)
  }

  /// A handle that transforms actions before delivering them here.
  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child>(
      deliver: { [deliver] in deliver(transform($0), $1) }, gate: gate, report: report,
      dependencies: dependencies)
  }

  /// This handle, for effects that run with `dependencies`.
  func with(dependencies: DependencyValues) -> Send {
    Send(
      deliver: deliver, gate: gate, report: report, dependencies: dependencies,
      operation: operation)
  }

  /// This handle, for an effect task whose gate is `gate`.
  func gated(by gate: EffectGate) -> Send {
    Send(deliver: deliver, gate: gate, report: report, dependencies: dependencies)
  }

  /// This handle, for the `.run` operation created at `site`: call `finish()` on the returned
  /// operation when it returns.
  func limited(toOperationAt site: EffectSite) -> (Send, RunOperation) {
    let operation = RunOperation(site: site)
    return (
      Send(
        deliver: deliver, gate: gate, report: report, dependencies: dependencies,
        operation: operation),
      operation
    )
  }
}

/// A `.run` operation that received a ``Send``: it knows when the operation returned, so that a
/// send after that is reported rather than delivered.
final class RunOperation: Sendable {
  private let returned = Atomic(false)
  let site: EffectSite

  init(site: EffectSite) {
    self.site = site
  }

  var hasReturned: Bool {
    returned.load(ordering: .acquiring)
  }

  func finish() {
    returned.store(true, ordering: .releasing)
  }

  func lateSend(of action: some Sendable) -> StoreDiagnostic {
    StoreDiagnostic(
      kind: .sendAfterEffectFinished,
      message: "An effect sent \(action) after its operation returned; the action was dropped. "
        + "Send actions before the operation returns: await the work that sends them.",
      error: nil, fileID: site.fileID, line: site.line)
  }
}
