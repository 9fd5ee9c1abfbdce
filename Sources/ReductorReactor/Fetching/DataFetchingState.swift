/// Where a fetch into the state is: not started, loading, or ended with a value or an error.
///
/// ``Reactor/fetch(_:_:fileID:line:_:)`` writes it: `.loading` when the fetch starts,
/// `.success` or `.failure` when it ends, `.idle` when it is cancelled.
///
/// ```swift
/// var itemsState: DataFetchingState<[Item], ItemError> = .idle
/// var items: [Item] { itemsState.successValue ?? [] }
/// ```
public enum DataFetchingState<Value, Failure: Error> {
  /// No fetch has started, or the last one was cancelled.
  case idle
  /// A fetch runs.
  case loading
  /// The last fetch returned `Value`.
  case success(Value)
  /// The last fetch threw `Failure`.
  case failure(Failure)

  /// Whether no fetch has started, or the last one was cancelled.
  public var isIdle: Bool {
    if case .idle = self { return true }
    return false
  }

  /// Whether a fetch runs.
  public var isLoading: Bool {
    if case .loading = self { return true }
    return false
  }

  /// Whether the last fetch returned a value.
  public var isSuccess: Bool {
    if case .success = self { return true }
    return false
  }

  /// Whether the last fetch threw.
  public var isFailure: Bool {
    if case .failure = self { return true }
    return false
  }

  /// The value the last fetch returned, if it succeeded.
  public var successValue: Value? {
    if case .success(let value) = self { return value }
    return nil
  }

  /// The error the last fetch threw, if it failed.
  public var errorValue: Failure? {
    if case .failure(let error) = self { return error }
    return nil
  }
}

extension DataFetchingState: Equatable where Value: Equatable, Failure: Equatable {}

extension DataFetchingState: Sendable where Value: Sendable {}
