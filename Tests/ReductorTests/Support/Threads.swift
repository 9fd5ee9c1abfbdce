#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs `body` on `count` threads of their own, passing each its index, and returns once every
/// one has returned.
///
/// Not tasks: a busy loop in a task holds a thread of the concurrency pool, which on a small
/// machine is the whole pool, and the tasks under test (the test's own continuation among them)
/// would wait for the loop to end.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) async {
  await withTaskGroup(of: Void.self) { group in
    for index in 0..<count {
      group.addTask {
        await withCheckedContinuation { continuation in
          startThread {
            body(index)
            continuation.resume()
          }
        }
      }
    }
  }
}

private final class ThreadBody: Sendable {
  let run: @Sendable () -> Void

  init(_ run: @escaping @Sendable () -> Void) {
    self.run = run
  }
}

private func startThread(_ body: @escaping @Sendable () -> Void) {
  let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
  #if canImport(Darwin)
  var thread: pthread_t?
  #else
  var thread = pthread_t()
  #endif
  let status = pthread_create(
    &thread, nil,
    { context in
      let body = Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue()
      body.run()
      return nil
    }, context)
  precondition(status == 0, "pthread_create failed: \(status)")
  #if canImport(Darwin)
  pthread_detach(thread!)
  #else
  pthread_detach(thread)
  #endif
}
