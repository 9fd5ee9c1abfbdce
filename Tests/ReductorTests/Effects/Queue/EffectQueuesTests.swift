import Testing

@testable import Reductor

/// The queues' state machine on its own: no clock, no tasks; times are durations since the
/// runtime started, and members are task ids.
@Suite struct EffectQueuesTests {
  private let q = EffectKey("q")

  private func ms(_ milliseconds: Int) -> Duration {
    .milliseconds(milliseconds)
  }

  /// Makes each id arrive at `now`, in order; returns the arrivals and the tasks each displaced.
  private func arrive(
    _ ids: ClosedRange<UInt64>, in queues: inout EffectQueues, _ policy: EffectQueuePolicy,
    at now: Duration = .zero
  ) -> [(arrival: EffectQueues.Arrival, cancelled: [UInt64])] {
    ids.map { id in
      let arrived = queues.arrive(id, in: q, policy: policy, at: now)
      return (arrived.arrival, arrived.changes.cancelled)
    }
  }

  @Test func aNewestQueueDisplacesItsOldestMemberOnceItHoldsCount() {
    var queues = EffectQueues()
    let arrivals = arrive(0...3, in: &queues, .newest(2))
    #expect(arrivals.map(\.arrival) == [.starts, .starts, .starts, .starts])
    #expect(arrivals.map(\.cancelled) == [[], [], [0], [1]])
    for id: UInt64 in [0, 1] { #expect(queues.turn(of: id, in: q, at: .zero).turn == .gone) }
    #expect(queues.finish(2, in: q, delivering: nil).cancelled.isEmpty)
    _ = queues.finish(3, in: q, delivering: nil)
    #expect(queues.count == 0)
  }

  /// With a delay, the members start in the order they got their places, each the delay after
  /// the start before; only the first due one sleeps until its turn.
  @Test func aDelaySpacesTheStartsInTheOrderOfThePlaces() {
    var queues = EffectQueues()
    let arrivals = arrive(0...2, in: &queues, .newest(3, delay: .seconds(1)))
    #expect(arrivals.map(\.arrival) == [.starts, .waits, .waits])
    #expect(queues.isWaiting(1, in: q) && queues.isWaiting(2, in: q))
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .wait)
    #expect(queues.turn(of: 1, in: q, at: ms(500)).turn == .sleep(until: ms(1000)))
    #expect(queues.turn(of: 1, in: q, at: ms(1000)).turn == .start)
    #expect(!queues.isWaiting(1, in: q))
    #expect(queues.turn(of: 2, in: q, at: ms(1000)).turn == .sleep(until: ms(2000)))
    #expect(queues.turn(of: 2, in: q, at: ms(2300)).turn == .start)
    #expect(queues.turn(of: 0, in: q, at: ms(2300)).turn == .start)  // started on arrival
  }

