internal import Reductor

/// A reactable's stand-in for tests of the views that use it, in the manner of ReactorKit's
/// stub: while ``isEnabled``, the reactable records the actions it is sent in ``actions``
/// instead of calling `mutate(action:)`, and takes the state a test sets in ``state``.
///
/// ```swift
/// reactable.stub.isEnabled = true
/// reactable.stub.state = CounterReactable.State(count: 5)
/// reactable.action(.increase)
/// #expect(reactable.stub.actions == [.increase])
/// #expect(reactable.currentState.count == 5)
/// ```
///
/// `initialize()` starts nothing while the stub is enabled.
@MainActor
public final class ReactableStub<R: Reactable> {
  /// Whether the reactable's actions are recorded instead of carried out.
  public var isEnabled = false
  /// The actions sent while the stub was enabled, in order.
  public internal(set) var actions: [R.Action] = []
  private weak var runtime: ReactorRuntime<ReactableReducer<R>>?
  private var stubbedState: R.State?
  /// The state last read or set, which a stub that outlived its reactable gives.
  private var lastState: R.State
  /// Where the reactable's store reported its diagnostics, when the stub last reached it.
  private var report: @Sendable (StoreDiagnostic) -> Void

  init(runtime: ReactorRuntime<ReactableReducer<R>>) {
    self.runtime = runtime
    lastState = runtime.state
    report = runtime.store.diagnosticHandler
  }

  /// The reactable's state; setting it replaces the reactable's state, as a reduction that its
  /// observers see. A stub kept after its reactable was released gives the state it last saw,
  /// and reports the use to the reactable's diagnostic handler of that time.
  public var state: R.State {
    get {
      guard let runtime else {
        reportReleased("read")
        return lastState
      }
      lastState = runtime.state
      report = runtime.store.diagnosticHandler
      return lastState
    }
    set {
      lastState = newValue
      guard let runtime else { return reportReleased("set") }
      stubbedState = newValue
      report = runtime.store.diagnosticHandler
      _ = runtime.store.send(.applyStubbedState)
    }
  }

  /// Reports a use of the stub after its reactable was released.
  private func reportReleased(_ use: String) {
    report(
      StoreDiagnostic(
        kind: .actionForReleasedOwner,
        message: "The stub's state was \(use) after its \(R.self) was released; it gives the "
          + "state it last saw and changes nothing. Keep the reactable while you use its stub.",
        error: nil, fileID: "", line: 0))
  }

  /// Records an action sent while the stub is enabled.
  @usableFromInline
  func record(_ action: R.Action) {
    actions.append(action)
  }

  /// The state a test set, once.
  func takeStubbedState() -> R.State? {
    defer { stubbedState = nil }
    return stubbedState
  }
}

extension Reactable {
  /// The reactable's stub, for tests: enable it to record actions instead of carrying them out,
  /// and to set the state.
  public var stub: ReactableStub<Self> {
    let runtime = reactableRuntime
    if let stub = runtime.reducer.stub { return stub }
    let stub = ReactableStub(runtime: runtime)
    runtime.reducer.stub = stub
    return stub
  }
}
