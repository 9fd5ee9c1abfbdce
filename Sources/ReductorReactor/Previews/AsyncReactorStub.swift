internal import Reductor

/// Runs an ``AsyncReactor``'s inputs one at a time for tests: AsyncReactorKit's `Stub`
/// (`Stub` is the name of the reactors' preview stub here).
///
/// ```swift
/// let stub = AsyncReactorStub(reactor: CounterReactor())
/// let state = await stub.test(input: .increment)
/// #expect(state.count == 1)
/// ```
@MainActor
public struct AsyncReactorStub<R: AsyncReactor> {
  /// The reactor under test.
  public let reactor: R

  /// Creates a stub of `reactor`.
  ///
  /// - Parameter reactor: The reactor under test.
  public init(reactor: R) {
    self.reactor = reactor
  }

  /// Sends `input` and returns the state once it has been processed.
  ///
  /// - Parameter input: The input.
  /// - Returns: The state the input's processing stored.
  public func test(input: R.Input) async -> R.State {
    await reactor.send(input).finish()
    return reactor.currentState
  }
}
