import Foundation
import Reductor
import ReductorRecording

@MainActor
let recordingBenchmarks: [Benchmark] = [
  Benchmark("record.file", operations: (10_000, 10_000)) { n in
    // send.root while the store records every action to a file, with a snapshot every 100
    // steps: the main actor's share (the time and a copy of the action and the state into the
    // buffer); a background task encodes and writes. 10,000 sends a repetition, which the
    // buffer holds, so that the writer's pace does not slow the sends; `stop()`, untimed, writes
    // what is left.
    try recordIncrements(n, timed: true)
  },
  Benchmark("memory.record.1M", unit: "MiB", operations: (1_000_000, 200_000)) { n in
    // n sends recorded, far faster than the steps are encoded: what the recording holds above
    // the resident size before it, at its peak (sampled every 10,000 sends) — bounded by the
    // buffer's limit, past which the sends encode. Returned times n, as the harness divides by
    // the operations.
    try recordIncrements(n, timed: false) * Double(n)
  },
]

/// Records `n` increments of a store to a file, with a snapshot every 100 steps, and checks the
/// file. Returns the sends' time in nanoseconds when `timed`, or else the peak growth of the
/// resident size while they ran, in MiB.
@MainActor
func recordIncrements(_ n: Int, timed: Bool) throws -> Double {
  let url = FileManager.default.temporaryDirectory
    .appending(component: "reductor-bench-\(UUID().uuidString).jsonl")
  defer { try? FileManager.default.removeItem(at: url) }
  let store = makeValueStore()
  let recorder = try store.record(to: url, snapshotInterval: 100)
  var result = 0.0
  if timed {
    result = time {
      for _ in 0..<n { store.send(.increment) }
    }
  } else {
    releaseFreedMemory()
    let before = residentBytes()
    var peak = before
    for index in 0..<n {
      store.send(.increment)
      if index % 10_000 == 0 { peak = max(peak, residentBytes()) }
    }
    result = Double(peak - before) / 1_048_576
  }
  recorder.stop()
  let recording = try Recording<CountState, CountAction>(contentsOf: url)
  try check(recording.steps.count == n, "the file holds \(recording.steps.count) steps, not \(n)")
  try check(recording.issues.isEmpty, "the file has issues: \(recording.issues)")
  try check(
    try recording.state(at: n).count == n, "the last step's state is not the store's")
  return result
}
