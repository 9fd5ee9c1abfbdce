@testable import Search

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What happened to each search, in order: "started sw", "finished sw", "cancelled sw".
///
/// Guarded by a pthread mutex rather than `Synchronization.Mutex`, whose contended path on Linux
/// is invisible to ThreadSanitizer. `@unchecked Sendable` is safe: `entries` is only touched
/// between `pthread_mutex_lock` and `pthread_mutex_unlock`.
final class SearchLog: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  private var entries: [String] = []

  init() {
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  var value: [String] {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return entries
  }

  func append(_ entry: String) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    entries.append(entry)
  }
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
