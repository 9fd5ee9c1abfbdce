import Dispatch
import Foundation

/// What a terminal program reacts to: a line of input, the end of input, or a signal.
public enum TerminalEvent: Sendable, Equatable {
  /// A line of standard input, without its line break.
  case line(String)
  /// Standard input ended (Ctrl-D, or the end of a pipe).
  case endOfInput
  /// The process received a signal, such as `SIGINT` (Ctrl-C) or `SIGTERM`.
  case signal(Int32)
}

/// Input for a program that embeds a store, without blocking the main actor.
public enum Terminal: Sendable {
  /// `SIGINT` (Ctrl-C) and `SIGTERM` (what `kill` and service managers send): the signals that
  /// ask a program to quit.
  public static let quitSignals = [SIGINT, SIGTERM]

  /// The lines of standard input and the given signals, as one stream of events, in the order
  /// they happen.
  ///
  /// Lines are read with the blocking `readLine()` on a thread of their own, so the main actor
  /// stays free to reduce what effects deliver and to render while the program waits for input.
  /// A signal in `signals` no longer ends the process, from the moment this returns: it arrives
  /// as an event, in every stream that asked for it, and is ignored while no stream does.
  ///
  /// ```swift
  /// for await event in Terminal.events(signals: [SIGINT, SIGTERM]) {
  ///   // ...
  /// }
  /// ```
  ///
  /// - Parameter signals: The signals to deliver as events; `SIGINT` and `SIGTERM` by default.
  /// - Returns: The events. It ends after ``TerminalEvent/endOfInput``.
  public static func events(signals: [Int32] = quitSignals) -> AsyncStream<TerminalEvent> {
    events(lines: { readLine() }, signals: signals)
  }

  /// The events of `readLine`'s lines and the given signals; `readLine` runs on a thread of its
  /// own and returns nil at the end of input. For tests, which read from a script.
  static func events(
    lines readLine: @escaping @Sendable () -> String?, signals: [Int32]
  ) -> AsyncStream<TerminalEvent> {
    let (events, continuation) = AsyncStream<TerminalEvent>.makeStream()
    let subscription = SignalWatcher.shared.subscribe(to: signals) { number in
      continuation.yield(.signal(number))
    }
    continuation.onTermination = { _ in SignalWatcher.shared.unsubscribe(subscription) }
    // A thread of its own: a blocking read on the tasks' shared threads would hold one of them
    // (on two cores, half of them) for as long as the user does not type.
    let reader = Thread {
      while let line = readLine() {
        continuation.yield(.line(line))
      }
      continuation.yield(.endOfInput)
      continuation.finish()
    }
    reader.name = "standard input"
    reader.start()
    return events
  }
}

/// Watches signals for the process, once per signal, and hands each to the subscribers of the
/// moment.
///
/// A signal is watched from the first subscription to it until the process ends: set to be
/// ignored, so that it no longer ends the process, and watched by a dispatch source. Dispatch
/// keeps one watch per signal for the process, which a second source would share, so the watch
/// is never torn down and set up again.
private final class SignalWatcher: Sendable {
  static let shared = SignalWatcher()

  private struct State {
    var sources: [Int32: SignalSource] = [:]
    var subscribers: [UInt64: (signals: Set<Int32>, deliver: @Sendable (Int32) -> Void)] = [:]
    var nextID: UInt64 = 0
  }

  // An `NSLock` (a pthread mutex) rather than `Mutex`: the thread sanitizer does not see
  // `Mutex`'s contended path on Linux and reports races that are not there.
  private let lock = NSLock()
  nonisolated(unsafe) private var state = State()

  /// Calls `deliver` with each of `signals` the process receives from now on, until
  /// ``unsubscribe(_:)``; returns the subscription's id.
  func subscribe(to signals: [Int32], deliver: @escaping @Sendable (Int32) -> Void) -> UInt64 {
    let (id, watched) = lock.withLock {
      for number in signals where state.sources[number] == nil {
        state.sources[number] = SignalSource(watching: number) { [weak self] in
          self?.deliver(number)
        }
      }
      defer { state.nextID += 1 }
      state.subscribers[state.nextID] = (Set(signals), deliver)
      return (state.nextID, signals.compactMap { state.sources[$0] })
    }
    // Dispatch starts watching a signal shortly after its source is resumed, on a thread of its
    // own. Wait for that, so that every signal from the moment `subscribe` returns is delivered.
    for source in watched { source.registered.wait() }
    return id
  }

  func unsubscribe(_ id: UInt64) {
    lock.withLock { _ = state.subscribers.removeValue(forKey: id) }
  }

  private func deliver(_ number: Int32) {
    let subscribers = lock.withLock {
      state.subscribers.values.filter { $0.signals.contains(number) }.map(\.deliver)
    }
    for deliver in subscribers { deliver(number) }
  }
}

/// The dispatch source that watches a signal, and whether dispatch has started watching. Dispatch
/// sources are safe to use from any thread, but the Dispatch module on Linux does not mark them
/// `Sendable`.
private struct SignalSource: @unchecked Sendable {
  let source: any DispatchSourceSignal
  /// Left once dispatch watches the signal.
  let registered = DispatchGroup()

  /// Starts watching `number`: the process ignores it from now on, and `handler` runs for it.
  init(watching number: Int32, handler: @escaping @Sendable () -> Void) {
    // Ignored by the process, the signal reaches the dispatch source instead of ending it.
    signal(number, SIG_IGN)
    source = DispatchSource.makeSignalSource(signal: number, queue: .global())
    source.setEventHandler(handler: handler)
    registered.enter()
    source.setRegistrationHandler { [registered] in registered.leave() }
    source.resume()
  }
}
