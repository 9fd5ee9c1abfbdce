import Reductor
import ReductorReactor

/// The reactor of the `reactor.*` rows: `send.root`'s counter as a view model. Given a
/// publisher, its `transform()` listens to it, counting the values in `heard`.
final class CountViewModel: Reactor {
  enum Action: Sendable {
    case increment
    case ping
  }

  enum Mutation: Sendable {
    case pong
  }

  let reactorStorage = ReactorStorage()
  private let updates: PassthroughPublisher<Int>?
  private let heard: Locked<Int>?

  init(listeningTo updates: PassthroughPublisher<Int>? = nil, heard: Locked<Int>? = nil) {
    self.updates = updates
    self.heard = heard
  }

  func makeInitialState() -> CountState { CountState() }

  func transform() {
    guard let updates, let heard else { return }
    subscribe(to: { updates }) { _ in
      heard.withLock { $0 += 1 }
      return nil
    }
  }

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
  let reactorStorage = ReactorStorage()
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
  Benchmark("reactor.lifecycle", operations: (200_000, 2_000)) { n in
    // A reactor made, sent one action and released: its store is made at the send and goes
    // with the reactor.
    var total = 0
    let elapsed = time {
      for _ in 0..<n {
        let viewModel = CountViewModel()
        viewModel.send(action: .increment)
        total += viewModel.state.count
      }
    }
    try check(total == n, "total \(total) != \(n)")
    return elapsed
  },
  Benchmark("memory.reactor.lifecycle10k", unit: "MiB", operations: (1, 1)) { _ in
    // 10,000 reactors, each with a subscription, a run and a send, released: what they leave
    // above the resident size measured before them. Their subscriptions ended with them: a
    // value sent afterwards reaches none.
    let updates = PassthroughPublisher<Int>()
    let heard = Locked(0)
    releaseFreedMemory()
    let before = residentBytes()
    for _ in 0..<10_000 {
      let viewModel = CountViewModel(listeningTo: updates, heard: heard)
      viewModel.start()
      _ = viewModel.send(action: .increment) as StoreTask
      await viewModel.send(action: .ping)
      try check(viewModel.state.count == 2, "count \(viewModel.state.count) != 2")
    }
    updates.send(1)
    await Task.yield()
    try check(heard.value == 0, "\(heard.value) released reactors heard a value")
    releaseFreedMemory()
    return Double(residentBytes() - before) / 1_048_576
  },
  Benchmark("publisher.release10k", operations: (10_000, 10_000)) { n in
    // 10,000 subscriptions of one publisher (10,000 reactors' `subscribe(to:)`) end at once,
    // then a value is sent: ending one costs the same however many there are.
    let publisher = PassthroughPublisher<Int>()
    var subscriptions: [AsyncStream<Int>.Iterator]? = (0..<n).map { _ in
      publisher.makeAsyncIterator()
    }
    var survivor = publisher.makeAsyncIterator()
    let elapsed = time {
      subscriptions = nil
      publisher.send(1)
    }
    try check(subscriptions == nil, "the subscriptions were kept")
    let received = await survivor.next()
    try check(received == 1, "the subscription left received \(received as Any)")
    return elapsed
  },
]
