import Reductor
import Testing

/// The trailing-closure spellings of `.run` with a `catch:` that gets the `Send` too, as
/// reducers write them (the forms compile, and mean what they say).
@Suite struct RunTrailingClosureTests {
  enum Action: Sendable, Equatable {
    case started
    case failed(String)
  }

  struct Failure: Error {}

  func load() -> Effect<Action> {
    .run { send in
      send(.started)
      throw Failure()
    } catch: { error, send in
      send(.failed("\(error)"))
    }
  }

  func keyedLoad() -> Effect<Action> {
    .run(lifetime: .replaceable("load")) { send in
      send(.started)
    } catch: { _, send in
      send(.failed("never"))
    }
  }

  func oneLiner() -> Effect<Action> {
    .run { send in
      send(.started)
    } catch: { _, send in
      send(.failed("never"))
    }
  }

  @Test func theCatchHandlerGetsTheErrorAndTheSend() async {
    #expect(await load().executeForTesting() == .failed("Failure()"))
  }

  @Test func aKeyedRunAndAOneLinerDeliverTheirActions() async {
    #expect(await keyedLoad().executeForTesting() == .started)
    #expect(await oneLiner().executeForTesting() == .started)
  }
}
