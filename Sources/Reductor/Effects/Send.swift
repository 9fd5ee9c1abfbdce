import Synchronization

/// A handle an effect uses to deliver actions to its store, from any thread.
///
/// Calling it does not wait: the action joins the store's buffer and is reduced on the actor that
/// owns the store (the main actor for a ``ReducerStore``) in the order it was sent. Actions sent after the effect was cancelled are dropped, and so are
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
  /// The gate of the work this handle was given to: an effect task, or a `.run` operation
  /// inside one; nil for a handle of no task.
  let gate: EffectGate?
  /// The runtime whose diagnostic handler hears of problems; nil for
  /// ``Effect/executeForTesting()``, whose problems go to standard error.
  let runtime: EffectRuntime?

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
  /// returned; see ``StoreDriver/deliverEvenIfCancelled(_:through:)``.
  func deliverEvenIfCancelled(_ action: Action) {
    deliver(action, checkingCancellation: false)
  }

  private func deliver(_ action: Action, checkingCancellation: Bool) {
    if let gate, gate.hasReturned {
      report(gate.lateSend(of: action))
      return
    }
    deliver(action, checkingCancellation ? gate : nil)
  }

  /// Reports a problem to the store's ``ReducerStore/diagnosticHandler``.
  ///
  /// - Parameter diagnostic: The problem.
  func report(_ diagnostic: StoreDiagnostic) {
    if let runtime { runtime.report(diagnostic) } else { EffectRuntime.writeDiagnostic(diagnostic) }
  }

  /// A handle that transforms actions before delivering them here.
  func map<Child: Sendable>(_ transform: @escaping @Sendable (Child) -> Action) -> Send<Child> {
    Send<Child>(deliver: { [deliver] in deliver(transform($0), $1) }, gate: gate, runtime: runtime)
  }

  /// This handle, for the work behind `gate`.
  func gated(by gate: EffectGate?) -> Send {
    Send(deliver: deliver, gate: gate, runtime: runtime)
  }
}

/// The gate of one piece of an effect's work — an effect task, or a `.run` operation that runs
/// inside a task of a composition — which decides whether the actions it delivered may still be
/// reduced: open until the work is cancelled (replaced, its key cancelled, its send's
/// ``StoreTask`` cancelled, its store gone).
///
/// A delivered action waits in the store's inbox with the gate of the work that sent it; the
/// store looks at the gate when it reduces the action, and drops it once the gate is closed. So
/// an action sent just before its effect was replaced, or racing the cancellation, is never
/// reduced after the action that replaced or cancelled the effect: the store decides where it
/// reduces, not only where the action is sent.
///
/// A gate has the gate of the task that started its work as its parent, unless the work is
/// detached: cancelling a task cancels the tasks it awaits, and closing a gate closes what hangs
/// from it.
///
/// A keyed (replaceable or queued) task counts the actions it delivered that are not reduced
/// yet, so that its key stays held until they are: the effect is in flight until its actions are
/// reduced, as in a store whose effects send on the main actor. When the task finishes with
/// actions still waiting, the effect table keeps the key as ``EffectTable/Slot/delivering(_:)``,
/// or the task's place in its queue; the store gives it back when it reduces (or drops) the last
/// one (see ``EffectRuntime/release(_:)``).
///
/// The gate of a `.run` operation also knows when the operation returned: a ``Send`` used after
/// that reports the action instead of delivering it.
@usableFromInline
final class EffectGate: Sendable {
  let parent: EffectGate?
  /// The key of a replaceable or queued task, which the gate holds while actions wait: the key's
  /// slot, or the task's place in the key's queue.
  let key: EffectKey?
  /// Where the `.run` or `.stream` whose work this is was made, when that is one place.
  let site: EffectSite?
  private let closed = Atomic(false)
  private let returned = Atomic(false)
  /// Twice the number of delivered actions not reduced yet, plus one once the task finished: one
  /// word, so that the task finishing and the store reducing the last action agree on who gives
  /// the key back.
  private let waiting = Atomic(0)

  init(parent: EffectGate?, key: EffectKey? = nil, site: EffectSite? = nil) {
    self.parent = parent
    self.key = key
    self.site = site
  }

  /// Whether neither this gate nor any gate it hangs from is closed.
  var isOpen: Bool {
    var gate: EffectGate? = self
    while let current = gate {
      if current.closed.load(ordering: .acquiring) { return false }
      gate = current.parent
    }
    return true
  }

  func close() {
    closed.store(true, ordering: .releasing)
  }

  /// Whether this gate itself was closed: its task was cancelled.
  var isClosed: Bool {
    closed.load(ordering: .acquiring)
  }

  /// Counts an action delivered through this gate, here and in the gates it hangs from.
  @usableFromInline
  func countDelivery() {
    var gate: EffectGate? = self
    while let current = gate {
      current.waiting.wrappingAdd(2, ordering: .acquiringAndReleasing)
      gate = current.parent
    }
  }

  /// Uncounts an action that was reduced or dropped; calls `release` with each gate whose task
  /// had finished and which now has no action waiting, and holds a key.
  func countReduction(release: (EffectGate) -> Void) {
    var gate: EffectGate? = self
    while let current = gate {
      let left = current.waiting.wrappingSubtract(2, ordering: .acquiringAndReleasing).newValue
      if left == 1, current.key != nil { release(current) }
      gate = current.parent
    }
  }

  /// Notes that the task finished; returns whether actions it delivered still wait.
  func finish() -> Bool {
    waiting.bitwiseOr(1, ordering: .acquiringAndReleasing).oldValue >= 2
  }

  /// Notes that the `.run` operation whose gate this is returned: from now on its ``Send``
  /// reports what it is given.
  func operationReturned() {
    returned.store(true, ordering: .releasing)
  }

  /// Whether the `.run` operation whose gate this is returned.
  var hasReturned: Bool {
    returned.load(ordering: .acquiring)
  }

  /// The diagnostic of an action sent after the operation returned.
  func lateSend(of action: some Sendable) -> StoreDiagnostic {
    StoreDiagnostic(
      kind: .sendAfterEffectFinished,
      message: "An effect sent \(action) after its operation returned; the action was dropped. "
        + "Send actions before the operation returns: await the work that sends them.",
      error: nil, fileID: site?.fileID ?? "", line: site?.line ?? 0)
  }
}
