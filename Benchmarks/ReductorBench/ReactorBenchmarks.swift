import Reductor
import ReductorReactor

/// The reactor of the `reactor.*` rows: `send.root`'s counter as a view model.
final class CountViewModel: Reactor {
  enum Action: Sendable {
    case increment
    case ping
  }

  enum Mutation: Sendable {
    case pong
  }

  func makeInitialState() -> CountState { CountState() }

  func reduce(state: inout CountState, event: Event) {
    switch event.kind {
    case .action(.increment), .mutation(.pong):
      state.count += 1
    case .action(.ping):
      run(event) { .pong }
    case .destination:
      break
    }
  }
}

/// The reactable of the `reactable.*` rows: the same counter in two phases.
final class CountReactable: Reactable {
  enum Action: Sendable {
    case increment
  }

  enum Mutation: Sendable {
    case increment
  }

  let initialState = CountState()

  func mutate(action: Action) -> Effect<Mutation> {
    .just(.increment)
  }

  func reduce(state: inout CountState, mutation: Mutation) {
    state.count += 1
  }
}

@MainActor
let reactorBenchmarks: [Benchmark] = [
  Benchmark("reactor.send.action", operations: (1_000_000, 10_000)) { n in
    let viewModel = CountViewModel()
    let elapsed = time {
      for _ in 0..<n { viewModel.send(action: .increment) }
    }
    try check(viewModel.state.count == n, "count \(viewModel.state.count) != \(n)")
    return elapsed
  },
  Benchmark("reactor.run.roundtrip", operations: (20_000, 500)) { n in
    let viewModel = CountViewModel()
    let elapsed = await time {
      for _ in 0..<n { await viewModel.send(action: .ping) }
    }
    try check(viewModel.state.count == n, "count \(viewModel.state.count) != \(n)")
    return elapsed
  },
  Benchmark("reactable.action", operations: (1_000_000, 10_000)) { n in
    let reactable = CountReactable()
    let elapsed = time {
      for _ in 0..<n { reactable.action(.increment) }
    }
    try check(reactable.currentState.count == n, "count \(reactable.currentState.count) != \(n)")
    return elapsed
  },
]
