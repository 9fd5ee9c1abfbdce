import Reductor

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// A chat service's rooms, each a store on an actor of its own, and clients that post to them
// from many tasks at once: swift run rooms [--rooms N] [--clients N] [--actions N]
// Client c posts to room c % rooms, each of its actions with the amount c % 5 + 1, and awaits
// each send. While it runs, a line a second shows the progress; at the end, the throughput, the
// latency of a send from the client to its reduction, and a check that every room's state is
// exactly what its clients sent.

guard let options = RoomsOptions(CommandLine.arguments.dropFirst()) else {
  print("usage: rooms [--rooms N] [--clients N] [--actions N]  (each N > 0)")
  exit(2)
}
let archiveEvery = 100
let rooms = (0..<options.rooms).map { _ in
  Room(initialState: RoomFeature.State(), reducer: RoomFeature.Reducer(archiveEvery: archiveEvery))
}
let actions = options.clients * options.actions
print("rooms: \(options.rooms) rooms, \(options.clients) clients, \(options.actions) actions each")

let progress = Progress()
let reporter = Task {
  while (try? await Task.sleep(for: .seconds(1))) != nil {
    print("progress: \(progress.count * 100 / actions)% (\(progress.count) of \(actions) actions)")
  }
}
let clock = ContinuousClock()
let start = clock.now
let latencies = await runClients(of: rooms, options: options, progress: progress).sorted()
let elapsed = start.duration(to: clock.now)
reporter.cancel()

let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
print("throughput: \(Int(Double(actions) / seconds)) actions/s (\(actions) actions)")
print(
  "latency of a send, client to reduction: p50 \(microseconds(percentile(50, of: latencies))), "
    + "p99 \(microseconds(percentile(99, of: latencies)))")

let stillInFlight = await shutDown(rooms)
let wrong = await mismatches(in: rooms, options: options, archiveEvery: archiveEvery)
let total = (0..<options.clients).reduce(0) { $0 + options.actions * RoomsOptions.amount(of: $1) }
if stillInFlight == 0 && wrong.isEmpty {
  print(
    "check: every room's state is what its clients sent: \(options.rooms) rooms, \(actions) "
      + "posts, total \(total)")
} else {
  print("check FAILED: \(stillInFlight) effects still in flight, \(wrong.count) rooms wrong")
  for line in wrong.prefix(10) { print(line) }
  exit(1)
}
