// The snippet package (Documentation/Snippets) and ReductorTestingTests compile this file too,
// through links: it uses the public API only.
import Foundation
import Reductor

/// A counter whose `load` waits a second on the clock and delivers `loaded(10)`.
struct Tally: Reducer {
  struct State: Codable, Equatable, Sendable {
    var count = 0
    var log: [String] = []
  }

  enum Action: Codable, Equatable, Sendable {
    case increment
    case load
    case loaded(Int)
    case note(String)
    /// Encoding fails for a value JSON cannot hold (not a number, an infinity).
    case measure(Double)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .increment:
      state.count += 1
      return .none
    case .load:
      return .run {
        try await EffectContext.clock.sleep(for: .seconds(1))
        return .loaded(10)
      }
    case .loaded(let value):
      state.count += value
      return .none
    case .note(let text):
      state.log.append(text)
      return .none
    case .measure(let value):
      state.log.append("\(value)")
      return .none
    }
  }
}

/// Numbers at the edges of what `JSONEncoder` writes.
struct Gauge: Reducer {
  struct State: Codable, Equatable, Sendable {
    var smallest = Int.min
    var largest = Int.max
    var unsigned = UInt64.max
    var negativeZero = -0.0
    var subnormal = Double.leastNonzeroMagnitude
    var greatest = Double.greatestFiniteMagnitude
    var float = Float.leastNonzeroMagnitude
    var decimal = Decimal(string: "3.1415926535897932384626433832795028841")!
  }

  enum Action: Codable, Equatable, Sendable {
    /// One less in the unsigned field: a change between two values a `Double` cannot tell apart.
    case nudge
    case set(State)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .nudge: state.unsigned -= 1
    case .set(let new): state = new
    }
    return .none
  }
}

/// `value` as `JSONEncoder` writes it, keys sorted: equal texts are equal to the last bit
/// (`-0.0 == 0.0`, but their texts differ).
func jsonText(of value: some Encodable) throws -> String {
  let encoder = JSONEncoder()
  encoder.outputFormatting = .sortedKeys
  return String(decoding: try encoder.encode(value), as: UTF8.self)
}

/// A fresh file in the temporary folder, and its removal.
struct TemporaryFile {
  let url = FileManager.default.temporaryDirectory
    .appending(path: "reductor-recording-\(UUID().uuidString).jsonl")

  func remove() {
    try? FileManager.default.removeItem(at: url)
  }
}

/// Whether a recording's line is not a line of stage durations, which a recorder writes when
/// the store is instrumented: in a run with `REDUCTOR_INSTRUMENT=1`, or while another test has
/// turned the global switch on. Tests that compare a recorder's lines leave them out.
func isNotStagesLine(_ line: some StringProtocol) -> Bool {
  !line.hasPrefix(#"{"stages":"#)
}
