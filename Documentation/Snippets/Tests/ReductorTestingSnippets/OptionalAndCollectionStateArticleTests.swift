// The code of the article "Optional and collection state" of the Reductor documentation.
import Reductor
import ReductorTesting
import Testing

@MainActor
@Suite struct OptionalAndCollectionStateArticleTests {
  /// A list of counters, each its own feature.
  struct CounterList: Reducer {
    struct Row: Equatable, Identifiable {
      let id: Int
      var count = 0
    }

    struct State: Equatable {
      var rows: IdentifiedArrayOf<Row> = []
    }

    enum Action: Sendable, Equatable {
      case row(id: Int, action: RowAction)
    }

    enum RowAction: Sendable, Equatable {
      case increment
    }

    struct RowReducer: Reducer {
      func reduce(into state: inout Row, action: RowAction) -> Effect<RowAction> {
        state.count += 1
        return .none
      }
    }

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      .none
    }

    static var reducer: some Reducer<State, Action> {
      CounterList().forEach(
        \.rows,
        action: ActionCase(Action.row) {
          if case .row(let id, let action) = $0 { (id, action) } else { nil }
        },
        element: RowReducer())
    }
  }

  /// A sheet with a timer that saves and closes itself.
  struct Detail: Reducer {
    struct State: Equatable {
      var ticks = 0
    }

    enum Action: Sendable, Equatable {
      case startTimer
      case tick
      case save
    }

    @Dependency(\.dismiss) var dismiss

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startTimer:
        return .stream { EffectContext.ticks(every: .seconds(1)).map { _ in Action.tick } }
      case .tick:
        state.ticks += 1
        return .none
      case .save:
        return .run { _ in await dismiss() }
      }
    }
  }

  /// A list that presents the sheet, and asks before deleting everything.
  struct Editor: Reducer {
    struct State: Equatable {
      var detail: Detail.State?
      var alert: AlertState<Action.Alert>?
      var items = ["a", "b"]
      var closed = 0
    }

    enum Action: Sendable, Equatable {
      enum Alert: Sendable, Equatable {
        case confirmDeletion
      }

      case open
      case close
      case deleteTapped
      case detail(PresentationAction<Detail.Action>)
      case alert(PresentationAction<Alert>)
    }

    static let deletionAlert = AlertState<Action.Alert>(
      title: "Delete everything?",
      buttons: [
        ButtonState("Delete", role: .destructive, action: .confirmDeletion),
        ButtonState("Cancel", role: .cancel),
      ])

    var body: some Reducer<State, Action> {
      Reduce<State, Action> { state, action in
        switch action {
        case .open:
          state.detail = Detail.State()
        case .close:
          state.detail = nil
        case .deleteTapped:
          state.alert = Editor.deletionAlert
        case .detail(.dismiss):
          state.closed += 1
        case .alert(.presented(.confirmDeletion)):
          state.items = []
        case .detail, .alert:
          break
        }
        return .none
      }
      .ifLet(\.detail, action: .detail, then: Detail())
      .ifLet(\.alert, action: .alert)
    }
  }

  // MARK: Collection state

  @Test func aRowsActionIsAssertedLikeAnyOther() async {
    let store = TestStore(
      initialState: CounterList.State(rows: [CounterList.Row(id: 1)]), reducer: CounterList.reducer)
    await store.send(.row(id: 1, action: .increment)) { $0.rows[id: 1]?.count = 1 }
  }

  @Test func anActionForAMissingRowFailsTheTest() async {
    let store = TestStore(initialState: CounterList.State(), reducer: CounterList.reducer)
    await withKnownIssue {
      await store.send(.row(id: 7, action: .increment))
    } matching: { issue in
      issue.comments.contains { $0.rawValue.contains("no element of its collection has the id 7") }
    }
  }

  // MARK: Presenting a child (#31 item 4): a child that ends itself through `dismiss`, and an
  // alert as plain state, cleared when a button is chosen

  @Test func aChildDismissesItselfAndItsEffectsEnd() async {
    let store = TestStore(initialState: Editor.State(), reducer: Editor())
    await store.send(.open) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.startTimer)))
    await store.clock.advance(by: .seconds(1))
    await store.receive(.detail(.presented(.tick))) { $0.detail?.ticks = 1 }
    await store.send(.detail(.presented(.save)))
    await store.receive(.detail(.dismiss)) {
      $0.detail = nil
      $0.closed = 1
    }
    // The timer ended with the sheet.
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func aParentThatClearsTheChildEndsItsEffects() async {
    let store = TestStore(initialState: Editor.State(), reducer: Editor())
    await store.send(.open) { $0.detail = Detail.State() }
    await store.send(.detail(.presented(.startTimer)))
    await store.send(.close) { $0.detail = nil }
    await store.clock.advance(by: .seconds(5))
    await store.finish()
  }

  @Test func anAlertIsClearedByTheButtonChosen() async {
    let store = TestStore(initialState: Editor.State(), reducer: Editor())
    await store.send(.deleteTapped) {
      $0.alert = AlertState(
        title: "Delete everything?",
        buttons: [
          ButtonState("Delete", role: .destructive, action: .confirmDeletion),
          ButtonState("Cancel", role: .cancel),
        ])
    }
    let cancel = store.state.alert?.buttons[1]
    #expect(cancel?.chosen == .dismiss)
    await store.send(.alert(.dismiss)) { $0.alert = nil }
    await store.send(.deleteTapped) { $0.alert = Editor.deletionAlert }
    let delete = store.state.alert?.buttons[0]
    #expect(delete?.chosen == .presented(.confirmDeletion))
    await store.send(.alert(.presented(.confirmDeletion))) {
      $0.alert = nil
      $0.items = []
    }
    await store.finish()
  }

  @Test func dismissingOutsideAPresentedChildIsReported() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Detail.State(), reducer: Detail())
      await store.send(.save)
      await store.finish()
    }
    #expect(failures.count == 1)
    #expect(
      failures.first?.hasPrefix(
        "The store reported: dismiss() was called outside a presented child; it changed "
          + "nothing.") == true)
  }

  @Test func anActionForAChildThatIsNotPresentedIsReported() async {
    let failures = await recordedFailures {
      let store = TestStore(initialState: Editor.State(), reducer: Editor())
      await store.send(.detail(.presented(.tick)))
      await store.finish()
    }
    #expect(
      failures == [
        "The store reported: The action detail(Reductor.PresentationAction<"
          + "ReductorTestingSnippets.OptionalAndCollectionStateArticleTests.Detail.Action>."
          + "presented(ReductorTestingSnippets.OptionalAndCollectionStateArticleTests.Detail."
          + "Action.tick)) was sent to a child that is not there: its presented state is nil. It "
          + "changed nothing."
      ])
  }
}

extension ActionCase
where
  Parent == OptionalAndCollectionStateArticleTests.Editor.Action,
  Child == PresentationAction<OptionalAndCollectionStateArticleTests.Detail.Action>
{
  fileprivate static var detail: Self {
    ActionCase(Parent.detail) { if case .detail(let action) = $0 { action } else { nil } }
  }
}

extension ActionCase
where
  Parent == OptionalAndCollectionStateArticleTests.Editor.Action,
  Child == PresentationAction<OptionalAndCollectionStateArticleTests.Editor.Action.Alert>
{
  fileprivate static var alert: Self {
    ActionCase(Parent.alert) { if case .alert(let action) = $0 { action } else { nil } }
  }
}
