import Reductor

@testable import Search

/// What happened to each search, in order: "started sw", "finished sw", "cancelled sw".
typealias SearchLog = Locked<[String]>

extension Locked where Value == [String] {
  convenience init() { self.init([]) }

  func append(_ entry: String) { withLock { $0.append(entry) } }
}

extension SearchFeature.Dependencies {
  /// The live word list and latency, writing to `log` when a search starts, finishes or is
  /// cancelled.
  static func recording(into log: SearchLog) -> Self {
    let live = Self.live
    return Self { query in
      log.append("started \(query)")
      do {
        let results = try await live.search(query)
        log.append("finished \(query)")
        return results
      } catch let error as CancellationError {
        log.append("cancelled \(query)")
        throw error
      }
    }
  }
}
