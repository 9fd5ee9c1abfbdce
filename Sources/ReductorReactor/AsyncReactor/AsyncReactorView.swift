public import Reductor

/// A view that shows an ``AsyncReactor``'s state: AsyncReactorKit's `Store`, renamed because
/// `Store` is Reductor's protocol of stores.
///
/// ```swift
/// final class CounterView: AsyncReactorView {
///   var reactor: CounterReactor? = CounterReactor()
///   var label = ""
///
///   func state(_ state: CounterReactor.State) {
///     label = "\(state.count)"
///   }
/// }
/// ```
///
/// ``send(_:)`` sends an input to the reactor; from a view's first send on, the reactor calls
/// its ``state(_:)`` on the main actor with every state it stores, in order, whoever sent the
/// input, until the view is deinitialized. A view whose `reactor` is replaced is bound to the new
/// one at its next send, and the old one, if it lives on, still calls it.
@MainActor
public protocol AsyncReactorView: AnyObject {
  /// The reactor's type.
  associatedtype Reactor: AsyncReactor

  /// The reactor the view sends to; nothing is sent while it is `nil`.
  var reactor: Reactor? { get }

  /// Shows a state the reactor stored.
  ///
  /// - Parameter state: The state.
  func state(_ state: Reactor.State)
}

extension AsyncReactorView {
  /// Sends an input to the reactor, and has the reactor call ``state(_:)`` with its states from
  /// now on.
  ///
  /// - Parameter input: The input.
  /// - Returns: A handle on the input's processing; `.finished` when there is no reactor.
  @discardableResult
  public func send(_ input: Reactor.Input) -> StoreTask {
    guard let reactor else { return .finished }
    reactor.asyncReactorRuntime.reducer.bind(self)
    return reactor.send(input)
  }
}
