// The snippet package (Documentation/Snippets) compiles this file too, through a link: it uses
// the public API only.
import Reductor

/// An action of the timing tests: `fire(name)` starts the effect a test composes, `done(name)` is
/// what effects deliver.
enum TimelineAction: Sendable, Equatable {
  case fire(String)
  case done(String)
  case stop
}

/// A store on a manual clock whose state is the `done` actions, stamped with the virtual time at
/// which they were reduced. `effect` says what `fire(name)` does.
@MainActor
func makeTimelineStore(
  clock: ManualClock,
  effect: @escaping (String) -> Effect<TimelineAction>
) -> ReducerStore<[Stamped<String>], TimelineAction> {
  ReducerStore(
    initialState: [],
    reducer: Reduce<[Stamped<String>], TimelineAction> { state, action in
      switch action {
      case .fire(let name):
        return effect(name)
      case .done(let name):
        state.append(Stamped(value: name, at: clock.now.offset))
        return .none
      case .stop:
        return effect("stop")
      }
    },
    clock: clock)
}

/// An effect that sleeps `delay` on the store's clock, then delivers `done(name)`.
func sleepThenDone(_ name: String, after delay: Duration) -> Effect<TimelineAction> {
  .run {
    try await EffectContext.clock.sleep(for: delay)
    return .done(name)
  }
}

/// An effect that delivers `action` every second on the store's clock until it is cancelled.
func everySecond<Action: Sendable>(
  _ action: Action, lifetime: EffectLifetime = .storeBound
) -> Effect<Action> {
  .stream(lifetime: lifetime) {
    EffectContext.ticks(every: .seconds(1)).map { _ in action }
  }
}

/// A timeline store's state: each name stamped with its time, in milliseconds.
func stamped(_ events: (String, Int)...) -> [Stamped<String>] {
  events.map { Stamped(value: $0.0, at: .milliseconds($0.1)) }
}

/// Plays a marble timeline on the manual clock: for each event, advances the clock to its time,
/// in milliseconds after the call, then calls `body` with it. It returns at the last event's
/// time, without advancing further.
///
/// ```swift
/// await play([("a", 0), ("b", 100), ("c", 200)], on: clock) { store.send(.fire($0)) }
/// ```
@MainActor
func play<Event>(
  _ events: [(Event, Int)], on clock: ManualClock, _ body: (Event) -> Void
) async {
  let start = clock.now
  for (event, milliseconds) in events {
    await clock.advance(to: start.advanced(by: .milliseconds(milliseconds)))
    body(event)
  }
}
