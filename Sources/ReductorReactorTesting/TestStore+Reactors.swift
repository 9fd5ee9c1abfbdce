public import Reductor
public import ReductorReactor
public import ReductorTesting

/// Test stores of reactors, reactables and async reactors: the same assertions as a test store of
/// a reducer, on the owner's own store.
///
/// The test sends what views send, `.action(…)` (and a reactor's `.destination(…)`), through the
/// owner's own `send`, and receives what the owner's work reduced afterwards: `.mutation(…)`,
/// and a reactor's `.fetched(\.keyPath)` when a fetch writes its outcome. The steps of the
/// owner's machinery are not seen; a change of the state one makes shows in the next step the
/// test asserts.
///
/// The owner's `clock` must be a `ManualClock` (declare it `let clock: any Clock<Duration>` and
/// pass one): the test store settles and advances it. With another clock the test fails at the
/// store's creation.
extension TestStore {
  /// Creates a test store of `reactor`, a GoodReactor-style `Reactor`: `.action` and
  /// `.destination` are sent and reduced by its `reduce(state:event:)`; the mutations of its
  /// work, and its fetches as they end, are received.
  ///
  /// ```swift
  /// let store = TestStore(reactor: Loader(clock: ManualClock()))
  /// await store.send(.action(.addOne)) { $0.count = 1 }
  /// await store.clock.advance(by: .seconds(1))
  /// await store.receive(.mutation(.reset)) { $0.count = 0 }
  /// await store.send(.action(.load("a"))) { $0.item = .loading }
  /// await store.clock.advance(by: .milliseconds(500))
  /// await store.receive(.fetched(\.item)) { $0.item = .success("A") }
  /// ```
  ///
  /// - Parameters:
  ///   - reactor: The reactor under test, made with a `ManualClock`.
  ///   - updateDependencies: Overrides dependencies of its store's reductions and effects.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public convenience init<R: Reactor>(
    reactor: R,
    withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  )
  where State == R.State, Action == ReactorTestAction<R.Action, R.Mutation, R.Destination, R.State>
  {
    self.init(
      driving: reactor.underTest, of: R.self, withDependencies: updateDependencies,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a test store of `reactable`, a ReactableKit-style `Reactable`: `.action` is sent,
  /// and its `mutate(action:)` runs; the mutations it returns are received, the leading `.just`
  /// ones before `send` returns.
  ///
  /// ```swift
  /// let store = TestStore(reactable: Search(clock: ManualClock()))
  /// await store.send(.action(.loadNextPage))
  /// await store.receive(.mutation(.setLoadingNextPage(true))) { $0.isLoadingNextPage = true }
  /// await store.clock.advance(by: .milliseconds(300))
  /// await store.receive(.mutation(.appendPage(1))) { $0.pages = [1] }
  /// await store.receive(.mutation(.setLoadingNextPage(false))) { $0.isLoadingNextPage = false }
  /// ```
  ///
  /// - Parameters:
  ///   - reactable: The reactable under test, made with a `ManualClock`.
  ///   - updateDependencies: Overrides dependencies of its store's reductions and effects.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public convenience init<R: Reactable>(
    reactable: R,
    withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where State == R.State, Action == ReactorTestAction<R.Action, R.Mutation, Never, R.State> {
    self.init(
      driving: reactable.underTest, of: R.self, withDependencies: updateDependencies,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// Creates a test store of `reactor`, an AsyncReactorKit-style `AsyncReactor`: an input is
  /// sent as `.action`; the mutation its `reduce(_:)` returns is received with the state its
  /// `mutate(_:mutation:)` made.
  ///
  /// ```swift
  /// let store = TestStore(asyncReactor: Tally(clock: ManualClock()))
  /// await store.send(.action(.addLater(10)))
  /// await store.send(.action(.increment))
  /// await store.clock.advance(by: .seconds(1))
  /// await store.receive(.mutation(.setCount(10))) { $0.count = 10 }
  /// await store.receive(.mutation(.setCount(11))) { $0.count = 11 }
  /// ```
  ///
  /// - Parameters:
  ///   - reactor: The async reactor under test, made with a `ManualClock`.
  ///   - updateDependencies: Overrides dependencies of its store's reductions and effects.
  ///   - fileID: The file that creates the store, for failures found when it is deinitialized.
  ///   - filePath: The full path of that file.
  ///   - line: The line that creates the store.
  ///   - column: The column that creates the store.
  public convenience init<R: AsyncReactor>(
    asyncReactor reactor: R,
    withDependencies updateDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: String = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) where State == R.State, Action == ReactorTestAction<R.Input, R.Mutation, Never, R.State> {
    self.init(
      driving: reactor.underTest, of: R.self, withDependencies: updateDependencies,
      site: CallSite(fileID: fileID, filePath: filePath, line: line, column: column))
  }

  /// A test store of the store of an owner of type `owner`, on that store's manual clock.
  private convenience init(
    driving owner: ReactorUnderTest<State, Action>,
    of ownerType: Any.Type,
    withDependencies updateDependencies: (inout DependencyValues) -> Void,
    site: CallSite
  ) {
    let clock: ManualClock
    if let manualClock = owner.clock as? ManualClock {
      clock = manualClock
    } else {
      reportFailure(
        "\(ownerType) runs on \(type(of: owner.clock)), not a ManualClock: the test store cannot "
          + "move its time. Give it a ManualClock (`let clock: any Clock<Duration>`, "
          + "initialized with one).", at: site)
      clock = ManualClock()
    }
    let store = StoreUnderTest(
      clock: owner.clock, state: owner.state, send: owner.send, dependencies: owner.dependencies,
      setDiagnosticHandler: owner.setDiagnosticHandler, recordReductions: owner.recordReductions,
      trackWorkApart: owner.trackWorkApart)
    self.init(clock: clock, withDependencies: updateDependencies, site: site) { _ in store }
  }
}
