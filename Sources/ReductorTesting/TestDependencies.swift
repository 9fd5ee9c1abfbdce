internal import Reductor

/// The dependencies a test's reducer reduces with, and the effects it makes run with: the test
/// context, the test's clock and overrides, which the test may change between steps.
@MainActor
final class TestDependencies {
  var values: DependencyValues

  init(_ values: DependencyValues) {
    self.values = values
  }

  /// `reducer`, reducing with these dependencies in force.
  func reducing<R: Reducer>(with reducer: R) -> Reduce<R.State, R.Action> {
    Reduce { state, action in
      withDependencies {
        $0 = self.values
      } operation: {
        reducer.reduce(into: &state, action: action)
      }
    }
  }

  /// How a driven store gets and sets them.
  var accessors: (get: () -> DependencyValues?, set: (DependencyValues) -> Void) {
    ({ self.values }, { self.values = $0 })
  }
}
