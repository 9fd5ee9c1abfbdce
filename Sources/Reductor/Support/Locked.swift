#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A value behind a lock that ThreadSanitizer sees: for a value that effects, callbacks and tests
/// share across threads, such as the entries a ``LogSink`` collects or the diagnostics a test
/// gathers.
///
/// ```swift
/// let entries = Locked<[String]>([])
/// store.logging(to: LogSink { entry in entries.withLock { $0.append(entry) } })
/// ```
///
/// Use it rather than `Synchronization.Mutex` in code that runs under the thread sanitizer: on
/// Linux `Mutex`'s contended path (futex system calls inside the uninstrumented runtime) is
/// invisible to ThreadSanitizer, which then reports races on the protected value that are not
/// there; ThreadSanitizer intercepts the `pthread_mutex_t` this type locks. The library uses it
/// for all of its own locking.
///
/// It is `@unchecked Sendable` because its value is only read or written between
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, in ``withLock(_:)``. Keep the value a value
/// (or a `Sendable` type): a reference taken out of the lock is not protected by it.
public final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  // Unchecked: the mutex gives each access exclusivity already (a nested `withLock` would wait
  // forever before the check could fail), so a dynamic check would guard nothing, on every
  // access of every lock (see Benchmarks/NOTES.md).
  @exclusivity(unchecked) @usableFromInline var protectedValue: Value

  /// Creates a lock around `value`.
  ///
  /// - Parameter value: The value to protect.
  public init(_ value: Value) {
    self.protectedValue = value
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// Calls `body` with the value, locked, and returns what `body` returns. `body` must not lock
  /// this value again, which would wait forever.
  ///
  /// - Parameter body: Reads or changes the value.
  /// - Returns: What `body` returns.
  @inlinable
  @inline(__always)
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    // Unlocked on both paths rather than in a `defer`, which the compiler keeps out of line.
    do {
      let result = try body(&protectedValue)
      pthread_mutex_unlock(mutex)
      return result
    } catch {
      pthread_mutex_unlock(mutex)
      throw error
    }
  }

  /// A copy of the value, read under the lock.
  public var value: Value {
    withLock { $0 }
  }
}
