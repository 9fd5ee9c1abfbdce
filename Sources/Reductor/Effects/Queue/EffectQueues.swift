/// The queues of one store's effects, by key: which of their effects hold a place, which wait
/// for one, and when each may start; a pure state machine inside ``EffectTable``, with times
/// given as durations since the runtime started.
///
/// A queue runs by one policy, the one of the effect that made it (or that arrived when it was
/// empty). A member of a queue is the task of one effect, by its id in the effect table, from the
/// effect's arrival until it ends or leaves. Its task exists from the arrival on, so that it is
/// counted and cancelled as any task of the table is; until the queue lets it start, it waits in
/// ``EffectRuntime/takeTurn(_:in:)``: for a place (*suspended*), or, with a place, for its turn
/// to start (*due*), a delay after the previous start, in the order the members got their
/// places. A member that started is *running*; once its task finished while actions it delivered
/// wait to be reduced, *delivering*: it keeps its place until they are (see ``EffectGate``), so
/// that a newer effect of a `newest` queue drops them, and the next effect of an `oldest` one
/// starts after they are reduced.
///
/// ```
/// arrival ─▶ suspended ─(a place frees)─▶ due ─(its turn)─▶ running ─▶ delivering ─▶ gone
///    │                                     ▲                   │
///    └─────(a place, and its turn)─────────┴───────────────────┘
/// ```
///
/// Each event returns the ``Changes`` the table carries out once the lock is released: the
/// tasks of members that left to cancel, the gates of delivering ones to close, and the waiting
/// tasks to resume, which then ask again whether their turn came. A waiting member keeps the
/// continuation of its task, if the task attached one; whoever takes the member out of its
/// queue resumes it, so that it is resumed once.
struct EffectQueues {
  /// The continuation of a task that waits in its queue. A class, so that a member's layout is
  /// known when this module is compiled: a continuation's is not (it comes from a resilient
  /// library), and every copy of a member would go through run-time witnesses.
  final class Waiter: Sendable {
    private let continuation: CheckedContinuation<Void, Never>

    init(_ continuation: CheckedContinuation<Void, Never>) {
      self.continuation = continuation
    }

    /// Resumes the waiting task.
    func resume() {
      continuation.resume()
    }
  }

  /// Where a member stands; each case carries what is valid in that phase.
  enum Phase {
    /// Waits for a place, with its task's continuation once attached.
    case suspended(Waiter?)
    /// Holds a place and waits for its turn to start, with its task's continuation once
    /// attached; nil while it sleeps until its turn.
    case due(Waiter?)
    /// Started.
    case running
    /// Its task finished while the actions it delivered wait to be reduced, behind `gate`.
    case delivering(EffectGate)
  }

  /// The effect of one task in a queue.
  struct Member {
    let id: UInt64
    var phase: Phase
  }

  /// What the effect table does after an event, outside its lock.
  struct Changes {
    /// The tasks of members that left their queue (displaced, or their queue cancelled), to
    /// cancel.
    var cancelled: [UInt64] = []
    /// The gates of delivering members that left, to close: their actions are dropped.
    var closed: [EffectGate] = []
    /// The continuations of waiting tasks whose turn may have come, or that left.
    var resumed: [Waiter] = []
  }

  /// What ``arrive(_:in:policy:at:)`` decided.
  enum Arrival: Equatable {
    /// The effect starts at once.
    case starts
    /// The effect waits for a place, or for its turn.
    case waits
    /// The queue is full and discards new effects: the effect never runs.
    case discarded
  }

  /// What a waiting task does next (``turn(of:in:at:)``).
  enum Turn: Equatable {
    /// Start the effect.
    case start
    /// Sleep until the deadline, then ask again: the member is the next to start.
    case sleep(until: Duration)
    /// Wait for a resume, then ask again: the member waits for a place, or for the members due
    /// before it to start.
    case wait
    /// Do not start: the member left its queue.
    case gone
  }

  private struct Queue {
    /// The policy the queue runs by (checked: a count of at least one, no negative delay).
    var policy: EffectQueuePolicy
    /// The members that hold a place, in the order they got it.
    var placed: [Member] = []
    /// The members waiting for a place, in the order they arrived (a slice, so that taking the
    /// first costs nothing).
    var suspended: ArraySlice<Member> = []
    /// When the latest member started.
    var lastStart: Duration?

    var isEmpty: Bool {
      placed.isEmpty && suspended.isEmpty
    }

