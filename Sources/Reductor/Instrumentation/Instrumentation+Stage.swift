extension Instrumentation {
  /// A stage of an action's cycle.
  public enum Stage: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// From the action's `send` or `enqueue` to the start of its reduction: the time it waited
    /// behind other actions, or for a busy main actor.
    case queue
    /// A two-phase reactor's (a reactable's) synchronous `mutate(action:)` call, which builds the
    /// effect of the action's mutations.
    case mutate
    /// The synchronous reduction: the reducer's `reduce(into:action:)`, or a reactable's
    /// `reduce(state:mutation:)` for each mutation.
    case reduce
    /// The effect the reduction returned, from its start to its end: its tasks finished, and
    /// the actions it delivered reduced. An effect that starts no work (`.cancel`, or one
    /// that a throttle drops) ends at once.
    case effect

    /// The stage's name: `queue`, `mutate`, `reduce` or `effect`.
    public var description: String {
      rawValue
    }
  }

  /// One measurement of a stage, for ``Instrumentation/onEvent``.
  public struct Event: Sendable, Hashable {
    /// The stage measured.
    public let stage: Stage
    /// The store's label: its options' `label`, or its type name.
    public let store: String
    /// The action's case, without its payload: `withPayload(42)` is `withPayload`,
    /// `nested(.inner)` is `nested(.inner)`. For a reactable's ``Stage/reduce``, the mutation's.
    public let name: String
    /// How long the stage took, on the instrumentation's clock.
    public let duration: Duration
  }
}
