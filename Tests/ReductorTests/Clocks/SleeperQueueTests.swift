import Testing

@testable import Reductor

/// The manual clock's sleepers on their own, without a clock.
@Suite struct SleeperQueueTests {
  @Test func sleepersComeDueInDeadlineOrderThenSleepOrder() {
    var queue = SleeperQueue()
    let ids = [300, 200, 100, 200].map { queue.insert(deadline: .milliseconds($0)) }
    #expect(queue.earliestDeadline() == .milliseconds(100))
    var woken: [Duration] = []
    while let (deadline, continuation) = queue.popDue(notAfter: .milliseconds(250)) {
      #expect(continuation == nil)  // none has attached yet
      woken.append(deadline)
    }
    #expect(woken == [.milliseconds(100), .milliseconds(200), .milliseconds(200)])
    #expect(queue.earliestDeadline() == .milliseconds(300))
    #expect(ids == [0, 1, 2, 3])
  }

  @Test func aSleeperWokenBeforeItAttachesFindsItselfWoken() async {
    var queue = SleeperQueue()
    let id = queue.insert(deadline: .milliseconds(100))
    _ = queue.popDue(notAfter: .milliseconds(100))
    #expect(await attach(id, to: &queue) == .woken)
    #expect(queue.earliestDeadline() == nil)
  }

  @Test func aSleeperCancelledBeforeItAttachesIsSkippedAndFindsItselfCancelled() async {
    var queue = SleeperQueue()
    let cancelled = queue.insert(deadline: .milliseconds(100))
    _ = queue.insert(deadline: .milliseconds(200))
    #expect(queue.cancel(cancelled) == nil)  // no continuation to resume yet
    #expect(queue.earliestDeadline() == .milliseconds(200))
    #expect(queue.popDue(notAfter: .milliseconds(150)) == nil)
    #expect(await attach(cancelled, to: &queue) == .cancelled)
  }

  @Test func anAttachedSleeperIsHandedBackWithItsContinuation() async throws {
    var queue = SleeperQueue()
    let id = queue.insert(deadline: .milliseconds(100))
    try await withCheckedThrowingContinuation { continuation in
      #expect(queue.attach(continuation, to: id) == .attached)
      let due = queue.popDue(notAfter: .milliseconds(100))
      #expect(due?.deadline == .milliseconds(100))
      #expect(due?.1 != nil)
      (due?.1 ?? continuation).resume()
    }
    #expect(queue.popDue(notAfter: .seconds(1)) == nil)
  }

  @Test func cancellingAnAttachedSleeperRemovesIt() async {
    var queue = SleeperQueue()
    let id = queue.insert(deadline: .milliseconds(100))
    let result = await Result {
      try await withCheckedThrowingContinuation { continuation in
        #expect(queue.attach(continuation, to: id) == .attached)
        (queue.cancel(id) ?? continuation).resume(throwing: CancellationError())
      }
    }
    #expect(throws: CancellationError.self) { try result.get() }
    #expect(queue.earliestDeadline() == nil)
    #expect(queue.cancel(id) == nil)
  }

  /// Attaches a continuation to sleeper `id` and resumes it as the clock does when the sleeper
  /// was woken or cancelled before it attached; returns what `attach` said.
  private func attach(
    _ id: UInt64, to queue: inout SleeperQueue
  ) async -> SleeperQueue.Attachment? {
    var attachment: SleeperQueue.Attachment?
    _ = try? await withCheckedThrowingContinuation { continuation in
      attachment = queue.attach(continuation, to: id)
      switch attachment {
      case .woken: continuation.resume()
      default: continuation.resume(throwing: CancellationError())
      }
    }
    return attachment
  }
}

extension Result where Failure == any Error {
  init(catching body: () async throws -> Success) async {
    do {
      self = .success(try await body())
    } catch {
      self = .failure(error)
    }
  }
}