    /// The index in `placed` of the first due member, the next to start.
    var nextDue: Int? {
      placed.firstIndex { if case .due = $0.phase { true } else { false } }
    }

    /// When the next member may start, by the policy's delay.
    var earliestStart: Duration? {
      lastStart.map { $0 + policy.delay }
    }
  }

  /// When a queue that is empty may forget its latest start: the end of its delay.
  private struct Forgetting: Comparable {
    let deadline: Deadline
    let key: EffectKey

    static func < (lhs: Forgetting, rhs: Forgetting) -> Bool {
      lhs.deadline < rhs.deadline
    }
  }

  private var queues: [EffectKey: Queue] = [:]
  /// The ends of the delays of the latest starts, for forgetting empty queues; entries of queues
  /// that started again, or that are not empty, are skipped.
  private var forgettings = Heap<Forgetting>()
  private var nextForgetting: UInt64 = 0

  /// The number of queues kept: those with members, and empty ones whose latest start's delay
  /// has not passed.
  var count: Int {
    queues.count
  }

  /// The keys of the queues kept.
  var keys: [EffectKey] {
    Array(queues.keys)
  }

  /// Whether task `id` is a member of `key`'s queue that waits to start.
  func isWaiting(_ id: UInt64, in key: EffectKey) -> Bool {
    guard let queue = queues[key] else { return false }
    if queue.suspended.contains(where: { $0.id == id }) { return true }
    return queue.placed.contains { member in
      if member.id == id, case .due = member.phase { true } else { false }
    }
  }

  // MARK: - Events

  /// The effect of task `id` arrives in `key`'s queue at `now`. A queue that holds effects keeps
  /// its policy, which it returns as `kept` when it is not `policy`; an empty one takes `policy`
  /// (checked: a count of at least one, no negative delay). A `newest` queue that holds `count`
  /// effects lets the oldest go; an `oldest` one keeps the new effect waiting for a place, or
  /// discards it. With a place, the effect starts at once when no member is due before it and
  /// the delay since the latest start has passed; otherwise it is due.
  mutating func arrive(
    _ id: UInt64, in key: EffectKey, policy: EffectQueuePolicy, at now: Duration
  ) -> (arrival: Arrival, changes: Changes, kept: EffectQueuePolicy?) {
    forgetQueues(quietBy: now)
    // In place: a queue is never empty after an arrival, so it is kept.
    return Self.arrive(id, in: &queues[key, default: Queue(policy: policy)], policy, at: now)
  }

  private static func arrive(
    _ id: UInt64, in queue: inout Queue, _ policy: EffectQueuePolicy, at now: Duration
  ) -> (arrival: Arrival, changes: Changes, kept: EffectQueuePolicy?) {
    var kept: EffectQueuePolicy?
    if queue.isEmpty {
      queue.policy = policy
    } else if queue.policy != policy {
      kept = queue.policy
    }
    var changes = Changes()
    let arrival: Arrival
    switch queue.policy.keeps {
    case .newest:
      while queue.placed.count >= queue.policy.count {
        remove(queue.placed.removeFirst(), into: &changes)
      }
      arrival = place(id, in: &queue, at: now)
    case .oldest(let overflow):
      if queue.placed.count < queue.policy.count, queue.suspended.isEmpty {
        arrival = place(id, in: &queue, at: now)
      } else if overflow == .suspendNew {
        queue.suspended.append(Member(id: id, phase: .suspended(nil)))
        arrival = .waits
      } else {
        return (.discarded, changes, kept)
      }
    }
    wakeNextDue(in: &queue, into: &changes)
    return (arrival, changes, kept)
  }

  /// Task `id` of `key`'s queue asks, at `now`, whether it may start. The first due member
  /// whose turn came starts; the next due one then learns when its own turn is.
  mutating func turn(
    of id: UInt64, in key: EffectKey, at now: Duration
  ) -> (turn: Turn, changes: Changes) {
    update(key) { queue in
      guard let index = queue.placed.firstIndex(where: { $0.id == id }) else {
        let suspended = queue.suspended.contains { $0.id == id }
        return (suspended ? .wait : .gone, Changes())
      }
      guard case .due = queue.placed[index].phase else { return (.start, Changes()) }
      guard index == queue.nextDue else { return (.wait, Changes()) }
      if let earliest = queue.earliestStart, earliest > now {
        return (.sleep(until: earliest), Changes())
      }
      queue.placed[index].phase = .running
      queue.lastStart = now
      var changes = Changes()
      Self.wakeNextDue(in: &queue, into: &changes)
      return (.start, changes)
    } ?? (.gone, Changes())
  }

