import Foundation
import Reductor

/// Runs `body` on `count` new threads at once: each waits until all have started, so that their
/// bodies overlap. Returns when every body has returned; nothing blocks the caller's thread.
func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) async {
  let started = Locked(0)
  let finished = Locked(0)
  let go = DispatchSemaphore(value: 0)
  await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
    for _ in 0..<count {
      Thread {
        if increment(started) == count {
          for _ in 1..<count { go.signal() }
        } else {
          go.wait()
        }
        body()
        if increment(finished) == count { continuation.resume() }
      }.start()
    }
  }
}

/// Adds one to `counter`; returns the new count.
private func increment(_ counter: Locked<Int>) -> Int {
  counter.withLock { count in
    count += 1
    return count
  }
}
