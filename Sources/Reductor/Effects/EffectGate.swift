import Synchronization

/// Whether the actions one effect task delivered may still be reduced: open until the task is
/// cancelled (replaced, its key cancelled, its send's ``StoreTask`` cancelled, its store gone).
///
/// A delivered action waits in the store's inbox with the gate of the task that sent it; the
/// store looks at the gate when it reduces the action, and drops it once the gate is closed. So
/// an action sent just before its effect was replaced, or racing the cancellation, is never
/// reduced after the action that replaced or cancelled the effect: the store decides where it
/// reduces, not only where the action is sent.
///
/// A task's gate has the gate of the task that started it as its parent, unless the task is
/// detached: cancelling a task cancels the tasks it awaits, and closing a gate closes what hangs
/// from it.
///
/// A keyed (replaceable) task counts the actions it delivered that are not reduced yet, so that
/// its key stays held until they are: the effect is in flight until its actions are reduced, as
/// in a store whose effects send on the main actor. When the task finishes with actions still
/// waiting, the effect table keeps the key as ``EffectTable/Slot/delivering(_:)``; the store
/// gives it back when it reduces (or drops) the last one (see ``EffectRuntime/release(_:)``).
@usableFromInline
final class EffectGate: Sendable {
  let parent: EffectGate?
  /// The key of a replaceable task, which the gate holds while actions wait.
  let key: EffectKey?
  private let closed = Atomic(false)
  /// Twice the number of delivered actions not reduced yet, plus one once the task finished: one
  /// word, so that the task finishing and the store reducing the last action agree on who gives
  /// the key back.
  private let waiting = Atomic(0)

  init(parent: EffectGate?, key: EffectKey?) {
    self.parent = parent
    self.key = key
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
}