  /// Task `id` of `key`'s queue waits for a resume: keeps `waiter` and returns true when the
  /// member still waits, so that the next change that concerns it resumes the task; returns
  /// false when the task is to ask again at once (it may start, its turn came, or it left).
  mutating func wait(_ id: UInt64, in key: EffectKey, with waiter: Waiter) -> Bool {
    update(key) { queue in
      if let index = queue.suspended.firstIndex(where: { $0.id == id }) {
        queue.suspended[index].phase = .suspended(waiter)
      } else if let index = queue.placed.firstIndex(where: { $0.id == id }),
        case .due = queue.placed[index].phase, index != queue.nextDue
      {
        queue.placed[index].phase = .due(waiter)
      } else {
        return false
      }
      return true
    } ?? false
  }

  /// Task `id`, waiting in `key`'s queue, leaves it (it was cancelled while it waited, or its
  /// sleep failed): its place, if it had one, goes to the next member waiting for one. A member
  /// that started does not leave this way.
  mutating func leave(_ id: UInt64, in key: EffectKey) -> Changes {
    update(key) { queue in
      var changes = Changes()
      if let index = queue.suspended.firstIndex(where: { $0.id == id }) {
        Self.remove(queue.suspended.remove(at: index), into: &changes, cancelling: false)
      } else if let index = queue.placed.firstIndex(where: { $0.id == id }),
        case .due = queue.placed[index].phase
      {
        Self.remove(queue.placed.remove(at: index), into: &changes, cancelling: false)
        Self.admitSuspended(in: &queue)
      } else {
        return changes
      }
      Self.wakeNextDue(in: &queue, into: &changes)
      return changes
    } ?? Changes()
  }

  /// Task `id` of `key`'s queue ended. A member that ran and whose actions wait to be reduced
  /// behind `delivering` keeps its place until they are (``release(_:in:)``); any other member
  /// gives its place to the next member waiting for one.
  mutating func finish(_ id: UInt64, in key: EffectKey, delivering: EffectGate?) -> Changes {
    update(key) { queue in
      var changes = Changes()
      if let index = queue.placed.firstIndex(where: { $0.id == id }) {
        if case .running = queue.placed[index].phase, let delivering {
          queue.placed[index].phase = .delivering(delivering)
          return changes
        }
        Self.remove(queue.placed.remove(at: index), into: &changes, cancelling: false)
        Self.admitSuspended(in: &queue)
      } else if let index = queue.suspended.firstIndex(where: { $0.id == id }) {
        Self.remove(queue.suspended.remove(at: index), into: &changes, cancelling: false)
      } else {
        return changes
      }
      Self.wakeNextDue(in: &queue, into: &changes)
      return changes
    } ?? Changes()
  }

  /// The last action the delivering member behind `gate` delivered was reduced or dropped: its
  /// place goes to the next member waiting for one.
  mutating func release(_ gate: EffectGate, in key: EffectKey) -> Changes {
    update(key) { queue in
      var changes = Changes()
      guard
        let index = queue.placed.firstIndex(where: { member in
          if case .delivering(let delivering) = member.phase { delivering === gate } else { false }
        })
      else { return changes }
      queue.placed.remove(at: index)
      Self.admitSuspended(in: &queue)
      Self.wakeNextDue(in: &queue, into: &changes)
      return changes
    } ?? Changes()
  }

  /// Takes out every member of `key`'s queue, and forgets the queue, its latest start with it.
  mutating func cancel(_ key: EffectKey) -> Changes {
    var changes = Changes()
    // Without a queue, no lookup: a replaceable start and a debounce call this for their key.
    guard !queues.isEmpty, let queue = queues.removeValue(forKey: key) else { return changes }
    for member in queue.placed + queue.suspended { Self.remove(member, into: &changes) }
    return changes
  }

  /// Takes out the members whose tasks `picks` picks, running or waiting, in every queue (the
  /// caller cancels those tasks): their places go to the members waiting for one that it does
  /// not pick.
  mutating func remove(where picks: (UInt64) -> Bool) -> Changes {
    var changes = Changes()
    for key in keys {
      update(key) { queue in
        let before = queue.placed.count + queue.suspended.count
        // Their tasks are the ones the table cancels.
        for member in queue.placed + queue.suspended where picks(member.id) {
          Self.remove(member, into: &changes, cancelling: false)
        }
        queue.placed.removeAll { picks($0.id) }
        queue.suspended.removeAll { picks($0.id) }
        guard queue.placed.count + queue.suspended.count < before else { return }
        Self.admitSuspended(in: &queue)
        Self.wakeNextDue(in: &queue, into: &changes)
      }
    }
    return changes
  }

