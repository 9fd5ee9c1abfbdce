public import Reductor

extension Reactor {
  /// The current state.
  ///
  /// Reading it is tracked by Observation (`withObservationTracking`, and SwiftUI on Apple
  /// platforms): for a struct state, every change is one change of `state`; an `@Observable`
  /// class state tracks its properties one by one.
  ///
  /// > Important: Don't read it while the reactor reduces (in ``reduce(state:event:)``, in
  /// > `transform()` or in an observer of ``destination``), where the store is changing a struct
  /// > state: read the `state` parameter. Reading it there stops the process with a message that
  /// > says so, in release builds too.
  @inlinable
  public var state: State {
    reactorRuntime.state
  }

  /// The state the reactor started with: what ``makeInitialState()`` returned at its first use,
  /// as GoodReactor's `initialState`. For an `@Observable` class state, it is the same object as
  /// ``state``, changed since.
  ///
  /// ```swift
  /// viewModel.send(action: .addOne)
  /// #expect(viewModel.initialState.count == 9)
  /// ```
  public var initialState: State {
    reactorRuntime.initialState
  }

  /// A property of the state, read as a property of the reactor: `viewModel.count` is
  /// `viewModel.state.count`.
  ///
  /// - Parameter keyPath: The property of the state.
  @inlinable
  public subscript<Value>(dynamicMember keyPath: KeyPath<State, Value>) -> Value {
    state[keyPath: keyPath]
  }

  /// Sends an action and reduces it before returning.
  ///
  /// An action sent while the reactor is reducing (from its `reduce`, or from an observer of its
  /// state) is reduced after the current event, before the outer send returns.
  ///
  /// In an `async` function, `send(action:)` is this method's waiting overload; to send without
  /// waiting there, use the result: `let task: StoreTask = viewModel.send(action: .load)`.
  ///
  /// - Parameter action: The action.
  /// - Returns: A handle on the work the action started: `finish()` waits for it, `cancel()`
  ///   stops it.
  @inlinable
  @discardableResult
  public func send(action: Action) -> StoreTask {
    reactorStorage.withRuntime(ReactorReducer<Self>.self, for: self) {
      $0.send(ReactorStep(sent: action), from: self)
    }
  }

  /// Sends an action, reduces it, and returns once the work its event started has finished,
  /// transitively: the `run`s and `fetch`es of its event, the mutations they returned, and the
  /// `run`s and `fetch`es those mutations started. As in GoodReactor, it does not wait for a
  /// ``debounce(duration:fileID:line:column:_:)``, whichever of them called it: the debounced
  /// work runs apart from the event.
  ///
  /// Cancelling the waiting task cancels the work it waits for. On a `ManualClock`, work asleep
  /// on the clock needs an advance from another task: if nothing happens on the clock for its
  /// `stalledWaitTimeout`, the wait returns and reports a `waitStalled` diagnostic to
  /// ``diagnosticHandler``, as `StoreTask.finish()` does, and the work keeps running.
  ///
  /// - Parameter action: The action.
  @inlinable
  public func send(action: Action) async {
    let task: StoreTask = send(action: action)
    await task.finish()
  }

  /// Sends an action and waits, as ``Reactor/send(action:)->()`` does, but at most `timeout` of
  /// real time (on a `ManualClock` too, whose time does not move meanwhile). If the work has not
  /// finished by then, it reports an `effectsStillInFlight` diagnostic to
  /// ``Reactor/diagnosticHandler`` that names each effect still running and where it was started, and
  /// returns; the work keeps running.
  ///
  /// ```swift
  /// await viewModel.send(action: .load, timeout: .seconds(5))
  /// ```
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - timeout: How long to wait at most.
  ///   - fileID: The calling file, for the diagnostic.
  ///   - line: The calling line, for the diagnostic.
  public func send(
    action: Action, timeout: Duration, fileID: String = #fileID, line: UInt = #line
  ) async {
    let task: StoreTask = send(action: action)
    await reactorRuntime.store.wait(
      for: task, of: "send(action: \(action))", timeout: timeout, fileID: fileID, line: line)
  }

