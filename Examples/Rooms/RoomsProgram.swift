import Reductor
import Synchronization

/// The size of a run: `--rooms N --clients N --actions N`.
struct RoomsOptions {
  var rooms = 1_000
  var clients = 10_000
  /// The actions each client sends.
  var actions = 1_000

  /// The options `arguments` set, or nil when one is not understood.
  init?(_ arguments: some Sequence<String>) {
    var arguments = arguments.makeIterator()
    while let name = arguments.next() {
      guard let value = arguments.next().flatMap({ Int($0) }), value > 0 else { return nil }
      switch name {
      case "--rooms": rooms = value
      case "--clients": clients = value
      case "--actions": actions = value
      default: return nil
      }
    }
  }

  /// What client `client` posts with its actions: the same amount each time.
  static func amount(of client: Int) -> Int { client % 5 + 1 }
}

/// The actions sent so far, counted by every client at once.
final class Progress: Sendable {
  private let sent = Atomic(0)

  func add(_ count: Int) { sent.add(count, ordering: .relaxed) }
  var count: Int { sent.load(ordering: .relaxed) }
}

typealias Room = ReducerActor<RoomFeature.State, RoomFeature.Action>

/// Every client sends its actions to its room, each from a task of its own, all at once, and
/// awaits each send; returns how long each send took, from the client to its reduction.
func runClients(of rooms: [Room], options: RoomsOptions, progress: Progress) async -> [Duration] {
  let clock = ContinuousClock()
  return await withTaskGroup(of: [Duration].self) { group in
    for client in 0..<options.clients {
      let room = rooms[client % rooms.count]
      group.addTask {
        var latencies: [Duration] = []
        latencies.reserveCapacity(options.actions)
        for _ in 0..<options.actions {
          let start = clock.now
          await room.send(.post(client: client, amount: RoomsOptions.amount(of: client)))
          latencies.append(start.duration(to: clock.now))
          progress.add(1)
        }
        return latencies
      }
    }
    var latencies: [Duration] = []
    for await clientLatencies in group { latencies += clientLatencies }
    return latencies
  }
}

/// Waits for every room's effects, all at once; returns how many were still in flight.
func shutDown(_ rooms: [Room]) async -> Int {
  await withTaskGroup(of: Int.self) { group in
    for room in rooms {
      group.addTask { await room.finishEffects(timeout: .seconds(10)).count }
    }
    return await group.reduce(0, +)
  }
}

/// The rooms whose state is not what their clients sent: a line for each.
func mismatches(in rooms: [Room], options: RoomsOptions, archiveEvery: Int) async -> [String] {
  var expected = Array(repeating: RoomFeature.State(), count: rooms.count)
  for client in 0..<options.clients {
    expected[client % rooms.count].posts += options.actions
    expected[client % rooms.count].total += options.actions * RoomsOptions.amount(of: client)
  }
  var lines: [String] = []
  for (index, room) in rooms.enumerated() {
    expected[index].archivedPosts = expected[index].posts / archiveEvery * archiveEvery
    let state = await room.state
    if state != expected[index] {
      lines.append("room \(index): \(state), expected \(expected[index])")
    }
  }
  return lines
}

/// `duration` in microseconds, with one decimal.
func microseconds(_ duration: Duration) -> String {
  let (seconds, attoseconds) = duration.components
  let tenths = Int((Double(seconds) * 1e7 + Double(attoseconds) / 1e11).rounded())
  return "\(tenths / 10).\(tenths % 10) µs"
}

/// The value below which `percent` of the sorted `values` fall.
func percentile(_ percent: Int, of sorted: [Duration]) -> Duration {
  sorted[min(sorted.count - 1, sorted.count * percent / 100)]
}
