public import Reductor

extension Reactor {
  /// Runs asynchronous work for `event` and reduces the mutation it returns.
  ///
  /// Call it from ``reduce(state:event:)``. The work is one task on the reactor's store, on its
  /// clock: `await send(action:)` waits for it (and for the work its mutation starts). Once the
  /// reactor is gone, the mutation is not reduced, and the work is cancelled with the reactor's
  /// store. A `nil` result reduces nothing.
  ///
  /// ```swift
  /// case .action(.save):
  ///   let draft = state.draft
  ///   run(event) {
  ///     do {
  ///       return .saved(try await service.save(draft))
  ///     } catch {
  ///       return .saveFailed
  ///     }
  ///   }
  /// ```
  ///
  /// Copy what the work needs from the state before it starts; the work must not read the
  /// state across an `await`. Sleep on `EffectContext.clock`, the reactor's clock. The work holds
  /// what it captures, `self` included, until it returns.
  ///
  /// - Parameters:
  ///   - event: The event being reduced, which the work belongs to.
  ///   - fileID: The file that started the work, named in diagnostics.
  ///   - line: The line that started the work, named in diagnostics.
  ///   - operation: The work; the mutation it returns is reduced.
  @inlinable
  public func run(
    _ event: Event,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    @_implicitSelfCapture _ operation: @escaping @Sendable () async -> Mutation?
  ) {
    reactorRuntime.start(
      Self.reducingMutation(of: operation, fileID: fileID, line: line))
  }

  /// Runs `operation` once `duration` has passed with no newer call from the same place in the
  /// source, and reduces the mutation it returns.
  ///
  /// Each call site (file, line and column) of each reactor has its own debouncer, on the
  /// reactor's clock: a newer call replaces the older one, whether it still waits or already
  /// runs, so only the last call's operation runs.
  ///
  /// The debounced work is not the event's: as GoodReactor's, `await send(action:)` returns
  /// without waiting for it, and cancelling that send's task does not cancel it.
  ///
  /// ```swift
  /// case .action(.queryChanged(let query)):
  ///   state.query = query
  ///   debounce(duration: .milliseconds(300)) { .search(query) }
  /// ```
  ///
  /// - Parameters:
  ///   - duration: How long no newer call must come.
  ///   - fileID: The file of the call; identifies the debouncer with `line` and `column`.
  ///   - line: The line of the call.
  ///   - column: The column of the call.
  ///   - operation: The work; the mutation it returns is reduced.
  public func debounce(
    duration: Duration,
    fileID: StaticString = #fileID,
    line: UInt = #line,
    column: UInt = #column,
    @_implicitSelfCapture _ operation: @escaping @Sendable () async -> Mutation?
  ) {
    reactorRuntime.startApart(
      Self.reducingMutation(of: operation, fileID: fileID, line: line)
        .debounced(for: duration, key: CallSite(fileID: "\(fileID)", line: line, column: column)))
  }

  /// The effect that runs `operation` and reduces the mutation it returns, if any.
  @inlinable
  static func reducingMutation(
    of operation: @escaping @Sendable () async -> Mutation?, fileID: StaticString, line: UInt
  ) -> Effect<ReactorStep<Self>> {
    .run(fileID: fileID, line: line) { send in
      if let mutation = await operation() { send(.mutation(mutation)) }
    }
  }