  /// Sends a destination: reduces it as an event, then sets ``destination``.
  ///
  /// - Parameter destination: Where to navigate; `nil` dismisses.
  /// - Returns: A handle on the work the event started.
  @inlinable
  @discardableResult
  public func send(destination: Destination?) -> StoreTask {
    reactorRuntime.send(
      .event(ReactorEvent(kind: .destination(destination))), from: self)
  }

  /// Starts the subscriptions ``transform()`` makes; later calls do nothing.
  ///
  /// A subscription takes values from the moment `start()` returns, for sequences that begin
  /// producing when they are iterated (such as ``PassthroughPublisher``). On a `ManualClock`,
  /// the first call is a settle point: the subscriptions' tasks begin, and whatever else is
  /// runnable on the clock runs, before it returns. Called while the reactor reduces, the start
  /// is reduced after the current event, before the outer send returns, and its subscriptions
  /// begin at the clock's next settle point.
  public func start() {
    let reducer = reactorRuntime.reducer
    let wasStarted = reducer.isStarted
    _ = reactorRuntime.send(.start, from: self)
    guard !wasStarted, reducer.isStarted, let clock = clock as? ManualClock else { return }
    StoreDriver.settle(clock)
  }

  /// The reactor's state and actions as a `Store`, for what stores offer: `observe(_:_:)`,
  /// `values(of:)`, `states`, `scope(state:action:)` and `enqueue(_:)` from other threads.
  ///
  /// ```swift
  /// let rendering = viewModel.store.observe(\.count) { count in print("count: \(count)") }
  /// ```
  ///
  /// Its `states` yield the current state, then the state after each event reduced (and after
  /// the reactor's own steps, which may write the `.loading` of a fetch), changed or not.
  ///
  /// Sending an action to it is sending it to the reactor.
  public var store: any Store<State, Action> {
    reactorRuntime.storeOfActions
  }

  /// Receives what the reactor's store reports about problems that did not stop it, such as a
  /// fetch that threw an error that is not its state's `Failure`; standard error by default.
  ///
  /// Called on the thread of the work that failed, so it must be safe to call from any thread.
  public var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { reactorRuntime.store.diagnosticHandler }
    set { reactorRuntime.store.diagnosticHandler = newValue }
  }
}

extension Reactor {
  /// Logs every event the reactor reduces and its state after each, as
  /// `ReducerStore.logging(_:name:to:formatState:)` does for a store; debug builds only.
  ///
  /// ```swift
  /// viewModel.logging([.action, .state])
  /// ```
  ///
  /// Entries are labelled with the reactor's type name unless `name` says otherwise. Events are
  /// logged as actions (`[ItemsViewModel][Action] action(load)`); the steps of the reactor's own
  /// machinery (its start, work started outside `reduce`, the end of a fetch) are logged too, by
  /// their names.
  ///
  /// - Parameters:
  ///   - options: What to log; `[]` turns logging off.
  ///   - name: The label of each entry.
  ///   - sink: Where entries go; standard output by default.
  ///   - formatState: Formats the state instead of `MirrorFormatter`.
  public func logging(
    _ options: LogOptions = .all,
    name: String? = nil,
    to sink: LogSink = .standardOutput,
    formatState: ((State) -> String)? = nil
  ) {
    reactorRuntime.store.logging(
      options, name: name ?? "\(Self.self)", to: sink, formatState: formatState)
  }
}

extension Reactor {
  /// The reactor's runtime, made at its first use.
  @inlinable
  var reactorRuntime: ReactorRuntime<ReactorReducer<Self>> {
    reactorStorage.runtime(ReactorReducer<Self>.self, for: self)
  }
}
