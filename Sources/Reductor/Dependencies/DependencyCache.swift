#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The values of dependency keys made in one context: each made once, on its first read.
///
/// A key's value is made while the cache's lock is held, so that tasks reading it at once get
/// one value: the lock is recursive, since making a value may read other dependencies.
/// `@unchecked Sendable` is safe: `values` is only read or written between
/// `pthread_mutex_lock` and `pthread_mutex_unlock`.
final class DependencyCache: @unchecked Sendable {
  /// The live values of the process.
  static let live = DependencyCache(context: .live)

  let context: DependencyContext
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// The values made, by key; each a ``DependencyBox`` of its key's value type.
  private var values: [ObjectIdentifier: any Sendable & AnyObject] = [:]

  init(context: DependencyContext) {
    self.context = context
    mutex = .allocate(capacity: 1)
    mutex.initialize(to: pthread_mutex_t())
    var attributes = pthread_mutexattr_t()
    pthread_mutexattr_init(&attributes)
    pthread_mutexattr_settype(&attributes, Int32(PTHREAD_MUTEX_RECURSIVE))
    pthread_mutex_init(mutex, &attributes)
    pthread_mutexattr_destroy(&attributes)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deinitialize(count: 1)
    mutex.deallocate()
  }

  /// The value of `key` in the cache's context, made now if it is the first read.
  func value<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let box = values[ObjectIdentifier(key)] {
      return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
    }
    let value = makeValue(of: key)
    values[ObjectIdentifier(key)] = DependencyBox(value)
    return value
  }

  /// The value of `key` for a read that is part of an override: the one made already, or one
  /// made now, without reporting a missing test value, and not kept, so that the first read
  /// that is not part of an override makes it again, and reports it.
  func valueToOverride<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    if let box = values[ObjectIdentifier(key)] {
      return unsafeDowncast(box, to: DependencyBox<Key.Value>.self).value
    }
    return DependencyValues.$isMakingValueToOverride.withValue(true) { makeValue(of: key) }
  }

  /// The value of `key` in the cache's context.
  private func makeValue<Key: DependencyKey>(of key: Key.Type) -> Key.Value {
    switch context {
    case .live: Key.liveValue
    case .preview: Key.previewValue
    case .test: Key.testValue
    }
  }
}
