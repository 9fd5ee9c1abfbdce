/// Composing effects: in sequence and concurrently.
///
/// Children keep their own lifetimes inside a composition: a ``EffectLifetime/replaceable(_:)``
/// child is registered under its key while it runs (so `.cancel(key)` reaches it), and a
/// ``EffectLifetime/detached`` child is not cancelled with its parent.
///
/// A composition made of nothing but ``send(_:)``s (and ``none``), with the default lifetime,
/// delivers its actions at once, in order, like a single `.send`: they are reduced before the
/// store's `send` returns. So do the leading `.send`s of a concatenation with the default
/// lifetime, before the rest of it starts in a task. Any other composition runs as a task of the
/// store's effects.
extension Effect {
  /// Runs `effects` one after another, in order: each starts when the previous one finished.
  /// Cancelling the whole stops the running child and skips the rest.
  ///
  /// ```swift
  /// return .concat {
  ///   Effect.run { .saved(try await api.save(draft)) }
  ///   Effect.run { .reloaded(try await api.load()) }
  /// }
  /// ```
  ///
  /// - Parameter effects: The children, in order. An empty block is ``none``.
  /// - Returns: The composed effect.
  public static func concat(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    concat(effects())
  }

  /// Runs `effects` one after another, in order.
  ///
  /// - Parameter effects: The children, in order. An empty array is ``none``.
  /// - Returns: The composed effect.
  public static func concat(_ effects: [Effect]) -> Effect {
    combine(effects) { effects in
      let sequence = Operation.run(
        EffectWork(
          priority: nil, site: nil,
          body: .composition { runner in
            for effect in effects {
              if Task.isCancelled { return }
              _ = await runner.execute(effect)
            }
          }))
      // The leading children that deliver at once do so where the concatenation starts, as a
      // `.send` does; the rest starts after them, in a task.
      var leadingActions: [Action] = []
      var leadingCount = 0
      for effect in effects {
        guard let delivered = effect.actionsDeliveredAtOnce else { break }
        leadingActions += delivered
        leadingCount += 1
      }
      guard leadingCount > 0 else { return sequence }
      let actions = leadingActions
      let rest = concat(Array(effects.dropFirst(leadingCount)))
      return .composed(
        start: { runner, lifetime, buffer in
          guard lifetime == .storeBound else {
            return runner.start(Effect(lifetime: lifetime, operation: sequence), buffer: buffer)
          }
          for action in actions { buffer(action) }
          runner.start(rest, buffer: buffer)
        },
        execute: { runner, lifetime in
          await runner.execute(Effect(lifetime: lifetime, operation: sequence))
        })
    }
  }

  /// Runs this effect, then `other` once this one has finished.
  ///
  /// - Parameter other: The effect to run next.
  /// - Returns: The composed effect.
  public func concat(_ other: Effect) -> Effect {
    .concat([self, other])
  }

  /// Runs `effects` concurrently; the whole is done when every child is done.
  ///
  /// ```swift
  /// return .merge {
  ///   Effect.run { .profileLoaded(try await api.profile()) }
  ///   Effect.run { .postsLoaded(try await api.posts()) }
  /// }
  /// ```
  ///
  /// - Parameter effects: The children. An empty block is ``none``.
  /// - Returns: The composed effect.
  public static func merge(@EffectBuilder<Action> _ effects: () -> [Effect]) -> Effect {
    merge(effects())
  }

  /// Runs `effects` concurrently.
  ///
  /// - Parameter effects: The children. An empty array is ``none``.
  /// - Returns: The composed effect.
  public static func merge(_ effects: [Effect]) -> Effect {
    combine(effects) { effects in
      .run(
        EffectWork(
          priority: nil, site: nil,
          body: .composition { runner in
            await withTaskGroup(of: Void.self) { group in
              for effect in effects {
                group.addTask { _ = await runner.execute(effect) }
              }
            }
          }))
    }
  }

  /// Runs this effect and `other` concurrently.
  ///
  /// - Parameter other: The effect to run alongside.
  /// - Returns: The composed effect.
  public func merge(_ other: Effect) -> Effect {
    .merge([self, other])
  }

  /// The composition of `effects` that `operation` makes, unless there is less to compose: no
  /// effect, one, or nothing but actions to deliver at once, which are delivered in order.
  private static func combine(
    _ effects: [Effect], into operation: ([Effect]) -> Operation
  ) -> Effect {
    let effects = effects.filter { !$0.isNone }
    switch effects.count {
    case 0: return .none
    case 1: return effects[0]
    default:
      var actions: [Action] = []
      for effect in effects {
        guard let delivered = effect.actionsDeliveredAtOnce else {
          return Effect(operation: operation(effects))
        }
        actions += delivered
      }
      return Effect(operation: .sendAll(actions))
    }
  }
}