  /// An `oldest` queue keeps its new members waiting for a place, and gives the places that free
  /// to them in the order they arrived; a member whose actions wait to be reduced keeps its place
  /// until they are.
  @Test func anOldestQueueAdmitsSuspendedMembersInTheOrderTheyArrived() {
    var queues = EffectQueues()
    let arrivals = arrive(0...2, in: &queues, .oldest(1, whenFull: .suspendNew))
    #expect(arrivals.map(\.arrival) == [.starts, .waits, .waits])
    #expect(queues.turn(of: 1, in: q, at: .zero).turn == .wait)
    _ = queues.finish(0, in: q, delivering: nil)
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .wait)
    #expect(queues.turn(of: 1, in: q, at: .zero).turn == .start)
    let gate = EffectGate(parent: nil, key: q)
    _ = queues.finish(1, in: q, delivering: gate)
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .wait)
    _ = queues.release(EffectGate(parent: nil, key: q), in: q)  // another gate: nothing
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .wait)
    _ = queues.release(gate, in: q)
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .start)
  }

  @Test func aFullDiscardingQueueDiscardsNewMembersUntilAPlaceFrees() {
    var queues = EffectQueues()
    let arrivals = arrive(0...2, in: &queues, .oldest(2, whenFull: .discardNew))
    #expect(arrivals.map(\.arrival) == [.starts, .starts, .discarded])
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .gone)
    _ = queues.finish(0, in: q, delivering: nil)
    #expect(
      arrive(3...3, in: &queues, .oldest(2, whenFull: .discardNew)).map(\.arrival) == [.starts])
  }

  /// A member that leaves before it started gives its place to the next one, and its turn too:
  /// the next one starts the delay after the last start that happened.
  @Test func aMemberThatLeavesBeforeItsTurnLeavesNoGap() {
    var queues = EffectQueues()
    let policy = EffectQueuePolicy.oldest(2, whenFull: .suspendNew, delay: .seconds(1))
    _ = arrive(0...2, in: &queues, policy)
    #expect(queues.turn(of: 1, in: q, at: .zero).turn == .sleep(until: ms(1000)))
    #expect(queues.leave(1, in: q).cancelled.isEmpty)
    #expect(queues.turn(of: 1, in: q, at: .zero).turn == .gone)
    #expect(queues.turn(of: 2, in: q, at: ms(400)).turn == .sleep(until: ms(1000)))
    #expect(queues.turn(of: 2, in: q, at: ms(1000)).turn == .start)
  }

  /// Cancelling a queue cancels the tasks of its running and waiting members and closes the gate
  /// of a delivering one, so that its actions are dropped; the queue is forgotten.
  @Test func cancellingAQueueTakesOutEveryMember() {
    var queues = EffectQueues()
    _ = arrive(0...3, in: &queues, .oldest(2, whenFull: .suspendNew))
    let gate = EffectGate(parent: nil, key: q)
    _ = queues.finish(0, in: q, delivering: gate)
    let changes = queues.cancel(q)
    #expect(changes.cancelled == [1, 2, 3])
    #expect(changes.closed.map(ObjectIdentifier.init) == [ObjectIdentifier(gate)])
    #expect(queues.count == 0)
  }

  /// Taking out the members a cancelled send counted leaves their tasks to the caller, and gives
  /// their places to the members that wait.
  @Test func removingPickedMembersAdmitsTheOthers() {
    var queues = EffectQueues()
    _ = arrive(0...2, in: &queues, .oldest(1, whenFull: .suspendNew))
    let changes = queues.remove { $0 == 0 || $0 == 1 }
    #expect(changes.cancelled.isEmpty)
    #expect(queues.turn(of: 1, in: q, at: .zero).turn == .gone)
    #expect(queues.turn(of: 2, in: q, at: .zero).turn == .start)
  }

  /// A queue runs by the policy of the effects it holds, and says so to an effect that names
  /// another; once empty, it takes the next one's.
  @Test func aQueueKeepsItsPolicyWhileItHoldsEffects() {
    var queues = EffectQueues()
    let discarding = EffectQueuePolicy.oldest(1, whenFull: .discardNew)
    #expect(queues.arrive(0, in: q, policy: .newest(1), at: .zero).kept == nil)
    let other = queues.arrive(1, in: q, policy: discarding, at: .zero)
    #expect(other.arrival == .starts)
    #expect(other.changes.cancelled == [0])
    #expect(other.kept == .newest(1))
    _ = queues.finish(1, in: q, delivering: nil)
    #expect(queues.arrive(2, in: q, policy: discarding, at: .zero).kept == nil)
    let discarded = queues.arrive(3, in: q, policy: .newest(1), at: .zero)
    #expect(discarded.arrival == .discarded)
    #expect(discarded.kept == discarding)
  }

  /// An empty queue whose latest start's delay has not passed is kept, so that the next effect
  /// waits for it; it is forgotten at the first arrival after that, in any queue.
  @Test func anEmptyQueueIsKeptUntilItsDelayHasPassed() {
    var queues = EffectQueues()
    _ = arrive(0...0, in: &queues, .newest(1, delay: .seconds(1)))
    _ = queues.finish(0, in: q, delivering: nil)
    #expect(queues.count == 1)
    _ = queues.arrive(1, in: EffectKey("other"), policy: .newest(1), at: ms(999))
    #expect(queues.count == 2)
    _ = queues.finish(1, in: EffectKey("other"), delivering: nil)
    #expect(queues.count == 1)
    _ = queues.arrive(2, in: EffectKey("other"), policy: .newest(1), at: ms(1000))
    #expect(queues.keys == [EffectKey("other")])
  }

  @Test func aPolicyBelowOneOrWithANegativeDelayRunsAsOneWithNoDelay() {
    let checked = EffectQueuePolicy.newest(0, delay: .seconds(-1)).checked
    #expect(checked.policy == .newest(1))
    #expect(
      checked.problem
        == "a count of 0 runs no effect; it runs as 1; a negative delay (-1.0 seconds) runs as none"
    )
    #expect(EffectQueuePolicy.oldest(3, whenFull: .suspendNew).checked.problem == nil)
  }
}
