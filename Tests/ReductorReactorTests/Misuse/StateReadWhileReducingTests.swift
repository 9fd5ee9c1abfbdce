import Reductor
import ReductorReactor
import Testing

/// Reading a reactor's own state inside its `reduce` is a programming error: the store is
/// changing that state. The process stops with a message that says what to read instead, in
/// release builds as in debug ones.
@Suite struct StateReadWhileReducingTests {
  @Test func aReactableThatReadsCurrentStateInReduceStopsWithTheMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { _ = CurrentStateReader().action(.increment) }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "CurrentStateReader.currentState was read in reduce(state:mutation:), while the store "
          + "changes the state; read the reducer's `state` parameter instead."))
  }

  @Test func aReactorThatReadsStateInReduceStopsWithTheMessage() async {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await MainActor.run { _ = StateReader().send(action: .increment) }
    }
    let output = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    #expect(
      output.contains(
        "StateReader.state was read while the reactor reduces (in reduce(state:event:), "
          + "transform() or an observer of destination), when its store changes the state; read "
          + "the reducer's `state` parameter instead."))
  }
}

@MainActor
private final class CurrentStateReader: Reactable {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case increment }

  let initialState = 0

  func mutate(action: Action) -> Effect<Int> {
    .just(1)
  }

  func reduce(state: inout Int, mutation: Int) {
    state = currentState + mutation
  }
}

@MainActor
private final class StateReader: Reactor {
  let reactorStorage = ReactorStorage()
  enum Action: Sendable { case increment }
  typealias Mutation = Never
  typealias Destination = Never

  var destination: Destination?

  func makeInitialState() -> Int { 0 }

  func reduce(state: inout Int, event: Event) {
    state = self.state + 1
  }
}
