import Synchronization

/// Runs the effects of one root store: it owns their tasks, their keys and the store's clock.
///
/// The runtime never references the store, so effects never keep a store alive. When the store
/// is deinitialized it calls ``close()``, which cancels every effect that is not detached.
final class EffectRuntime: Sendable {
  private struct Entry {
    let task: Task<Void, Never>
    let lifetime: EffectLifetime
    let tracker: EffectTracker?
  }

  private struct State {
    var nextID: UInt64 = 0
    var tasks: [UInt64: Entry] = [:]
    var keyed: [EffectKey: UInt64] = [:]
    var isClosed = false
    var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void = EffectRuntime.writeDiagnostic
  }

  let clock: any Clock<Duration>
  private let state = Mutex(State())

  init(clock: any Clock<Duration>) {
    self.clock = clock
  }

  static let writeDiagnostic: @Sendable (StoreDiagnostic) -> Void = { diagnostic in
    writeToStandardError(diagnostic.description)
  }

  var diagnosticHandler: @Sendable (StoreDiagnostic) -> Void {
    get { state.withLock { $0.diagnosticHandler } }
    set { state.withLock { $0.diagnosticHandler = newValue } }
  }

  func report(_ diagnostic: StoreDiagnostic) {
    diagnosticHandler(diagnostic)
  }

  /// The number of effect tasks that have not finished yet.
  var runningCount: Int {
    state.withLock { $0.tasks.count }
  }

  /// Starts `work` in a task of its own, registered under `lifetime`.
  ///
  /// A replaceable effect cancels the task already registered under its key. After the store is
  /// gone, only detached work still starts.
  func spawn(
    lifetime: EffectLifetime,
    priority: TaskPriority?,
    tracker: EffectTracker?,
    work: @escaping @Sendable () async -> Void
  ) {
    if tracker?.isCancelled == true { return }
    tracker?.begin()
    let replaced = state.withLock { state -> Task<Void, Never>? in
      guard !state.isClosed || lifetime == .detached else {
        tracker?.end()
        return nil
      }
      let id = state.nextID
      state.nextID += 1
      var replaced: Task<Void, Never>?
      if case .replaceable(let key) = lifetime.kind {
        if let old = state.keyed.updateValue(id, forKey: key) {
          replaced = state.tasks[old]?.task
        }
      }
      let task = Task(priority: priority) { [clock] in
        await EffectContext.$clock.withValue(clock) {
          await work()
        }
        self.remove(id)
        tracker?.end()
      }
      state.tasks[id] = Entry(task: task, lifetime: lifetime, tracker: tracker)
      return replaced
    }
    replaced?.cancel()
  }

  private func remove(_ id: UInt64) {
    state.withLock { state in
      let entry = state.tasks.removeValue(forKey: id)
      if case .replaceable(let key) = entry?.lifetime.kind, state.keyed[key] == id {
        state.keyed.removeValue(forKey: key)
      }
    }
  }

  /// Cancels the effect registered under `key`, if any.
  func cancel(_ key: EffectKey) {
    let task = state.withLock { state -> Task<Void, Never>? in
      guard let id = state.keyed.removeValue(forKey: key) else { return nil }
      return state.tasks[id]?.task
    }
    task?.cancel()
  }

  func cancelTasks(trackedBy tracker: EffectTracker) {
    let tasks = state.withLock { state in
      state.tasks.values.filter { $0.tracker === tracker }.map(\.task)
    }
    for task in tasks { task.cancel() }
  }

  /// Called when the store is deinitialized: cancels every effect that is not detached.
  func close() {
    let tasks = state.withLock { state in
      state.isClosed = true
      state.keyed.removeAll()
      return state.tasks.values.filter { $0.lifetime != .detached }.map(\.task)
    }
    for task in tasks { task.cancel() }
  }
}
