extension Recording {
  /// The recording from step `count + 1` on: its initial state is the state after step
  /// `count`, and its steps are numbered from 1 again. What a recorder with a `maxAge` keeps.
  ///
  /// An action an effect delivered whose cause was dropped has no cause, and the effects of the
  /// dropped steps are dropped with them. The steps keep their times; snapshots that fall on a
  /// multiple of the snapshot interval in the new numbering are kept (all of them when `count`
  /// is a multiple of it).
  ///
  /// ```swift
  /// let lastTen = try recording.droppingFirst(recording.steps.count - 10)
  /// ```
  ///
  /// - Parameter count: How many steps to drop, from 0 to the number of steps.
  /// - Returns: The rest of the recording.
  /// - Throws: ``RecordingError/noSuchStep(_:)`` when `count` is out of range, or an error
  ///   rebuilding the state after step `count`.
  public func droppingFirst(_ count: Int) throws -> Recording {
    guard (0...steps.count).contains(count) else { throw RecordingError.noSuchStep(count) }
    func renumbered(_ number: Int) -> Int? {
      number > count ? number - count : nil
    }
    let newSteps = steps[count...].map { recorded in
      recorded.renumbered(as: recorded.number - count, changes: recorded.changes, by: renumbered)
    }
    return try Recording(
      initialTree: tree(at: count), snapshotInterval: snapshotInterval, steps: newSteps,
      effects: effects(renumberedBy: renumbered),
      snapshots: Dictionary(
        uniqueKeysWithValues: snapshots.compactMap { step, tree in
          renumbered(step).flatMap { $0 % snapshotInterval == 0 ? ($0, tree) : nil }
        }),
      placedLines: placedLines(renumberedBy: renumbered) { $0 - count },
      issues: issues)
  }
}
