package import Reductor

/// The dependencies a test's reducer reduces with, and the effects it makes run with: the test
/// context, the test's clock and overrides, which the test may change between steps. The test
/// changes them on its actor, and a store on another actor reads them there.
package final class TestDependencies: Sendable {
  private let values: Locked<DependencyValues>

  package init(_ values: DependencyValues) {
    self.values = Locked(values)
  }

  /// `reducer`, reducing with these dependencies in force.
  package func reducing<R: Reducer>(with reducer: R) -> Reduce<R.State, R.Action> {
    Reduce { state, action in
      withDependencies {
        $0 = self.values.value
      } operation: {
        reducer.reduce(into: &state, action: action)
      }
    }
  }

  /// How a driven store gets and sets them.
  var accessors: (get: () -> DependencyValues?, set: (DependencyValues) -> Void) {
    ({ self.values.value }, { value in self.values.withLock { $0 = value } })
  }
}
