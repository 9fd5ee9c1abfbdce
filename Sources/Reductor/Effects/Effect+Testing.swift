extension Effect {
  /// Runs the effect's work directly and returns the last action it produced, or `nil` if it
  /// produced none.
  ///
  /// Debounce and throttle run their effects at once, lifetimes and `.cancel` are ignored, and
  /// concurrent children run concurrently (so "last" is the last to arrive). Errors without a
  /// `catch:` handler are written to standard error. Test timing and lifetimes through a store
  /// on a ``ManualClock`` instead.
  ///
  /// ```swift
  /// let action = await CounterReducer().reduce(into: &state, action: .load).executeForTesting()
  /// #expect(action == .loaded(42))
  /// ```
  ///
  /// - Returns: The last action produced.
  public func executeForTesting() async -> Action? {
    let last = LastValue<Action>()
    let send = Send<Action>(
      deliver: { action, _ in last.set(action) }, report: EffectRuntime.writeDiagnostic,
      dependencies: DependencyValues.current)
    await operation.performDirectly(send: send)
    return last.value
  }
}

extension Effect.Operation {
  fileprivate func performDirectly(send: Send<Action>) async {
    switch self {
    case .none, .cancel, .cancelScopes:
      return
    case .send(let action):
      send(action)
    case .run(_, let body):
      await body(send)
    case .concat(let effects):
      for effect in effects { await effect.operation.performDirectly(send: send) }
    case .merge(let effects):
      await withTaskGroup(of: Void.self) { group in
        for effect in effects {
          group.addTask { await effect.operation.performDirectly(send: send) }
        }
      }
    case .throttle(_, _, _, let effect), .debounce(_, _, let effect):
      await effect.operation.performDirectly(send: send)
    case .deferred(let build):
      await MainActor.run(body: build).operation.performDirectly(send: send)
    }
  }
}

/// The most recent value handed to `set`, readable from any thread.
private final class LastValue<Value: Sendable>: Sendable {
  private let storage = Locked<Value?>(nil)

  var value: Value? {
    storage.withLock { $0 }
  }

  @Sendable func set(_ value: Value) {
    storage.withLock { $0 = value }
  }
}
