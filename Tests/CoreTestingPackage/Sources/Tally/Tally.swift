public import Reductor

/// A count that adds now, or after a second on the store's clock.
public struct Tally: Reducer {
  /// The count.
  public struct State: Equatable, Sendable {
    /// The sum of the amounts added.
    public var count = 0

    /// A count of zero.
    public init() {}
  }

  /// What the tally does.
  public enum Action: Equatable, Sendable {
    /// Adds the amount now.
    case add(Int)
    /// Adds the amount a second later.
    case addLater(Int)
  }

  @Dependency(\.clock) var clock

  /// A tally.
  public init() {}

  /// Adds, at once or after a second.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .add(let amount):
      state.count += amount
      return .none
    case .addLater(let amount):
      return .run { [clock] send in
        try await clock.sleep(for: .seconds(1))
        send(.add(amount))
      }
    }
  }
}
