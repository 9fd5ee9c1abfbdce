@testable import Counter
import Testing

@Test func counterModuleIsTestable() {
  var state = CounterFeature.State()
  _ = CounterFeature.Reducer(dependencies: .live).reduce(into: &state, action: .increment)
  #expect(state.count == 1)
}