  /// Takes out every member of every queue (the caller cancels their tasks), and forgets them
  /// all.
  mutating func removeAll() -> Changes {
    var changes = Changes()
    for queue in queues.values {
      for member in queue.placed + queue.suspended {
        Self.remove(member, into: &changes, cancelling: false)
      }
    }
    self = EffectQueues()
    return changes
  }

  // MARK: - Places and turns

  /// Gives task `id` a place: it starts at once when no member is due before it and the delay
  /// since the latest start has passed, and is due otherwise.
  private static func place(_ id: UInt64, in queue: inout Queue, at now: Duration) -> Arrival {
    guard queue.nextDue == nil, (queue.earliestStart ?? now) <= now else {
      queue.placed.append(Member(id: id, phase: .due(nil)))
      return .waits
    }
    queue.placed.append(Member(id: id, phase: .running))
    queue.lastStart = now
    return .starts
  }

  /// Gives the places free to the members waiting for one, first come first placed; each is
  /// due, and starts in its turn.
  private static func admitSuspended(in queue: inout Queue) {
    while let first = queue.suspended.first, queue.placed.count < queue.policy.count {
      queue.suspended.removeFirst()
      guard case .suspended(let waiter) = first.phase else {
        preconditionFailure("A queue's member waiting for a place is \(first.phase)")
      }
      queue.placed.append(Member(id: first.id, phase: .due(waiter)))
    }
  }

  /// Resumes the first due member's task, if it waits for a resume: its turn is next, and it
  /// learns when.
  private static func wakeNextDue(in queue: inout Queue, into changes: inout Changes) {
    guard let index = queue.nextDue, case .due(let waiter?) = queue.placed[index].phase else {
      return
    }
    queue.placed[index].phase = .due(nil)
    changes.resumed.append(waiter)
  }

  /// Notes what to do about `member`, which left its queue: resume its task if it waits, cancel
  /// it (unless it leaves by itself, `cancelling: false`), or drop the actions it delivered.
  private static func remove(
    _ member: Member, into changes: inout Changes, cancelling: Bool = true
  ) {
    switch member.phase {
    case .suspended(let waiter), .due(let waiter):
      if let waiter { changes.resumed.append(waiter) }
      if cancelling { changes.cancelled.append(member.id) }
    case .running:
      if cancelling { changes.cancelled.append(member.id) }
    case .delivering(let gate):
      changes.closed.append(gate)
    }
  }

  /// Runs `body` on `key`'s queue, in place; nil when there is none. A queue that `body`
  /// empties is forgotten, unless the next start is to wait for the delay of its latest start:
  /// then it is kept until that delay has passed, and forgotten at the first arrival after that
  /// (in any queue).
  private mutating func update<Result>(
    _ key: EffectKey, _ body: (inout Queue) -> Result
  ) -> Result? {
    guard let index = queues.index(forKey: key) else { return nil }
    // What the queue's fate needs is read in place: a queue read out of the dictionary is a copy.
    var emptied = false
    var quiet: Duration?
    func run(_ queue: inout Queue) -> Result {
      let wasEmpty = queue.isEmpty
      let result = body(&queue)
      emptied = !wasEmpty && queue.isEmpty
      quiet = queue.policy.delay > .zero ? queue.earliestStart : nil
      return result
    }
    let result = run(&queues.values[index])
    guard emptied else { return result }
    if let quiet {
      forgettings.push(Forgetting(deadline: Deadline(time: quiet, id: nextForgetting), key: key))
      nextForgetting += 1
    } else {
      queues.remove(at: index)
    }
    return result
  }

  /// Forgets the empty queues whose latest start's delay has passed by `now`.
  private mutating func forgetQueues(quietBy now: Duration) {
    while let first = forgettings.min, first.deadline.time <= now {
      forgettings.popMin()
      guard let queue = queues[first.key], queue.isEmpty,
        let quiet = queue.earliestStart, quiet <= now
      else { continue }
      queues.removeValue(forKey: first.key)
    }
  }
}