  /// Reduces a mutation for every value of an asynchronous sequence, in the order the sequence
  /// produces them, until it ends or the reactor is gone (the subscription then ends at its next
  /// value, or with the reactor's store).
  ///
  /// Call it from ``transform()``, which ``start()`` calls once. `sequence` is called at once,
  /// and the sequence is iterated from then on: a ``PassthroughPublisher`` delivers to this
  /// subscription every value sent after `start()` returned. The sequence need not be
  /// `Sendable`, but `sequence` must send it (return a value nothing else holds, such as a new
  /// one): its iterator is made here, on the main actor, and handed to the subscription's task,
  /// which alone uses it.
  ///
  /// ```swift
  /// func transform() {
  ///   subscribe(to: { updates }, map: { .refresh($0) })
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - sequence: Makes the sequence.
  ///   - map: Makes the mutation for a value; `nil` reduces nothing. It runs off the main actor.
  public func subscribe<Values: AsyncSequence & SendableMetatype>(
    to sequence: () -> sending Values,
    map: @escaping @Sendable (Values.Element) -> Mutation?
  ) where Values.Failure == Never {
    // The iterator is made now, so the subscription takes what is sent from now on. The
    // sequence was sent to this function, so nothing else holds it or its iterator: the task
    // takes the iterator out of the lock once, and alone uses it.
    let iterator = Locked<Values.AsyncIterator?>(sequence().makeAsyncIterator())
    reactorRuntime.start(
      .run { send in
        // A task cancelled before it ran (its reactor released at once) maps nothing, not even
        // what was sent meanwhile: its iterator goes unused.
        guard var values = iterator.withLock({ $0.take() }), !Task.isCancelled else { return }
        while let value = await values.next(isolation: nil), !Task.isCancelled {
          if let mutation = map(value) { send(.mutation(mutation)) }
        }
      })
  }

  /// Reduces a mutation for every value of an asynchronous sequence that `sequence` makes
  /// asynchronously, as GoodReactor's `subscribe` does.
  ///
  /// Call it from ``transform()``, which ``start()`` calls once. The subscription takes every
  /// value sent once `start()` has returned, when `sequence` makes its sequence without waiting
  /// for another actor, as it does when it reads a main-actor singleton's publisher:
  ///
  /// ```swift
  /// subscribe {
  ///   await ExternalTimer.shared.timePublisher
  /// } map: {
  ///   Mutation.didChangeTime(seconds: $0)
  /// }
  /// ```
  ///
  /// On a `ManualClock`, `start()` is a settle point: the subscription's task makes the sequence
  /// there, with what it awaits, even another actor. On another clock, `sequence` runs at once on
  /// the main actor, until it waits; a sequence that another actor makes is subscribed to when
  /// that actor has answered. (Before macOS 26, iOS 26 and their peers, which cannot start a
  /// task at once, the subscription's task makes it, after `start()` returned.)
  ///
  /// - Parameters:
  ///   - sequence: Makes the sequence: at once on the main actor, or, on a `ManualClock`, in the
  ///     subscription's task.
  ///   - map: Makes the mutation for a value; `nil` reduces nothing. It runs off the main actor.
  public func subscribe<Values: AsyncSequence & Sendable>(
    to sequence: nonisolated(nonsending) @escaping @Sendable () async -> Values,
    map: @escaping @Sendable (Values.Element) -> Mutation?
  ) where Values.Failure == Never {
    // Only the subscription's task takes the iterator, once.
    let iterator = Locked<Values.AsyncIterator?>(nil)
    let subscribe: nonisolated(nonsending) @Sendable () async -> Void = {
      let values = await sequence()
      iterator.withLock { $0 = values.makeAsyncIterator() }
    }
    // On a manual clock, the subscription's task subscribes, on the clock's executor, in the
    // settle point that `start()` is. Elsewhere a task that runs here until it first waits
    // subscribes, so that a sequence made on the main actor is iterated from now on; on systems
    // without such tasks, the subscription's task.
    let subscribing: Task<Void, Never>? =
      if clock is ManualClock {
        nil
      } else if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
        Task.immediate { @MainActor in await subscribe() }
      } else {
        nil
      }
    reactorRuntime.start(
      .run { send in
        if let subscribing {
          await withTaskCancellationHandler {
            await subscribing.value
          } onCancel: {
            subscribing.cancel()
          }
        } else {
          await subscribe()
        }
        guard var values = iterator.withLock({ $0.take() }), !Task.isCancelled else { return }
        while let value = await values.next(isolation: nil), !Task.isCancelled {
          if let mutation = map(value) { send(.mutation(mutation)) }
        }
      })
  }
}

/// A place in the source, which keys a debouncer.
struct CallSite: Hashable, Sendable {
  let fileID: String
  let line: UInt
  let column: UInt
}
