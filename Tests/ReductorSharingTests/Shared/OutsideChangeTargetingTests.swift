import Foundation
import ReductorSharing
import Testing

@testable import Reductor

/// A shared value's change reaches the stores whose states hold it, and no other.
@MainActor
@Suite struct OutsideChangeTargetingTests {
  /// A state with no shared field.
  struct Plain: Equatable {
    var taps = 0
  }

  struct Tap: Reducer {
    func reduce(into state: inout Plain, action: Int) -> Effect<Int> {
      state.taps += action
      return .none
    }
  }

  @Test func aChangeReachesTheOneStoreOfAThousandThatHoldsTheValue() async {
    let harness = SharingHarness()
    let others = (0..<999).map { _ in ReducerStore(initialState: Plain(), reducer: Tap()) }
    let holder = harness.run {
      ReducerStore(initialState: SharedCounter.State(), reducer: SharedCounter())
    }
    // Every store is observed, so every one follows outside changes.
    var tokens = others.map { store in store.observe(\.taps) { _ in } }
    var counts = holder.values(of: \.count).makeAsyncIterator()
    #expect(await counts.next() == 0)
    #expect(holder.state.$count.followers.stores.count == 1)

    let other = harness.run { Shared(wrappedValue: 0, .file(URL(filePath: "/counter.json"))) }
    other.wrappedValue = 5
    #expect(await counts.next() == 5)
    tokens.removeAll()
  }

  /// A state that gains a shared field through an action is followed from then on: the value
  /// was made (or looked up) in the reduction, and the store looks again.
  @Test func aStateThatGainsASharedFieldIsFollowedFromThen() async {
    let harness = SharingHarness()
    let store = harness.run {
      ReducerStore(initialState: Holder.State(), reducer: Holder())
    }
    var counts = store.values(of: \.count).makeAsyncIterator()
    #expect(await counts.next() == nil as Int?)
    harness.run { _ = store.send(.open) }
    #expect(await counts.next() == 0)
    let other = harness.run { Shared(wrappedValue: 0, .inMemory("late")) }
    other.wrappedValue = 3
    #expect(await counts.next() == 3)
  }

  /// Opens a child whose state holds a shared value.
  struct Holder: Reducer {
    struct State: Equatable {
      var child: Child?
      var count: Int? { child?.count }
    }

    struct Child: Equatable {
      @Shared(.inMemory("late")) var count = 0
    }

    enum Action: Sendable { case open }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.child = Child()
      return .none
    }
  }
}
