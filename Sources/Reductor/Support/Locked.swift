#if canImport(Glibc)
public import Glibc
#elseif canImport(Musl)
public import Musl
#elseif canImport(Darwin)
public import Darwin
#endif

/// A value behind a `pthread_mutex_t`.
///
/// Used instead of `Synchronization.Mutex` because on Linux `Mutex`'s contended path (futex
/// syscalls inside the uninstrumented runtime) is invisible to ThreadSanitizer, which then
/// reports false races on the protected value; ThreadSanitizer intercepts pthread mutexes.
///
/// `@unchecked Sendable` is safe: `protectedValue` is only read or written between
/// `pthread_mutex_lock` and `pthread_mutex_unlock` in ``withLock(_:)``.
///
/// `package`, so the package's tests share it for values their effects change.
@usableFromInline
package final class Locked<Value>: @unchecked Sendable {
  @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
  @usableFromInline var protectedValue: Value

  @usableFromInline
  package init(_ value: Value) {
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

  @inlinable
  package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body(&protectedValue)
  }

  /// A copy of the value.
  package var value: Value {
    withLock { $0 }
  }
}
